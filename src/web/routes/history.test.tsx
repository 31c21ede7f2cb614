import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import JSZip from 'jszip';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Generation, GenerationSummary } from '../../shared/generations.ts';
import { AlertDialogHost } from '../components/ui/alert-dialog.tsx';
import { generationRecord } from '../../../tests/helpers/web-backend.ts';
import { HistoryRoute } from './history.tsx';

/** A record as the API sends it; the list gets the summary fields, the detail all of them. */
const record = generationRecord;

const summary = ({
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
  createdAt,
}: Generation): GenerationSummary => ({
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
  createdAt,
});

const urlRecord = record({
  id: 'faq_1_url',
  title: 'example.jp のFAQ',
  questions: ['営業時間は？', '駐車場はありますか？'],
  answers: ['午前9時から午後6時までです。', ''],
  items: [
    {
      question: '営業時間は？',
      answer: '午前9時から午後6時までです。',
      answerSource: 'ai_direct',
      approved: true,
      sourceUrl: 'https://example.jp/access',
    },
    {
      question: '駐車場はありますか？',
      answer: '回答の生成に失敗しました',
      answerSource: 'fallback',
      approved: false,
      failed: true,
    },
  ],
  creditsUsed: 1,
});
const categoryRecord = record({
  id: 'faq_2_category',
  title: '相続のFAQ',
  method: 'category',
  status: 'failed',
  stage: 'failed',
  error: '回答の生成に失敗しました',
  inputData: {
    categoryName: '相続',
    responders: ['税理士', '弁護士'],
    major: '法律',
    medium: '相続',
    minor: '相続税',
  },
  questions: ['相続税はかかりますか？'],
  answers: ['基礎控除額を確認しましょう。'],
  items: [
    {
      question: '相続税はかかりますか？',
      answer: '基礎控除額を確認しましょう。',
      answerSource: 'synthesized',
      approved: true,
      expertAnswers: [
        { expert: '税理士', answer: '基礎控除を超えるとかかります。' },
        { expert: '弁護士', answer: '遺産分割の内容も確認しましょう。' },
      ],
      integratedAnswer: '基礎控除額を確認しましょう。',
    },
  ],
  creditsUsed: 1,
});
const runningRecord = record({
  id: 'faq_3_running',
  title: '税金のFAQ',
  method: 'category',
  status: 'generating',
  stage: 'questions_ready',
  inputData: { categoryName: '税金', responders: ['税理士'] },
  questions: ['確定申告は必要ですか？'],
});
const emptyRecord = record({
  id: 'faq_4_empty',
  title: 'テキストから作成したFAQ',
  status: 'failed',
  stage: 'failed',
  inputData: { textInput: '営業時間は…' },
});

interface Server {
  records: Generation[];
  pageSize: number;
  failDelete: boolean;
  requests: string[];
}
let server: Server;

/** A stand-in for the history API, served through fetch (no network, no mocks of our code). */
function serve(records: Generation[], pageSize = 50) {
  server = { records: [...records], pageSize, failDelete: false, requests: [] };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    server.requests.push(`${method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    const id = decodeURIComponent(url.pathname.split('/')[3] ?? '');
    if (method === 'GET' && url.pathname === '/api/generations') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const q = url.searchParams.get('q');
      const matching = server.records.filter((entry) => !q || entry.title.includes(q));
      const page = matching.slice(start, start + server.pageSize);
      const next = start + server.pageSize;
      return json(200, {
        generations: page.map(summary),
        nextCursor: next < matching.length ? String(next) : null,
      });
    }
    const found = server.records.find((entry) => entry.id === id);
    if (!found) return json(404, { error: { message: '履歴が見つかりません', status: 404 } });
    if (method === 'GET') return json(200, found);
    if (method === 'PATCH') {
      const title = (JSON.parse(String(init.body)) as { title: string }).title;
      server.records = server.records.map((entry) =>
        entry.id === id ? { ...entry, title } : entry,
      );
      return json(200, { ...found, title });
    }
    if (method === 'DELETE') {
      if (server.failDelete) return json(500, { error: { message: 'boom', status: 500 } });
      server.records = server.records.filter((entry) => entry.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(405, {});
  });
}

function renderHistory() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/history']}>
        <HistoryRoute />
      </MemoryRouter>
      <AlertDialogHost />
    </QueryClientProvider>,
  );
}

const entries = async () =>
  within(await screen.findByRole('list', { name: '生成履歴' })).getAllByRole('listitem');
const entry = async (title: string) => screen.findByRole('listitem', { name: title });

let downloads: { name: string; blob: Blob }[];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/history', () => {
  it('shows the empty state with a way to start generating', async () => {
    serve([]);
    renderHistory();
    expect(await screen.findByText('履歴がありません')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQを作成する' })).toHaveAttribute(
      'href',
      '/generate',
    );
  });

  it('lists each record with status, Japan-time date, method, FAQ count, credits and source', async () => {
    serve([urlRecord, categoryRecord, runningRecord, emptyRecord]);
    renderHistory();
    expect(await entries()).toHaveLength(4);

    const url = await entry('example.jp のFAQ');
    expect(url).toHaveTextContent('完了');
    // 15:30 UTC is 00:30 the next day in Japan.
    expect(url).toHaveTextContent('日時：2026/04/02 00:30');
    expect(url).toHaveTextContent('方法：URL');
    expect(url).toHaveTextContent('FAQ数：2件');
    expect(url).toHaveTextContent('消費クレジット：1');
    const link = within(url).getByRole('link', { name: /https:\/\/example\.jp\// });
    expect(link).toHaveAttribute('href', 'https://example.jp/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const category = await entry('相続のFAQ');
    expect(category).toHaveTextContent('失敗');
    expect(category).toHaveTextContent('方法：カテゴリー');
    expect(category).toHaveTextContent('法律 > 相続 > 相続税');
    expect(category).toHaveTextContent('回答者：税理士、弁護士');

    // A record waiting at its questions is a draft; without major/medium/minor the category
    // name is the path.
    const draft = await entry('税金のFAQ');
    expect(draft).toHaveTextContent('質問を選択待ち');
    expect(draft).not.toHaveTextContent('生成中');
    expect(draft).toHaveTextContent('税金');
    expect(within(draft).getByRole('link', { name: '「税金のFAQ」を続きから' })).toHaveAttribute(
      'href',
      `/generate?draft=${runningRecord.id}`,
    );
    // Only drafts continue.
    expect(within(url).queryByRole('link', { name: /続きから/ })).toBeNull();

    const text = await entry('テキストから作成したFAQ');
    expect(text).toHaveTextContent('方法：テキスト');
    expect(text).toHaveTextContent('FAQ数：0件');
  });

  it('opens the detail with Q1..Qn, answers or 回答なし, and source links', async () => {
    const user = userEvent.setup();
    serve([urlRecord]);
    renderHistory();
    await user.click(within(await entry('example.jp のFAQ')).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog', { name: 'example.jp のFAQ' });
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(first).toHaveTextContent('Q1. 営業時間は？');
    expect(first).toHaveTextContent('午前9時から午後6時までです。');
    expect(within(first!).getByRole('link', { name: 'https://example.jp/access' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    // The failed answer is not shown as an answer.
    expect(second).toHaveTextContent('Q2. 駐車場はありますか？');
    expect(second).toHaveTextContent('回答なし');
    expect(second).not.toHaveTextContent('回答の生成に失敗しました');
    await waitFor(() => expect(server.requests).toContain(`GET /api/generations/${urlRecord.id}`));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows expert opinions, the integrated answer and the failure reason', async () => {
    const user = userEvent.setup();
    serve([categoryRecord]);
    renderHistory();
    await user.click(within(await entry('相続のFAQ')).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '相続のFAQ' });
    expect(dialog).toHaveTextContent('専門家の意見');
    expect(dialog).toHaveTextContent('【税理士】基礎控除を超えるとかかります。');
    expect(dialog).toHaveTextContent('【弁護士】遺産分割の内容も確認しましょう。');
    expect(dialog).toHaveTextContent('統合回答基礎控除額を確認しましょう。');
    expect(await within(dialog).findByText('回答の生成に失敗しました')).toBeInTheDocument();
  });

  it('says 詳細情報がありません for a record without questions, and offers no export', async () => {
    const user = userEvent.setup();
    serve([emptyRecord]);
    renderHistory();
    await user.click(
      within(await entry('テキストから作成したFAQ')).getByRole('button', { name: '詳細' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('詳細情報がありません')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Wordで出力/ })).toBeNull();
  });

  it('lists questions without answers as 回答なし for a record still waiting for answers', async () => {
    const user = userEvent.setup();
    serve([runningRecord]);
    renderHistory();
    await user.click(within(await entry('税金のFAQ')).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Q1. 確定申告は必要ですか？回答なし');
  });

  it('exports the approved FAQs of a record again as Word', async () => {
    const user = userEvent.setup();
    serve([urlRecord]);
    renderHistory();
    await user.click(within(await entry('example.jp のFAQ')).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog');
    // Only the approved, answered item: the failed one is left out. 公開用 unless asked.
    await user.click(within(dialog).getByRole('button', { name: 'Wordで出力（1件）' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('example.jp のFAQ.docx');
    const wordText = async (index: number) =>
      (await JSZip.loadAsync(await downloads[index]!.blob.arrayBuffer()))
        .file('word/document.xml')!
        .async('string');
    const published = await wordText(0);
    expect(published).toContain('Q1: 営業時間は？');
    expect(published).not.toContain('出典: ');
    expect(published).not.toContain('駐車場はありますか？');

    await user.click(within(dialog).getByRole('radio', { name: '確認用' }));
    await user.click(within(dialog).getByRole('button', { name: 'Wordで出力（1件）' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.name).toBe('example.jp のFAQ（確認用）.docx');
    const reviewed = await wordText(1);
    expect(reviewed).toContain('Q1: 営業時間は？');
    expect(reviewed).toContain('出典: ');
    expect(reviewed).not.toContain('駐車場はありますか？');
  });

  it('offers 編集 on each finished record, also one stopped with answers kept, opening it in the results editor', async () => {
    const user = userEvent.setup();
    const stopped = record({
      id: 'faq_5_stopped',
      title: '中止したFAQ',
      status: 'cancelled',
      stage: 'completed',
      message: '中止しました。作成済みの1件を保存しました（1クレジット）',
      questions: ['予約は必要ですか？'],
      answers: ['予約は不要です。'],
      items: [
        {
          question: '予約は必要ですか？',
          answer: '予約は不要です。',
          answerSource: 'ai_direct',
          approved: true,
        },
      ],
      creditsUsed: 1,
    });
    // A question phase stopped on request keeps nothing to edit.
    const stoppedEarly = record({
      id: 'faq_6_stopped_early',
      title: '質問の前に中止したFAQ',
      status: 'cancelled',
      stage: 'failed',
      questions: ['営業時間は？'],
    });
    serve([urlRecord, stopped, categoryRecord, runningRecord, stoppedEarly]);
    renderHistory();
    const editLink = async (title: string) =>
      within(await entry(title)).queryByRole('link', { name: `「${title}」を編集` });
    expect(await editLink('example.jp のFAQ')).toHaveAttribute(
      'href',
      `/generate?draft=${urlRecord.id}`,
    );
    expect(await editLink('中止したFAQ')).toHaveAttribute('href', `/generate?draft=${stopped.id}`);
    // Failed, waiting at its questions, or stopped before answers: nothing to edit there.
    expect(await editLink('相続のFAQ')).toBeNull();
    expect(await editLink('税金のFAQ')).toBeNull();
    expect(await editLink('質問の前に中止したFAQ')).toBeNull();

    // The detail offers the same, next to exporting again.
    await user.click(within(await entry('中止したFAQ')).getByRole('button', { name: '詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '中止したFAQ' });
    expect(within(dialog).getByRole('link', { name: '「中止したFAQ」を編集' })).toHaveAttribute(
      'href',
      `/generate?draft=${stopped.id}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Wordで出力（1件）' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Nor in the detail of a record that failed.
    await user.click(within(await entry('相続のFAQ')).getByRole('button', { name: '詳細' }));
    const failed = await screen.findByRole('dialog', { name: '相続のFAQ' });
    await within(failed).findByText('専門家の意見');
    expect(within(failed).queryByRole('link', { name: /を編集/ })).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    serve([urlRecord, categoryRecord]);
    renderHistory();
    const target = await entry('相続のFAQ');
    await user.click(within(target).getByRole('button', { name: '「相続のFAQ」を削除' }));
    const question = await screen.findByRole('alertdialog', { name: 'この履歴を削除しますか？' });
    await user.click(within(question).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((request) => request.startsWith('DELETE'))).toBe(false);
    expect(await entries()).toHaveLength(2);

    await user.click(within(target).getByRole('button', { name: '「相続のFAQ」を削除' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'この履歴を削除しますか？' }),
      ).getByRole('button', { name: '削除' }),
    );
    await waitFor(async () => expect(await entries()).toHaveLength(1));
    expect(server.requests).toContain(`DELETE /api/generations/${categoryRecord.id}`);
    expect(screen.queryByRole('listitem', { name: '相続のFAQ' })).toBeNull();
  });

  it('alerts 削除に失敗しました when the delete fails, and keeps the record', async () => {
    const user = userEvent.setup();
    serve([urlRecord]);
    server.failDelete = true;
    renderHistory();
    await user.click(
      within(await entry('example.jp のFAQ')).getByRole('button', { name: /を削除$/ }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '削除' }),
    );
    const failed = await screen.findByRole('alertdialog', { name: '削除に失敗しました' });
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await entries()).toHaveLength(1);
  });

  it('loads the next page with もっと見る', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 3 }, (_, index) =>
      record({ id: `faq_page_${index}`, title: `履歴${index + 1}` }),
    );
    serve(many, 2);
    renderHistory();
    expect(await entries()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(async () => expect(await entries()).toHaveLength(3));
    expect(server.requests).toContain('GET /api/generations?cursor=2&emptyFailures=hide');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    const user = userEvent.setup();
    serve([urlRecord]);
    const working = globalThis.fetch;
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('履歴を読み込めませんでした。');
    vi.stubGlobal('fetch', working);
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await entries()).toHaveLength(1);
  });
  it('renames a record in place: an empty title is refused in Japanese, a new one is sent and shown', async () => {
    const user = userEvent.setup();
    serve([urlRecord]);
    renderHistory();
    await user.click(
      await screen.findByRole('button', { name: '「example.jp のFAQ」の名前を変更' }),
    );
    const field = screen.getByLabelText('新しいタイトル');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('タイトルを入力してください');
    expect(server.requests.some((request) => request.startsWith('PATCH'))).toBe(false);
    await user.type(field, '店舗案内のFAQ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await entry('店舗案内のFAQ');
    expect(server.requests).toContain(`PATCH /api/generations/${urlRecord.id}`);
    expect(screen.queryByLabelText('新しいタイトル')).toBeNull();
  });

  it('searches titles on the server and says when nothing matches', async () => {
    const user = userEvent.setup();
    serve([urlRecord, categoryRecord]);
    renderHistory();
    expect(await entries()).toHaveLength(2);
    await user.type(screen.getByLabelText('タイトルで検索'), '相続');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(async () => expect(await entries()).toHaveLength(1));
    expect(server.requests).toContain(
      `GET /api/generations?q=${encodeURIComponent('相続')}&emptyFailures=hide`,
    );
    await user.selectOptions(screen.getByLabelText('作成方法'), 'url');
    expect(server.requests.at(-1)).toBe(
      `GET /api/generations?q=${encodeURIComponent('相続')}&method=url&emptyFailures=hide`,
    );
  });
});
