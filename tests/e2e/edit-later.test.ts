import JSZip from 'jszip';
import type { Download, Locator, Page } from 'playwright-core';
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

interface Item {
  question: string;
  answer: string;
  edited?: boolean;
}

function waitForStage(user: SignedUpUser, id: string, stage: string) {
  return waitForStageOf<{
    stage: string;
    questions: string[];
    items: Item[];
    error: string | null;
  }>(baseURL, user, id, stage);
}

/** A finished record made through the public API, as the generation screen makes it. */
async function generate(user: SignedUpUser, answerCount: number) {
  const created = await callApi(baseURL, user, 'POST', '/api/generations', {
    method: 'url',
    url: `${siteUrl}/`,
    faqCount: 5,
  });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  const ready = await waitForStage(user, id, 'questions_ready');
  const answers = await callApi(baseURL, user, 'POST', `/api/generations/${id}/answers`, {
    questions: ready.questions.slice(0, answerCount),
  });
  expect(answers.status).toBe(202);
  const done = await waitForStage(user, id, 'completed');
  return { id, items: done.items };
}

/** The text of a downloaded Word file's body. */
async function wordText(download: Download): Promise<string> {
  const zip = await JSZip.loadAsync(await downloadedBytes(download));
  return zip.file('word/document.xml')!.async('string');
}

async function downloadWord(page: Page, scope: Locator | Page = page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: /Wordで出力/ }).click(),
  ]);
  return download;
}

const EDITED_ANSWER = '平日は午前10時から午後7時まで、土曜日は午後5時まで営業しています。';
const EDITED_QUESTION = '営業日と営業時間を教えてください';

describe('edit later (issue 24 §5)', () => {
  it('opens a finished FAQ from the history, keeps an edited answer, question and 承認 through a reload, and exports the edited text', async () => {
    const user = await signUpViaApi(baseURL);
    const { id, items: made } = await generate(user, 2);
    expect(made).toHaveLength(2);

    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/history');
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.waitFor();
    await entry.getByRole('link', { name: /を編集$/ }).click();
    await page.waitForURL(`**/generate?draft=${id}`);

    // The results editor, with the record's FAQ.
    const results = page.getByRole('list', { name: '作成したFAQ' }).getByRole('listitem');
    await results.first().waitFor({ timeout: 30_000 });
    await expect(results.count()).resolves.toBe(2);
    const answer = page.getByRole('textbox', { name: 'A1' });
    await expect(answer.inputValue()).resolves.toBe(made[0]!.answer);

    // The answer is saved as typed; the question on 保存.
    await answer.fill(EDITED_ANSWER);
    await answer.blur();
    await results.first().getByText('編集済み').waitFor();
    await results.first().getByText('保存中…').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Q1の質問を編集' }).click();
    await page.getByLabel('Q1の質問', { exact: true }).fill(EDITED_QUESTION);
    await page
      .getByRole('form', { name: 'Q1の質問の編集' })
      .getByRole('button', { name: '保存' })
      .click();
    await results.first().getByText(`Q1. ${EDITED_QUESTION}`).waitFor();
    // Q2 left out of the exports: the choice is kept on the record as well.
    await page.getByRole('checkbox', { name: 'Q2を承認' }).uncheck();
    await expect
      .poll(async () => {
        const record = (await (
          await callApi(baseURL, user, 'GET', `/api/generations/${id}`)
        ).json()) as { items: { approved: boolean }[] };
        return record.items[1]!.approved;
      })
      .toBe(false);

    // A reload shows the record as edited, not as it was made.
    await page.reload();
    await results.first().waitFor({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: 'A1' }).inputValue()).resolves.toBe(
      EDITED_ANSWER,
    );
    await results.first().getByText(`Q1. ${EDITED_QUESTION}`).waitFor();
    await results.first().getByText('編集済み').waitFor();
    // The other FAQ keeps its words, and stays left out.
    await expect(page.getByRole('textbox', { name: 'A2' }).inputValue()).resolves.toBe(
      made[1]!.answer,
    );
    await expect(page.getByRole('checkbox', { name: 'Q2を承認' }).isChecked()).resolves.toBe(false);

    // Exported again, the Word file carries the edited wording, and only the approved FAQ.
    const fromEditor = await wordText(await downloadWord(page));
    expect(fromEditor).toContain(`Q1: ${EDITED_QUESTION}`);
    expect(fromEditor).toContain(`A: ${EDITED_ANSWER}`);
    expect(fromEditor).not.toContain(made[0]!.answer);
    expect(fromEditor).not.toContain(made[1]!.question);

    // Back in the history (inside the app, no reload), its detail and export say the same.
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴' })
      .click();
    await page.waitForURL('**/history');
    await entry.getByRole('button', { name: '詳細' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(EDITED_ANSWER).waitFor();
    expect(await dialog.textContent()).toContain(`Q1. ${EDITED_QUESTION}`);
    const fromHistory = await wordText(await downloadWord(page, dialog));
    expect(fromHistory).toContain(`A: ${EDITED_ANSWER}`);
    expect(fromHistory).toContain(`Q1: ${EDITED_QUESTION}`);
    expect(fromHistory).not.toContain(made[1]!.question);

    expect(problems).toEqual([]);
    await context.close();
  });
});
