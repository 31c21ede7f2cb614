import { cleanup, screen, waitFor, within } from '@testing-library/react';
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

  it('rewords a question: checked in Japanese, saved on 保存 with the answer left alone, shown at once', async () => {
    const user = userEvent.setup();
    let record = generationRecord({
      id: ID,
      items: [item('営業時間は？', '9時からです。'), item('駐車場は？', '5台あります。')],
    });
    const patches: RecordedRequest[] = [];
    serveApi((request) => {
      if (request.method === 'GET' && request.path === recordPath) return json(200, record);
      if (request.method === 'PATCH' && request.path === `${recordPath}/items/1`) {
        patches.push(request);
        const { question } = request.body as { question: string };
        const saved = { ...record.items[1]!, question, edited: true };
        record = { ...record, items: [record.items[0]!, saved] };
        return json(200, saved);
      }
    });
    renderGenerate(`/generate?draft=${ID}`);
    const list = await screen.findByRole('list', { name: '作成したFAQ' });
    await user.click(await within(list).findByRole('button', { name: 'Q2の質問を編集' }));
    const field = screen.getByLabelText('Q2の質問');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('駐車場は？');

    const form = screen.getByRole('form', { name: 'Q2の質問の編集' });
    await user.clear(field);
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('質問を入力してください');
    expect(patches).toHaveLength(0);

    await user.type(field, '駐車場はありますか');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(list).findByText('Q2. 駐車場はありますか')).toBeInTheDocument();
    expect(patches.map((request) => request.body)).toEqual([{ question: '駐車場はありますか' }]);
    expect(screen.queryByLabelText('Q2の質問')).toBeNull();
    expect(within(list).getByRole('button', { name: 'Q2の質問を編集' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'A2' })).toHaveValue('5台あります。');
    expect(within(list).getByText('編集済み')).toBeInTheDocument();
    expect(within(list).getByText('Q1. 営業時間は？')).toBeInTheDocument();
  });

  it('keeps 承認 on the record: unchecked, it stays unchecked after a reload; a refused save puts it back', async () => {
    const user = userEvent.setup();
    let record = generationRecord({
      id: ID,
      items: [item('営業時間は？', '9時からです。'), item('駐車場は？', '5台あります。')],
    });
    let refuse = false;
    const patches: RecordedRequest[] = [];
    serveApi((request) => {
      if (request.method === 'GET' && request.path === recordPath) return json(200, record);
      if (request.method === 'PATCH' && request.path.startsWith(`${recordPath}/items/`)) {
        patches.push(request);
        if (refuse) return json(503, { error: { message: '一時的に保存できません', status: 503 } });
        const index = Number(request.path.split('/').at(-1));
        const { approved } = request.body as { approved: boolean };
        const saved = { ...record.items[index]!, approved };
        record = {
          ...record,
          items: record.items.map((entry, at) => (at === index ? saved : entry)),
        };
        return json(200, saved);
      }
    });
    renderGenerate(`/generate?draft=${ID}`);
    const second = await screen.findByRole('checkbox', { name: 'Q2を承認' });
    expect(second).toBeChecked();
    await user.click(second);
    expect(second).not.toBeChecked();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.path).toBe(`${recordPath}/items/1`);
    expect(patches[0]!.body).toEqual({ approved: false });

    // A reload reads the record again: the choice is still there.
    cleanup();
    renderGenerate(`/generate?draft=${ID}`);
    const again = await screen.findByRole('checkbox', { name: 'Q2を承認' });
    expect(again).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Q1を承認' })).toBeChecked();

    refuse = true;
    await user.click(screen.getByRole('checkbox', { name: 'Q1を承認' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Q1を承認' })).toBeChecked());
  });
});
