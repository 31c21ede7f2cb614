import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockLlm } from '../fixtures/mock-llm/server.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { callApi, signInPage, signUpViaApi, type SignedUpUser } from './support/session.ts';

/**
 * 要確認 (docs/adr/036-figure-check.md) as the owner meets it, against a server of its own whose
 * model answers every question with a wrong price and repeats it when asked again: the results
 * screen marks the price, the Word file highlights it, and the owner clears the flag.
 */
const browser = useBrowser();
let llm: Awaited<ReturnType<typeof startMockLlm>>;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-e2e-figures-'));
const SHOP =
  'ランチセットは1,280円（税込）です。ディナーコースは4,840円です。ご予約はお電話（03-1234-5678）で承ります。駐車場は4台分あります。';

beforeAll(async () => {
  llm = await startMockLlm({ wrongFigures: { share: 1, kinds: ['price'], onRewrite: 'keep' } });
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
  }));
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface StoredItem {
  answer: string;
  unverified?: { phrases: string[] };
  checkedByOwner?: { phrases: string[] };
}

async function items(user: SignedUpUser, id: string): Promise<StoredItem[]> {
  const response = await callApi(server.url, user, 'GET', `/api/generations/${id}`);
  return ((await response.json()) as { items: StoredItem[] }).items;
}

async function draftOfTwo(user: SignedUpUser): Promise<string> {
  const created = await callApi(server.url, user, 'POST', '/api/generations', {
    method: 'url',
    textInput: SHOP,
    faqCount: 2,
    answerLength: 'short',
  });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await vi.waitFor(
    async () => {
      const response = await callApi(server.url, user, 'GET', `/api/generations/${id}`);
      expect(((await response.json()) as { stage: string }).stage).toBe('questions_ready');
    },
    { timeout: 30_000, interval: 200 },
  );
  return id;
}

describe('要確認: an answer stating a price the page does not say', () => {
  it('is marked on the results screen and in the Word file, charged, and cleared by the owner', async () => {
    const user = await signUpViaApi(server.url);
    const startCredits = user.user.credits;
    const id = await draftOfTwo(user);
    const { page, context, problems } = await browser.open({ baseURL: server.url });
    await signInPage(page, user.tokens);
    await page.goto(`/generate?draft=${id}`);
    await page.getByRole('button', { name: 'すべて選択' }).click();
    await page.getByRole('button', { name: /選択した質問の回答を作成（2件）/ }).click();

    const flag = page.getByTestId('figure-flag-0');
    await flag.waitFor({ timeout: 30_000 });
    const stored = await items(user, id);
    const phrase = stored[0]!.unverified!.phrases[0]!;
    expect(llm.stats.figureInjections.map((entry) => entry.phrase)).toContain(phrase);
    await expect(flag.locator('mark').first().textContent()).resolves.toBe(phrase);
    await flag.getByText('要確認', { exact: true }).waitFor();
    await page
      .getByTestId('figure-flag-summary')
      .getByText(/1件1クレジット/)
      .waitFor();
    await page
      .getByTestId('results-message')
      .getByText(/2件の回答は要確認です/)
      .waitFor();
    // Charged like any answer (ADR 036).
    await expect
      .poll(async () => page.getByTestId('generate-balance').textContent())
      .toBe(String(startCredits - 2));

    // The review Word file highlights the price inside the answer and says why.
    await page
      .getByRole('radiogroup', { name: '出力内容' })
      .getByRole('radio', { name: '確認用' })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Wordで出力/ }).click(),
    ]);
    const zip = await JSZip.loadAsync(await downloadedBytes(download));
    const xml = await zip.file('word/document.xml')!.async('string');
    const highlighted = [...xml.matchAll(/<w:r>((?:(?!<\/w:r>).)*?)<\/w:r>/g)]
      .filter((run) => run[1]!.includes('w:highlight w:val="yellow"'))
      .map((run) => /<w:t[^>]*>([^<]*)<\/w:t>/.exec(run[1]!)?.[1]);
    expect(highlighted).toContain(phrase);
    expect(xml).toContain(`要確認: ページ（根拠）に見つからない値があります（「${phrase}」`);

    // The owner checked the page: the flag goes, on the screen and on the server.
    await page.getByRole('button', { name: 'A1の値を確認済みにする' }).click();
    await page.getByText('確認済みにしました').waitFor();
    await expect(page.getByTestId('figure-flag-0').count()).resolves.toBe(0);
    await page.getByText(`値を確認済み（「${phrase}」）`).waitFor();
    const after = await items(user, id);
    expect(after[0]!.unverified).toBeUndefined();
    expect(after[0]!.checkedByOwner).toEqual({ phrases: stored[0]!.unverified!.phrases });

    // The history counts what is still to check.
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴', exact: true })
      .click();
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.getByTestId('history-flagged').getByText('要確認 1件').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
