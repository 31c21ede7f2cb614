import { describe, expect, inject, it } from 'vitest';
import { guideDocx } from '../fixtures/documents.ts';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const siteUrl = inject('fixtureSiteUrl');
const browser = useBrowser();

describe('FAQ generation', () => {
  it('URL → 10 questions → approve 3 → answers → balance 47 → Word export → record with creditsUsed 3', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/generate');
    await expect(page.getByTestId('generate-balance').textContent()).resolves.toBe('50');

    // Validation alerts, word for word, in the page (never the browser's blocking dialogs).
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const alertSays = async (name: string | RegExp) => {
      const alert = page.getByRole('alertdialog', { name });
      await alert.getByRole('button', { name: 'OK' }).click();
      await alert.waitFor({ state: 'detached' });
    };
    await page.getByRole('button', { name: '質問を生成する' }).click();
    await alertSays('URLまたはテキストを入力してください');
    await page.getByLabel('WebサイトのURL').fill('example.jp');
    await page.getByRole('button', { name: '質問を生成する' }).click();
    await alertSays(/^無効なURLです。正しいURL（/);
    await page.getByRole('tab', { name: 'カテゴリーから' }).click();
    await page.getByRole('button', { name: '質問を生成する' }).click();
    await alertSays('カテゴリー名と回答者を入力してください');
    await page.getByRole('tab', { name: 'URL・テキストから' }).click();

    await page.getByLabel('WebサイトのURL').fill(`${siteUrl}/`);
    await page.getByLabel('下層ページも含める', { exact: false }).check();
    await page.getByRole('button', { name: '質問を生成する' }).click();
    await page.getByRole('status').filter({ hasText: '%' }).first().waitFor();
    const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('checkbox');
    await questions.first().waitFor({ timeout: 30_000 });
    await expect(questions.count()).resolves.toBe(10);
    for (let index = 0; index < 3; index++) await questions.nth(index).check();
    await page.getByRole('button', { name: /選択した質問の回答を作成（3件）/ }).click();

    const results = page.getByRole('list', { name: '作成したFAQ' }).getByRole('listitem');
    await results.first().waitFor({ timeout: 30_000 });
    await expect(results.count()).resolves.toBe(3);
    await expect.poll(() => page.getByTestId('header-credits').textContent()).toBe('47');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Wordで出力/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/のFAQ\.docx$/);
    const file = await downloadedBytes(download);
    expect(file.subarray(0, 2).toString()).toBe('PK');

    const list = await fetch(`${baseURL}/api/generations`, {
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    const [record] = (
      (await list.json()) as {
        generations: { creditsUsed: number; status: string; items: unknown[] }[];
      }
    ).generations;
    expect(record).toMatchObject({ creditsUsed: 3, status: 'completed' });
    expect(record!.items).toHaveLength(3);

    // One answer regenerated: one more credit, through the ledger.
    await page.getByRole('button', { name: 'この回答を再生成（1クレジット）' }).first().click();
    await page.getByText('回答を再生成しました').waitFor();
    await expect.poll(() => page.getByTestId('header-credits').textContent()).toBe('46');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: 'その他の形式' })
        .click()
        .then(() => page.getByRole('menuitem', { name: 'CSV（Excel用）' }).click()),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect((await downloadedBytes(csv)).toString('utf8').charCodeAt(0)).toBe(0xfeff);

    await page.getByRole('button', { name: '新規作成' }).click();
    await page.getByRole('button', { name: '質問を生成する' }).waitFor();

    // History lists the record; the modal shows it; delete asks first, then removes it.
    await page.goto('/history');
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('完了');
    await expect(entry.textContent()).resolves.toContain('消費クレジット：4');
    await entry.getByRole('button', { name: '詳細' }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain('Q1.');
    await page.keyboard.press('Escape');
    await entry.getByRole('button', { name: /削除/ }).click();
    await page
      .getByRole('alertdialog', { name: 'この履歴を削除しますか？' })
      .getByRole('button', { name: '削除' })
      .click();
    await page.getByText('履歴がありません').waitFor();
    expect(nativeDialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads a Word file into the text box, then generates questions from it', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/generate');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'ファイルから読み込む' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'ご利用ガイド.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await guideDocx(),
    });
    await page.getByText('「ご利用ガイド.docx」を読み込みました').waitFor();
    const text = page.getByLabel('テキスト（URLの代わりに、または追加の資料として）');
    await expect(text.inputValue()).resolves.toContain('ホールケーキのご予約は3日前までに');
    await expect(text.inputValue()).resolves.toContain('| 食パン | 400円 |');

    // A picture is not a document: the server says which formats it reads.
    const second = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'ファイルから読み込む' }).click();
    await (
      await second
    ).setFiles({
      name: 'photo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('GIF89a\x01\x00'),
    });
    await page.getByText('この形式のファイルは読み込めません', { exact: false }).waitFor();

    await page.getByRole('button', { name: '質問を生成する' }).click();
    const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('checkbox');
    await questions.first().waitFor({ timeout: 30_000 });
    // The failed upload's 415 is the test's own doing, not a broken page.
    expect(problems.filter((problem) => !problem.includes('415'))).toEqual([]);
    await context.close();
  });
});
