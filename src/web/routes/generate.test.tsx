import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCELLED_MESSAGE,
  PROGRESS_STEPS,
  type FaqItem,
  type Generation,
} from '../../shared/generations.ts';
import {
  FakeRealtimeSocket,
  generationRecord,
  json,
  serveApi,
  type RecordedRequest,
} from '../../../tests/helpers/web-backend.ts';
import { renderGenerate } from '../../../tests/helpers/render-generate.tsx';
import {
  EMAIL_NOT_CONFIRMED,
  MODEL_NEEDS_CONFIRMED_EMAIL,
  QUESTION_REGENERATIONS_PER_DAY_REACHED,
} from '../../shared/model-use.ts';
import { GENERATION_POLL_MS } from '../features/generation/api/watch-generation.ts';

const ID = 'faq_draft_1';
const recordPath = `/api/generations/${ID}`;

const draft = (questions: string[], overrides: Partial<Generation> = {}) =>
  generationRecord({
    id: ID,
    status: 'generating',
    stage: 'questions_ready',
    progress: 40,
    message: PROGRESS_STEPS.questionsReady.message,
    questions,
    questionSources: questions.map(() => null),
    ...overrides,
  });

const item = (question: string, answer: string, extra: Partial<FaqItem> = {}): FaqItem => ({
  question,
  answer,
  answerSource: 'ai_direct',
  approved: true,
  ...extra,
});

const questionList = () => screen.findByRole('list', { name: '生成された質問' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/generate runs', () => {
  it('opens a draft (?draft=) at its questions and 再生成 replaces them on the same record', async () => {
    const user = userEvent.setup();
    let record = draft(['営業時間は？', '駐車場は？']);
    const api = serveApi(({ method, path }) => {
      if (method === 'GET' && path === recordPath) return json(200, record);
      if (method === 'POST' && path === `${recordPath}/questions/regenerate`) {
        record = {
          ...record,
          stage: 'fetching',
          progress: 10,
          message: 'URLからコンテンツを取得中...',
        };
        return json(202, { id: ID, reused: false });
      }
    });
    renderGenerate(`/generate?draft=${ID}`);
    expect(await within(await questionList()).findByText(/営業時間は？/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('質問の選択');

    await user.click(screen.getByRole('button', { name: '再生成' }));
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(true));
    expect(await screen.findByTestId('progress-message')).toHaveTextContent(
      'URLからコンテンツを取得中...',
    );
    // Crawling can be stopped.
    expect(screen.getByRole('button', { name: '中止' })).toBeEnabled();
    // Every step of the question phase shows its own text and percent.
    for (const step of [
      PROGRESS_STEPS.fetchingUrl,
      { progress: 15, message: 'ページを取得中...（3/6）' },
      PROGRESS_STEPS.readingText,
      PROGRESS_STEPS.preparingCategory,
      PROGRESS_STEPS.analysing,
      PROGRESS_STEPS.questions,
    ]) {
      FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
        id: ID,
        status: 'generating',
        stage: 'fetching',
        ...step,
      });
      await waitFor(() =>
        expect(screen.getByTestId('progress-message')).toHaveTextContent(step.message),
      );
      expect(screen.getByRole('progressbar', { name: '進捗' })).toHaveAttribute(
        'aria-valuenow',
        String(step.progress),
      );
    }
    record = draft(['予約は必要ですか？', '支払い方法は？', '返品できますか？']);
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'generating',
      stage: 'questions_ready',
      progress: 40,
      message: record.message,
    });
    const list = await questionList();
    expect(await within(list).findByText(/予約は必要ですか？/)).toBeInTheDocument();
    expect(within(list).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(list).queryByText(/営業時間は？/)).toBeNull();
    // The same record: no new generation was created.
    expect(api.count('POST', '/api/generations')).toBe(0);
    expect(api.count('POST', `${recordPath}/questions/regenerate`)).toBe(1);
  });

  it('shows each pushed step as it arrives without reading the record, and 中止 keeps what was made', async () => {
    const user = userEvent.setup();
    let record = draft(['営業時間は？', '駐車場は？', '予約は？']);
    const answers: RecordedRequest[] = [];
    const api = serveApi(({ method, path, ...request }) => {
      if (method === 'GET' && path === recordPath) return json(200, record);
      if (method === 'POST' && path === `${recordPath}/answers`) {
        answers.push({ method, path, ...request });
        record = { ...record, stage: 'answering', progress: 70, message: '回答を生成中...' };
        return json(202, { id: ID, reused: false });
      }
      if (method === 'POST' && path === `${recordPath}/cancel`)
        return json(202, { id: ID, cancelRequested: true });
    });
    renderGenerate(`/generate?draft=${ID}`);
    const list = await questionList();
    await user.click(within(list).getAllByRole('checkbox')[0]!);
    await user.click(within(list).getAllByRole('checkbox')[1]!);
    await user.click(screen.getByRole('button', { name: /選択した質問の回答を作成（2件）/ }));
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(true));
    await waitFor(() => expect(api.count('GET', recordPath)).toBe(2));

    // One fresh Idempotency-Key for the click.
    expect(answers).toHaveLength(1);
    expect(answers[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(answers[0]!.body).toEqual({ questions: ['営業時間は？', '駐車場は？'] });

    for (const { progress, message } of [
      PROGRESS_STEPS.answersStarted,
      PROGRESS_STEPS.answering,
      { progress: 85, message: '回答を生成中...（1/2）' },
      PROGRESS_STEPS.finishing,
    ]) {
      FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
        id: ID,
        status: 'generating',
        stage: 'answering',
        progress,
        message,
      });
      // Two steps can share a message, so the push counts as shown when both have arrived.
      await waitFor(() => {
        expect(screen.getByTestId('progress-message')).toHaveTextContent(message);
        expect(screen.getByRole('progressbar', { name: '進捗' })).toHaveAttribute(
          'aria-valuenow',
          String(progress),
        );
      });
    }
    // Pushes are shown as they are: the record was not read again for them.
    expect(api.count('GET', recordPath)).toBe(2);

    await user.click(screen.getByRole('button', { name: '中止' }));
    expect(await screen.findByRole('button', { name: '中止しています…' })).toBeDisabled();
    expect(api.count('POST', `${recordPath}/cancel`)).toBe(1);
    record = {
      ...record,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message: `${CANCELLED_MESSAGE}（1件の回答を作成しました）`,
      items: [item('営業時間は？', '午前9時から午後6時までです。')],
      creditsUsed: 1,
    };
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message: record.message,
    });
    const results = await screen.findByRole('list', { name: '作成したFAQ' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(record.message)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('中止 before any answer was made goes back to the questions with nothing charged', async () => {
    const user = userEvent.setup();
    let record = draft(['営業時間は？']);
    const api = serveApi(({ method, path }) => {
      if (method === 'GET' && path === recordPath) return json(200, record);
      if (method === 'POST' && path === `${recordPath}/answers`) {
        record = { ...record, stage: 'answering', progress: 70, message: '回答を生成中...' };
        return json(202, { id: ID, reused: false });
      }
      if (method === 'POST' && path === `${recordPath}/cancel`) {
        record = { ...record, stage: 'questions_ready', message: CANCELLED_MESSAGE };
        return json(202, { id: ID, cancelRequested: true });
      }
    });
    renderGenerate(`/generate?draft=${ID}`);
    await user.click(within(await questionList()).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /選択した質問の回答を作成（1件）/ }));
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(true));
    await user.click(await screen.findByRole('button', { name: '中止' }));
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'generating',
      stage: 'questions_ready',
      progress: 40,
      message: CANCELLED_MESSAGE,
    });
    expect(await within(await questionList()).findByText(/営業時間は？/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.count('POST', `${recordPath}/cancel`)).toBe(1);
  });

  it('stops following the record when the page is left (the job goes on)', async () => {
    const user = userEvent.setup();
    const record = draft([], { stage: 'answering', progress: 75, message: '回答を生成中...' });
    serveApi(({ method, path }) => {
      if (method === 'GET' && path === recordPath) return json(200, record);
    });
    renderGenerate(`/generate?draft=${ID}`);
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(true));
    expect(await screen.findByTestId('progress-message')).toHaveTextContent('回答を生成中...');
    await user.click(screen.getByRole('link', { name: 'アップグレード' }));
    expect(await screen.findByRole('heading', { name: '料金プラン' })).toBeInTheDocument();
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`generation:${ID}`)).toBe(false));
  });

  it('中止 while the first pages are read returns to the form, without an error', async () => {
    const user = userEvent.setup();
    let record = draft([], {
      stage: 'fetching',
      progress: 10,
      message: PROGRESS_STEPS.fetchingUrl.message,
    });
    const api = serveApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/generations') return json(202, { id: ID });
      if (method === 'GET' && path === recordPath) return json(200, record);
      if (method === 'POST' && path === `${recordPath}/cancel`)
        return json(202, { id: ID, cancelRequested: true });
    });
    renderGenerate('/generate');
    await user.type(await screen.findByLabelText('WebサイトのURL'), 'https://example.jp/');
    await user.click(screen.getByRole('button', { name: '質問を生成する' }));
    await user.click(await screen.findByRole('button', { name: '中止' }));
    await waitFor(() => expect(api.count('POST', `${recordPath}/cancel`)).toBe(1));
    record = { ...record, status: 'failed', stage: 'failed', message: CANCELLED_MESSAGE };
    FakeRealtimeSocket.push(`generation:${ID}`, 'progress', {
      id: ID,
      status: 'failed',
      stage: 'failed',
      progress: 10,
      message: CANCELLED_MESSAGE,
    });
    expect(await screen.findByRole('button', { name: '質問を生成する' })).toBeEnabled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a start refused for an unconfirmed address says so, with the server’s way to confirm, and keeps the form', async () => {
    const user = userEvent.setup();
    const api = serveApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/generations')
        return json(403, {
          error: { code: EMAIL_NOT_CONFIRMED, message: MODEL_NEEDS_CONFIRMED_EMAIL, status: 403 },
        });
    });
    renderGenerate('/generate');
    await user.type(await screen.findByLabelText('WebサイトのURL'), 'https://example.jp/');
    await user.click(screen.getByRole('button', { name: '質問を生成する' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByRole('heading', { name: 'メールアドレスの確認が必要です' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(MODEL_NEEDS_CONFIRMED_EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByLabelText('WebサイトのURL')).toHaveValue('https://example.jp/');
    expect(api.count('POST', '/api/generations')).toBe(1);
  });

  it('a question regeneration past the day’s cap shows the server’s Japanese reason', async () => {
    const user = userEvent.setup();
    const reason = `${QUESTION_REGENERATIONS_PER_DAY_REACHED}。日本時間の0時（約3時間後）から再びご利用いただけます`;
    serveApi(({ method, path }) => {
      if (method === 'GET' && path === recordPath) return json(200, draft(['営業時間は？']));
      if (method === 'POST' && path === `${recordPath}/questions/regenerate`)
        return json(429, { error: { code: 'RATE_LIMITED', message: reason, status: 429 } });
    });
    renderGenerate(`/generate?draft=${ID}`);
    await questionList();
    await user.click(screen.getByRole('button', { name: '再生成' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(reason);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The draft's questions stay.
    expect(within(await questionList()).getByText(/営業時間は？/)).toBeInTheDocument();
  });

  it(
    'without realtime, one slow poll of the record brings the answers',
    async () => {
      const user = userEvent.setup();
      let record = draft(['営業時間は？']);
      const api = serveApi(
        ({ method, path }) => {
          if (method === 'GET' && path === recordPath) return json(200, record);
          if (method === 'POST' && path === `${recordPath}/answers`) {
            record = { ...record, stage: 'answering', progress: 75, message: '回答を生成中...' };
            return json(202, { id: ID, reused: false });
          }
        },
        { realtime: false },
      );
      renderGenerate(`/generate?draft=${ID}`);
      await user.click(within(await questionList()).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: /選択した質問の回答を作成（1件）/ }));
      expect(await screen.findByTestId('progress-message')).toHaveTextContent('回答を生成中...');
      const started = Date.now();
      await waitFor(() => expect(api.count('GET', recordPath)).toBe(2));
      record = {
        ...record,
        status: 'completed',
        stage: 'completed',
        progress: 100,
        message: 'FAQの生成が完了しました',
        items: [item('営業時間は？', '午前9時から午後6時までです。')],
      };
      await screen.findByRole(
        'list',
        { name: '作成したFAQ' },
        { timeout: GENERATION_POLL_MS + 2000 },
      );
      // The poll, not a tight loop: one more read after about five seconds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(GENERATION_POLL_MS - 500);
      expect(api.count('GET', recordPath)).toBe(3);
    },
    GENERATION_POLL_MS * 3,
  );
});
