import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaqItem } from '../../shared/generations.ts';
import { renderGenerate } from '../../../tests/helpers/render-generate.tsx';
import {
  generationRecord,
  json,
  serveApi,
  type RecordedRequest,
} from '../../../tests/helpers/web-backend.ts';
import {
  ANSWER_SAVE_DELAY_MS,
  UNSAVED_EDITS_CONFIRMATION,
} from '../features/generation/hooks/use-answer-edits.ts';

const ID = 'faq_done_1';
const recordPath = `/api/generations/${ID}`;

const item = (question: string, answer: string, extra: Partial<FaqItem> = {}): FaqItem => ({
  question,
  answer,
  answerSource: 'ai_direct',
  approved: true,
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/generate answer edits', () => {
  it('saves an edited answer, marks it 編集済み, and asks before leaving with unsaved edits', async () => {
    const user = userEvent.setup();
    let record = generationRecord({
      id: ID,
      items: [item('営業時間は？', '午前9時から午後6時までです。')],
    });
    const patches: RecordedRequest[] = [];
    serveApi((request) => {
      if (request.method === 'GET' && request.path === recordPath) return json(200, record);
      if (request.method === 'PATCH' && request.path === `${recordPath}/items/0`) {
        patches.push(request);
        const { answer } = request.body as { answer: string };
        const saved = { ...record.items[0]!, answer: answer.trim(), edited: true };
        record = { ...record, items: [saved] };
        return json(200, saved);
      }
    });
    const router = renderGenerate(`/generate?draft=${ID}`);
    const answer = await screen.findByRole('textbox', { name: 'A1' });
    expect(screen.queryByText('編集済み')).toBeNull();

    await user.clear(answer);
    await user.type(answer, '平日は午前10時からです。');
    // Leaving before the save asks first; staying keeps the page.
    await user.click(screen.getByRole('link', { name: 'アップグレード' }));
    const question = await screen.findByRole('alertdialog', { name: UNSAVED_EDITS_CONFIRMATION });
    await user.click(within(question).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/generate');

    await user.tab();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ answer: '平日は午前10時からです。' });
    expect(await screen.findByText('編集済み')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('保存中…')).toBeNull());

    // Everything saved: leaving no longer asks.
    await user.click(screen.getByRole('link', { name: 'アップグレード' }));
    expect(await screen.findByRole('heading', { name: '料金プラン' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('warns the browser before unloading while an edit is unsaved', async () => {
    const user = userEvent.setup();
    const record = generationRecord({ id: ID, items: [item('営業時間は？', '9時からです。')] });
    serveApi((request) => {
      if (request.method === 'GET' && request.path === recordPath) return json(200, record);
      // The save never answers: the edit stays unsaved.
      if (request.method === 'PATCH') return new Promise<Response>(() => undefined);
    });
    renderGenerate(`/generate?draft=${ID}`);
    const answer = await screen.findByRole('textbox', { name: 'A1' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(answer, '追記');
    expect(unload()).toBe(true);
  });

  it('a regenerated answer is not overwritten by an earlier edit that failed to save', async () => {
    const user = userEvent.setup();
    const record = generationRecord({ id: ID, items: [item('営業時間は？', '9時からです。')] });
    const api = serveApi((request) => {
      if (request.method === 'GET' && request.path === recordPath) return json(200, record);
      if (request.method === 'PATCH')
        return json(503, { error: { message: '一時的に保存できません', status: 503 } });
      if (request.method === 'POST' && request.path === `${recordPath}/items/0/regenerate`)
        return json(200, item('営業時間は？', '午前9時から午後6時まで営業しています。'));
    });
    renderGenerate(`/generate?draft=${ID}`);
    const answer = await screen.findByRole('textbox', { name: 'A1' });
    await user.type(answer, '追記');
    // Leaving the field tries to save; the failure keeps the edit unsaved.
    await user.click(screen.getByRole('button', { name: 'この回答を再生成（1クレジット）' }));
    await waitFor(() => expect(answer).toHaveValue('午前9時から午後6時まで営業しています。'));
    const patches = () => api.requests.filter((request) => request.method === 'PATCH').length;
    const tried = patches();
    expect(tried).toBe(1);
    await user.click(answer);
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, ANSWER_SAVE_DELAY_MS + 200));
    expect(patches()).toBe(tried);
    expect(screen.queryByText('保存中…')).toBeNull();
  });
});
