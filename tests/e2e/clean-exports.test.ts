import { AxeBuilder } from '@axe-core/playwright';
import JSZip from 'jszip';
import type { Download, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const siteUrl = inject('fixtureSiteUrl');
const browser = useBrowser();

/** The text of a downloaded Word file's body. */
async function wordText(download: Download): Promise<string> {
  const zip = await JSZip.loadAsync(await downloadedBytes(download));
  return zip.file('word/document.xml')!.async('string');
}

async function downloadWord(page: Page, scope: ReturnType<Page['locator']> | Page = page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: /Wordで出力/ }).click(),
  ]);
  return download;
}

/** WCAG 2.1 A and AA findings inside the export controls. */
async function exportControlViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[role="group"][aria-label="エクスポート"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => violation.id);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('公開用 and 確認用 exports (docs/adr/030-public-and-review-exports.md)', () => {
  it('the results screen exports a 公開用 Word file without 根拠 by default, 確認用 on request; history offers the same at 390 px', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/generate');
    await page.getByLabel('WebサイトのURL').fill(`${siteUrl}/`);
    await page.getByRole('button', { name: '質問を生成する' }).click();
    const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('checkbox');
    await questions.first().waitFor({ timeout: 30_000 });
    for (let index = 0; index < 2; index++) await questions.nth(index).check();
    await page.getByRole('button', { name: /選択した質問の回答を作成（2件）/ }).click();
    const results = page.getByRole('list', { name: '作成したFAQ' }).getByRole('listitem');
    await results.first().waitFor({ timeout: 30_000 });

    // The choice sits with the export buttons, 公開用 chosen.
    const choice = page.getByRole('radiogroup', { name: '出力内容' });
    await choice.waitFor();
    expect(await choice.getByRole('radio', { name: '公開用' }).isChecked()).toBe(true);
    expect(await choice.getByRole('radio', { name: '確認用' }).isChecked()).toBe(false);
    expect(await exportControlViolations(page)).toEqual([]);

    const published = await downloadWord(page);
    expect(published.suggestedFilename()).toMatch(/のFAQ\.docx$/);
    const publishedText = await wordText(published);
    expect(publishedText).toContain('Q1: ');
    expect(publishedText).toContain('A: ');
    expect(publishedText).not.toContain('根拠');
    expect(publishedText).not.toContain('出典');
    expect(publishedText).not.toContain(siteUrl);

    // The same answers in the review copy carry their 根拠: the public one left them out.
    await choice.getByRole('radio', { name: '確認用' }).click();
    const reviewed = await downloadWord(page);
    expect(reviewed.suggestedFilename()).toMatch(/のFAQ（確認用）\.docx$/);
    const reviewedText = await wordText(reviewed);
    expect(reviewedText).toContain('根拠: ');
    expect(reviewedText).toContain('出典: ');

    // Saved to the file storage, in Japanese words.
    await page.getByRole('button', { name: 'その他の形式' }).click();
    await page.getByRole('menuitem', { name: 'Wordをファイル保管庫に保存' }).click();
    await page.getByText(/のFAQ（確認用）\.docx」を保存しました/).waitFor();
    await context.close();

    // History on a phone: the same control, in view, and 公開用 again by default.
    const phone = await browser.open({ baseURL, width: 390, height: 844 });
    await signInPage(phone.page, user.tokens);
    await phone.page.goto('/history');
    await phone.page.getByRole('button', { name: '詳細' }).first().click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.waitFor();
    const phoneChoice = dialog.getByRole('radiogroup', { name: '出力内容' });
    await phoneChoice.scrollIntoViewIfNeeded();
    const box = await phoneChoice.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await phoneChoice.getByRole('radio', { name: '公開用' }).isChecked()).toBe(true);
    expect(await horizontalOverflow(phone.page)).toBe(0);
    expect(await exportControlViolations(phone.page)).toEqual([]);
    // Chosen by keyboard as well: the arrow key moves to 確認用 and back.
    // The dialog moves focus to its first control as it opens: the radio is focused only once
    // the page says so, or the key goes elsewhere.
    const publicRadio = phoneChoice.getByRole('radio', { name: '公開用' });
    await expect
      .poll(async () => {
        await publicRadio.focus();
        return publicRadio.evaluate((element) => element === document.activeElement);
      })
      .toBe(true);
    // The key is held as a person holds it: the radio group moves focus in a timer after the
    // keydown and checks the radio only while the arrow is still down (an instant press that
    // releases first moves focus without choosing).
    await phone.page.keyboard.down('ArrowDown');
    await expect
      .poll(() => phoneChoice.getByRole('radio', { name: '確認用' }).isChecked())
      .toBe(true);
    await phone.page.keyboard.up('ArrowDown');
    await phone.page.keyboard.down('ArrowUp');
    await expect
      .poll(() => phoneChoice.getByRole('radio', { name: '公開用' }).isChecked())
      .toBe(true);
    await phone.page.keyboard.up('ArrowUp');
    const fromHistory = await downloadWord(phone.page, dialog);
    expect(await wordText(fromHistory)).not.toContain('根拠');
    await phone.context.close();

    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
  });
});
