import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_STEPS } from '../../shared/generations.ts';
import {
  FakeRealtimeSocket,
  generationRecord,
  json,
  serveApi,
} from '../../../tests/helpers/web-backend.ts';
import { renderGenerate } from '../../../tests/helpers/render-generate.tsx';

const ID = 'faq_focus_1';
const recordPath = `/api/generations/${ID}`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/generate moves focus with its stages', () => {
  it('form → questions → results → new form: each new stage’s heading takes focus', async () => {
    const user = userEvent.setup();
    let record = generationRecord({
      id: ID,
      status: 'generating',
      stage: 'fetching',
      progress: 10,
      message: PROGRESS_STEPS.fetchingUrl.message,
    });
    serveApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/generations') return json(202, { id: ID });
      if (method === 'GET' && path === recordPath) return json(200, record);
      if (method === 'POST' && path === `${recordPath}/answers`) {
        record = { ...record, stage: 'answering', progress: 70, message: '回答を生成中...' };
        return json(202, { id: ID, reused: false });
      }
    });
    renderGenerate('/generate');
    await user.type(await screen.findByLabelText('WebサイトのURL'), 'https://example.jp/');
    await user.click(screen.getByRole('button', { name: '質問を生成する' }));
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(true));

    record = {
      ...record,
      stage: 'questions_ready',
      progress: 40,
      message: PROGRESS_STEPS.questionsReady.message,
      questions: ['営業時間は？', '駐車場は？'],
      questionSources: [null, null],
    };
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'generating',
      stage: 'questions_ready',
      progress: 40,
      message: record.message,
    });
    const questionsHeading = await screen.findByRole('heading', { name: '質問を選んでください' });
    await waitFor(() => expect(questionsHeading).toHaveFocus());

    const list = screen.getByRole('list', { name: '生成された質問' });
    await user.click(within(list).getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: /選択した質問の回答を作成（1件）/ }));
    await waitFor(() => expect(screen.getByTestId('progress-message')).toBeInTheDocument());
    record = {
      ...record,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message: 'FAQの生成が完了しました',
      items: [
        {
          question: '営業時間は？',
          answer: '午前9時から午後6時までです。',
          answerSource: 'ai_direct',
          approved: true,
        },
      ],
      creditsUsed: 1,
    };
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message: record.message,
    });
    const resultsHeading = await screen.findByRole('heading', { name: '作成したFAQ' });
    await waitFor(() => expect(resultsHeading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: /新規作成/ }));
    const pageHeading = await screen.findByRole('heading', { name: 'FAQ生成', level: 1 });
    await waitFor(() => expect(pageHeading).toHaveFocus());
  });

  it('opening a record does not take focus, and 戻る from its questions focuses the form’s heading', async () => {
    const user = userEvent.setup();
    const record = generationRecord({
      id: ID,
      status: 'generating',
      stage: 'questions_ready',
      progress: 40,
      message: PROGRESS_STEPS.questionsReady.message,
      questions: ['営業時間は？'],
      questionSources: [null],
    });
    serveApi(({ method, path }) => {
      if (method === 'GET' && path === recordPath) return json(200, record);
    });
    renderGenerate(`/generate?draft=${ID}`);
    await screen.findByRole('list', { name: '生成された質問' });
    expect(screen.getByRole('heading', { name: '質問を選んでください' })).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: /戻る/ }));
    const pageHeading = await screen.findByRole('heading', { name: 'FAQ生成', level: 1 });
    await waitFor(() => expect(pageHeading).toHaveFocus());
  });
});
