import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Generation } from '../../../../shared/generations.ts';
import {
  FakeRealtimeSocket,
  generationRecord,
  json,
  serveApi,
  testUser,
} from '../../../../../tests/helpers/web-backend.ts';
import { AlertDialogHost } from '../../../components/ui/alert-dialog.tsx';
import { HistoryList } from './history-list.tsx';

function renderList() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/history']}>
        <HistoryList userId={testUser.id} renderExport={() => null} />
      </MemoryRouter>
      <AlertDialogHost />
    </QueryClientProvider>,
  );
}

const summaries = (records: Generation[]) => ({
  generations: records.map(
    ({ progress: _p, message: _m, questionSources: _q, engine: _e, error: _x, ...rest }) => rest,
  ),
  nextCursor: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('history list, live', () => {
  it('shows a job finishing as 完了 with its credits, without a reload', async () => {
    let running = generationRecord({
      id: 'faq_running',
      title: '実行中のFAQ',
      status: 'generating',
      stage: 'answering',
      progress: 75,
      message: '回答を生成中...',
      questions: ['営業時間は？'],
    });
    serveApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/generations?emptyFailures=hide')
        return json(200, summaries([running]));
    });
    renderList();
    const entry = await screen.findByRole('listitem', { name: '実行中のFAQ' });
    expect(entry).toHaveTextContent('生成中');
    expect(entry).toHaveTextContent('消費クレジット：0');
    await waitFor(() => expect(FakeRealtimeSocket.subscribed(`user:${testUser.id}`)).toBe(true));

    running = {
      ...running,
      status: 'completed',
      stage: 'completed',
      creditsUsed: 1,
      items: [
        {
          question: '営業時間は？',
          answer: '9時からです。',
          answerSource: 'ai_direct',
          approved: true,
        },
      ],
    };
    FakeRealtimeSocket.push(`user:${testUser.id}`, 'generation', {
      id: running.id,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message: 'FAQの生成が完了しました',
    });
    await waitFor(() => expect(entry).toHaveTextContent('完了'));
    expect(entry).toHaveTextContent('消費クレジット：1');
  });

  it('shows 編集済み in the detail, and deletes a draft after confirmation', async () => {
    const user = userEvent.setup();
    const edited = generationRecord({
      id: 'faq_edited',
      title: '編集したFAQ',
      items: [
        {
          question: '営業時間は？',
          answer: '平日は10時からです。',
          answerSource: 'ai_direct',
          approved: true,
          edited: true,
        },
        { question: '駐車場は？', answer: 'あります。', answerSource: 'ai_direct', approved: true },
      ],
    });
    let records = [
      edited,
      generationRecord({
        id: 'faq_draft',
        title: '下書きのFAQ',
        status: 'generating',
        stage: 'questions_ready',
        questions: ['予約は必要ですか？'],
      }),
    ];
    const api = serveApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/generations?emptyFailures=hide')
        return json(200, summaries(records));
      if (method === 'GET' && path === '/api/generations/faq_edited') return json(200, edited);
      if (method === 'DELETE' && path === '/api/generations/faq_draft') {
        records = records.filter((record) => record.id !== 'faq_draft');
        return new Response(null, { status: 204 });
      }
    });
    renderList();
    await user.click(
      within(await screen.findByRole('listitem', { name: '編集したFAQ' })).getByRole('button', {
        name: '詳細',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '編集したFAQ' });
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(first).toHaveTextContent('編集済み');
    expect(first).toHaveTextContent('平日は10時からです。');
    expect(second).not.toHaveTextContent('編集済み');
    await user.keyboard('{Escape}');

    const draft = await screen.findByRole('listitem', { name: '下書きのFAQ' });
    expect(draft).toHaveTextContent('質問を選択待ち');
    await user.click(within(draft).getByRole('button', { name: '「下書きのFAQ」を削除' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'この履歴を削除しますか？' }),
      ).getByRole('button', { name: '削除' }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '下書きのFAQ' })).toBeNull());
    expect(api.count('DELETE', '/api/generations/faq_draft')).toBe(1);
  });
});
