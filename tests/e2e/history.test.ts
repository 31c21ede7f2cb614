import JSZip from 'jszip';
import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import {
  callApi,
  signInPage,
  signUpViaApi,
  type SignedUpUser,
  waitForStage as waitForStageOf,
} from './support/session.ts';

const baseURL = inject('baseUrl');
const siteUrl = inject('fixtureSiteUrl');
const browser = useBrowser();

function waitForStage(user: SignedUpUser, id: string, stage: string) {
  return waitForStageOf<{ stage: string; questions: string[]; error: string | null }>(
    baseURL,
    user,
    id,
    stage,
  );
}

/** A finished record made through the public API, as the generation screen makes it. */
async function generate(user: SignedUpUser, request: object, answerCount: number) {
  const created = await callApi(baseURL, user, 'POST', '/api/generations', request);
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  const ready = await waitForStage(user, id, 'questions_ready');
  const answers = await callApi(baseURL, user, 'POST', `/api/generations/${id}/answers`, {
    questions: ready.questions.slice(0, answerCount),
  });
  expect(answers.status).toBe(202);
  await waitForStage(user, id, 'completed');
  return id;
}

describe('history', () => {
  it('shows a new user the empty state with a way to start', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/history');
    await page.getByText('履歴がありません').waitFor();
    await page.getByRole('link', { name: 'FAQを作成する' }).click();
    await page.waitForURL('**/generate');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists records, shows one, exports it again as Word (docx loaded only then), deletes after confirmation; strangers get 404', async () => {
    const user = await signUpViaApi(baseURL);
    const urlId = await generate(user, { method: 'url', url: `${siteUrl}/`, faqCount: 5 }, 2);
    const categoryId = await generate(
      user,
      {
        method: 'category',
        categoryName: '相続',
        major: '法律',
        medium: '相続',
        minor: '相続税',
        responders: ['税理士', '弁護士'],
        faqCount: 5,
      },
      1,
    );

    // Another user can neither read nor delete the records.
    const stranger = await signUpViaApi(baseURL);
    for (const method of ['GET', 'DELETE']) {
      const response = await callApi(baseURL, stranger, method, `/api/generations/${categoryId}`);
      expect(response.status, method).toBe(404);
    }
    const strangerList = (await (
      await callApi(baseURL, stranger, 'GET', '/api/generations')
    ).json()) as {
      generations: unknown[];
    };
    expect(strangerList.generations).toEqual([]);

    const { page, context, problems } = await browser.open({ baseURL });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // Questions are asked in the page, never through the browser's blocking dialogs.
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const confirmation = page.getByRole('alertdialog', { name: 'この履歴を削除しますか？' });
    await signInPage(page, user.tokens);
    await page.goto('/history');

    const list = page.getByRole('list', { name: '生成履歴' });
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(2);
    // Newest first.
    const category = items.nth(0);
    const url = items.nth(1);
    await expect(category.getByRole('heading').textContent()).resolves.toBe('相続のFAQ');
    const categoryText = await category.textContent();
    expect(categoryText).toContain('完了');
    expect(categoryText).toContain('方法：カテゴリー');
    expect(categoryText).toContain('法律 > 相続 > 相続税');
    expect(categoryText).toContain('FAQ数：1件');
    expect(categoryText).toContain('消費クレジット：1');
    expect(categoryText).toMatch(/日時：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    const urlText = await url.textContent();
    expect(urlText).toContain('方法：URL');
    expect(urlText).toContain('FAQ数：2件');
    expect(urlText).toContain('消費クレジット：2');
    const link = url.getByRole('link', { name: new RegExp(`${siteUrl}/`) });
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');

    // The detail modal, with the experts and the integrated answer.
    await category.getByRole('button', { name: '詳細' }).click();
    const dialog = page.getByRole('dialog', { name: '相続のFAQ' });
    await dialog.waitFor();
    const detail = await dialog.textContent();
    expect(detail).toContain('Q1.');
    expect(detail).toContain('専門家の意見');
    expect(detail).toContain('【税理士】');
    expect(detail).toContain('【弁護士】');
    expect(detail).toContain('統合回答');

    // Word again from the record; the docx code arrives only now, in its own chunk.
    expect(scripts.some((script) => script.includes('word-layout'))).toBe(false);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Wordで出力（1件）' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('相続のFAQ.docx');
    expect(scripts.some((script) => script.includes('word-layout'))).toBe(true);
    const zip = await JSZip.loadAsync(await downloadedBytes(download));
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('専門家の意見:');
    expect(xml).toContain('【税理士】');
    expect(xml).toContain('統合回答:');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Delete asks first; dismissing keeps the record.
    await category.getByRole('button', { name: '「相続のFAQ」を削除' }).click();
    await confirmation.getByRole('button', { name: 'キャンセル' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await expect(items.count()).resolves.toBe(2);
    await category.getByRole('button', { name: '「相続のFAQ」を削除' }).click();
    await confirmation.getByRole('button', { name: '削除' }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await callApi(baseURL, user, 'GET', `/api/generations/${categoryId}`)).status).toBe(
      404,
    );

    await items
      .first()
      .getByRole('button', { name: /を削除$/ })
      .click();
    await confirmation.getByRole('button', { name: '削除' }).click();
    await page.getByText('履歴がありません').waitFor();
    expect(nativeDialogs).toEqual([]);
    expect((await callApi(baseURL, user, 'GET', `/api/generations/${urlId}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });
});
