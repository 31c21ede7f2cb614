import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  FaqItem,
  Generation,
  GenerationSummary,
  UnansweredIntent,
} from '../../shared/generations.ts';
import { renderGenerate } from '../../../tests/helpers/render-generate.tsx';
import { renderRoutes } from '../../../tests/helpers/render-routes.tsx';
import {
  generationRecord,
  json,
  serveApi,
  type RecordedRequest,
} from '../../../tests/helpers/web-backend.ts';
import { HistoryRoute } from './history.tsx';

const ID = 'faq_done_unanswered';
const recordPath = `/api/generations/${ID}`;
const HEADING = 'ページに答えがない、よくある質問';

const hours: FaqItem = {
  question: '営業時間は？',
  answer: '午前9時から午後6時までです。',
  answerSource: 'offline',
  approved: true,
};
const intents: UnansweredIntent[] = [
  { id: 'cancellation', question: 'キャンセルや変更はできますか？' },
  { id: 'access', question: '場所はどこですか？' },
];

/** A finished record and a server that adds owner answers the way the API does. */
function serveRecord(overrides: Partial<Generation> = {}) {
  let record = generationRecord({
    id: ID,
    items: [hours],
    answers: [hours.answer],
    unansweredIntents: intents,
    ...overrides,
  });
  const posts: RecordedRequest[] = [];
  serveApi((request) => {
    if (request.method === 'GET' && request.path === recordPath) return json(200, record);
    if (request.method === 'GET' && request.path.startsWith('/api/generations'))
      return json(200, { generations: [summaryOf(record)], nextCursor: null });
    const match = /^\/api\/generations\/[^/]+\/unanswered\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && match) {
      posts.push(request);
      const { answer } = request.body as { answer: string };
      const intent = record.unansweredIntents!.find((entry) => entry.id === match[1])!;
      const item: FaqItem = {
        question: intent.question,
        answer: answer.trim(),
        answerSource: 'owner',
        approved: true,
      };
      const index = record.items.length;
      const unansweredIntents = record.unansweredIntents!.map((entry) =>
        entry.id === intent.id ? { ...entry, answeredItemIndex: index } : entry,
      );
      record = { ...record, items: [...record.items, item], unansweredIntents };
      return json(200, { item, index, unansweredIntents });
    }
  });
  return { posts };
}

function summaryOf(record: Generation): GenerationSummary {
  const { id, title, method, status, stage, inputData, questions, answers, items, creditsUsed } =
    record;
  return {
    id,
    title,
    method,
    status,
    stage,
    inputData,
    questions,
    answers,
    items,
    creditsUsed,
    createdAt: record.createdAt,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ページに答えがない、よくある質問 on the results screen', () => {
  it('lists what the page did not answer, refuses an empty answer, and adds a typed one as an FAQ', async () => {
    const user = userEvent.setup();
    const { posts } = serveRecord();
    renderGenerate(`/generate?draft=${ID}`);
    const section = await screen.findByRole('region', { name: HEADING });
    expect(within(section).getByRole('heading', { level: 2, name: HEADING })).toBeInTheDocument();
    expect(section).toHaveTextContent('ページには答えが見つかりませんでした');
    expect(section).toHaveTextContent('無料・クレジットは消費しません');

    const field = within(section).getByRole('textbox', { name: '場所はどこですか？' });
    const addAccess = within(section).getByRole('button', {
      name: '「場所はどこですか？」をFAQに追加',
    });
    await user.click(addAccess);
    expect(within(section).getByRole('alert')).toHaveTextContent('回答を入力してください');
    expect(posts).toHaveLength(0);

    await user.type(field, '神田駅から徒歩3分です。');
    await user.click(addAccess);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ answer: '神田駅から徒歩3分です。' });

    // The new FAQ joins the results (approved, so it exports) and the question shows as added.
    const list = screen.getByRole('list', { name: '作成したFAQ' });
    expect(await within(list).findByText('Q2. 場所はどこですか？')).toBeInTheDocument();
    expect(within(list).getByRole('checkbox', { name: 'Q2を承認' })).toBeChecked();
    expect(within(list).getByRole('textbox', { name: 'A2' })).toHaveValue(
      '神田駅から徒歩3分です。',
    );
    expect(within(section).getByText('FAQに追加済み（Q2）')).toBeInTheDocument();
    // Written by the owner: edited like any answer, never regenerated (one button, for Q1).
    expect(within(list).getAllByRole('button', { name: /この回答を再生成/ })).toHaveLength(1);
    expect(within(section).queryByRole('textbox', { name: '場所はどこですか？' })).toBeNull();
    // The other question can still be answered.
    expect(
      within(section).getByRole('textbox', { name: 'キャンセルや変更はできますか？' }),
    ).toBeEnabled();

    // The Word file has the owner's FAQ and, in an appendix, only what is still unanswered.
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:test/word';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The appendix is the owner's to-do: in the 確認用 copy only.
    await user.click(screen.getByRole('radio', { name: '確認用' }));
    await user.click(screen.getByRole('button', { name: 'Wordで出力（2件）' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const zip = await JSZip.loadAsync(await saved[0]!.arrayBuffer());
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Q2: 場所はどこですか？');
    expect(xml).toContain('付録: ページに答えがない、よくある質問（未回答）');
    expect(xml).toContain('・キャンセルや変更はできますか？');
    expect(xml).not.toContain('・場所はどこですか？');
  });

  it('is absent for a category record and when the page answered everything', async () => {
    serveRecord({ method: 'category', unansweredIntents: [] });
    renderGenerate(`/generate?draft=${ID}`);
    expect(await screen.findByRole('textbox', { name: 'A1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HEADING })).toBeNull();
  });
});

describe('ページに答えがない、よくある質問 in the history', () => {
  it('shows the same questions in a finished record and adds the owner’s answer', async () => {
    const user = userEvent.setup();
    const { posts } = serveRecord();
    renderRoutes([{ path: '/history', element: <HistoryRoute /> }], '/history');
    const entry = await screen.findByRole('listitem', { name: 'example.jp のFAQ' });
    await user.click(within(entry).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', { name: HEADING });
    expect(within(section).getByRole('heading', { level: 3, name: HEADING })).toBeInTheDocument();

    await user.type(
      within(section).getByRole('textbox', { name: 'キャンセルや変更はできますか？' }),
      '前日までご連絡ください。',
    );
    await user.click(
      within(section).getByRole('button', {
        name: '「キャンセルや変更はできますか？」をFAQに追加',
      }),
    );
    await waitFor(() => expect(posts).toHaveLength(1));
    // The record is read again: the new FAQ is listed and the question is marked added.
    expect(await within(dialog).findByText('前日までご連絡ください。')).toBeInTheDocument();
    expect(await within(section).findByText('FAQに追加済み（Q2）')).toBeInTheDocument();
  });
});
