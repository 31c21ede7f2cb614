import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { longBrochure } from '../fixtures/long-brochure.ts';
import { startMockLlm } from '../fixtures/mock-llm/server.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { useBrowser } from './support/browser.ts';
import { callApi, signInPage, signUpViaApi, type SignedUpUser } from './support/session.ts';

/**
 * 中止 and a job as a place (issue 24 items 1 and 2), against a server of its own whose model
 * answers only when the test lets it: a latency far beyond the test's time, ended call by call
 * with releaseWaiting. A job that waited for its calls would never stop here.
 */
const browser = useBrowser();
let llm: Awaited<ReturnType<typeof startMockLlm>>;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-e2e-cancel-'));
const SLOW = { latencyMs: 600_000 };
const TEXT = longBrochure().slice(0, 4000);

beforeAll(async () => {
  llm = await startMockLlm();
  const root = path.resolve(import.meta.dirname, '../..');
  server = await startServerProcess((url) => ({
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WEB_DIR: process.env.E2E_WEB_DIR
      ? path.resolve(process.env.E2E_WEB_DIR)
      : path.join(root, 'dist/web'),
    OPENAI_API_KEY: 'e2e-test-key',
    OPENAI_BASE_URL: llm.url,
    // One model call at a time: five answers per call, so ten answers are two calls.
    AI_CONCURRENCY: '1',
  }));
});
// A test that failed mid-job leaves no call holding the one model slot for the next.
afterEach(() => {
  llm.setOptions({});
  llm.releaseWaiting();
});
afterAll(async () => {
  llm?.releaseWaiting();
  await server?.stop();
  await llm?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface StoredRecord {
  id: string;
  status: string;
  stage: string;
  message: string;
  questions: string[];
  items: { answer: string }[];
  creditsUsed: number;
}

async function record(user: SignedUpUser, id: string): Promise<StoredRecord> {
  return (await (
    await callApi(server.url, user, 'GET', `/api/generations/${id}`)
  ).json()) as StoredRecord;
}

/** Ten questions made from pasted text through the API, answered at once by the model. */
async function draftOfTen(user: SignedUpUser): Promise<StoredRecord> {
  llm.setOptions({});
  const created = await callApi(server.url, user, 'POST', '/api/generations', {
    method: 'url',
    textInput: TEXT,
    faqCount: 10,
  });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  let ready: StoredRecord | undefined;
  await vi.waitFor(
    async () => {
      ready = await record(user, id);
      expect(ready.stage).toBe('questions_ready');
    },
    { timeout: 30_000, interval: 200 },
  );
  expect(ready!.questions).toHaveLength(10);
  return ready!;
}

const progressMessage = (page: Page) => page.getByTestId('progress-message');

describe('中止 and coming back to a running job', () => {
  it('中止 at 5 of 10 stops during the next call, keeps and charges the 5, and says キャンセル', async () => {
    const user = await signUpViaApi(server.url);
    const startCredits = user.user.credits;
    const draft = await draftOfTen(user);
    const { page, context, problems } = await browser.open({ baseURL: server.url });
    await signInPage(page, user.tokens);
    await page.goto(`/generate?draft=${draft.id}`);
    await page.getByRole('button', { name: 'すべて選択' }).click();
    llm.setOptions(SLOW);
    await page.getByRole('button', { name: /選択した質問の回答を作成（10件）/ }).click();

    // The first call (five answers) comes back; the second then waits on the model.
    await vi.waitFor(() => expect(llm.stats.inFlight).toBe(1), { timeout: 15_000 });
    llm.releaseWaiting();
    await progressMessage(page).getByText('回答を生成中...（5/10）').waitFor({ timeout: 15_000 });
    await vi.waitFor(() => expect(llm.stats.inFlight).toBe(1), { timeout: 15_000 });
    const callsAtCancel = llm.stats.calls;

    await page.getByRole('button', { name: '中止', exact: true }).click();
    const message = page.getByTestId('results-message');
    // The call in flight would answer in ten minutes: the job did not wait for it.
    await message.waitFor({ timeout: 20_000 });
    await message.getByText('キャンセル', { exact: true }).waitFor();
    await message.getByText('中止しました。作成済みの5件を保存しました（5クレジット）').waitFor();
    await expect(
      page.getByRole('list', { name: '作成したFAQ' }).getByRole('listitem').count(),
    ).resolves.toBe(5);
    expect(llm.stats.calls).toBe(callsAtCancel);
    const stopped = await record(user, draft.id);
    expect(stopped).toMatchObject({ status: 'cancelled', stage: 'completed', creditsUsed: 5 });
    expect(stopped.items).toHaveLength(5);
    await expect
      .poll(async () => page.getByTestId('generate-balance').textContent())
      .toBe(String(startCredits - 5));

    // The history badges it キャンセル, not 失敗.
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴', exact: true })
      .click();
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.getByText('キャンセル', { exact: true }).waitFor();
    await expect(entry.textContent()).resolves.not.toContain('失敗');
    await entry.getByRole('button', { name: '詳細' }).click();
    await page
      .getByRole('dialog')
      .getByText('中止しました。作成済みの5件を保存しました（5クレジット）')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a running job is a place: the form shows it, reload and back show its progress, the same job asks first', async () => {
    const user = await signUpViaApi(server.url);
    const draft = await draftOfTen(user);
    llm.setOptions(SLOW);
    const started = await callApi(
      server.url,
      user,
      'POST',
      `/api/generations/${draft.id}/answers`,
      {
        questions: draft.questions.slice(0, 5),
      },
    );
    expect(started.status).toBe(202);
    await vi.waitFor(() => expect(llm.stats.inFlight).toBe(1), { timeout: 15_000 });

    const { page, context, problems } = await browser.open({ baseURL: server.url });
    await signInPage(page, user.tokens);
    // Coming back later to the form: the running job is there, not just an empty form.
    await page.goto('/generate');
    const running = page.getByRole('list', { name: '実行中のFAQ生成' });
    await running.getByRole('link', { name: /の進行状況を見る$/ }).click();
    await page.waitForURL(`**/generate?draft=${draft.id}`);
    await progressMessage(page).getByText('回答を生成中').waitFor();
    await page.getByRole('button', { name: '中止', exact: true }).waitFor();

    // A reload shows the same job with its progress, not a fresh form.
    await page.reload();
    await progressMessage(page).getByText('回答を生成中').waitFor();
    await expect(page.getByRole('progressbar', { name: '進捗' }).count()).resolves.toBe(1);

    // Away and back again.
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴', exact: true })
      .click();
    await page.waitForURL('**/history');
    await page.goBack();
    await page.waitForURL(`**/generate?draft=${draft.id}`);
    await progressMessage(page).getByText('回答を生成中').waitFor();

    // Starting the same job again in another tab asks first; declining opens the running one.
    const other = await context.newPage();
    await signInPage(other, user.tokens);
    await other.goto(`${server.url}/generate`);
    await other.getByLabel('テキスト（URLの代わりに、または追加の資料として）').fill(TEXT);
    await other.getByRole('button', { name: '質問を生成する' }).click();
    const ask = other.getByRole('alertdialog', { name: '同じ内容のFAQを生成中です' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'キャンセル' }).click();
    await other.waitForURL(`**/generate?draft=${draft.id}`);
    await progressMessage(other).getByText('回答を生成中').waitFor();
    const list = (await (await callApi(server.url, user, 'GET', '/api/generations')).json()) as {
      generations: { id: string }[];
    };
    expect(list.generations.map((generation) => generation.id)).toEqual([draft.id]);

    // The page that came back follows the job to its end, live.
    llm.releaseWaiting();
    await page.getByRole('textbox', { name: 'A5' }).waitFor({ timeout: 30_000 });
    await other.getByRole('textbox', { name: 'A5' }).waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
