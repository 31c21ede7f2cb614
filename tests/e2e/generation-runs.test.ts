import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
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

interface Record {
  id: string;
  stage: string;
  questions: string[];
  creditsUsed: number;
  error: string | null;
}

function waitForStage(user: SignedUpUser, id: string, stage: string) {
  return waitForStageOf<Record>(baseURL, user, id, stage);
}

/** A draft: questions made through the public API, waiting for the user's choice. */
async function draft(user: SignedUpUser): Promise<Record> {
  const created = await callApi(baseURL, user, 'POST', '/api/generations', {
    method: 'url',
    url: `${siteUrl}/`,
    faqCount: 5,
  });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  return waitForStage(user, id, 'questions_ready');
}

describe('generation runs in the browser', () => {
  it('draft → 続きから → 再生成 on the same record → answers → edit saved as 編集済み, leaving asks first', async () => {
    const user = await signUpViaApi(baseURL);
    const saved = await draft(user);
    const { page, context, problems } = await browser.open({ baseURL });
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const answerRequests: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/answers'))
        answerRequests.push(request.headers()['idempotency-key']);
    });
    await signInPage(page, user.tokens);
    await page.goto('/history');
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('質問を選択待ち');
    await entry.getByRole('link', { name: /を続きから$/ }).click();
    await page.waitForURL(`**/generate?draft=${saved.id}`);

    const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('listitem');
    await questions.first().waitFor();
    const shown = await questions.allTextContents();
    expect(shown).toHaveLength(saved.questions.length);
    saved.questions.forEach((question, index) =>
      expect(shown[index]).toContain(`Q${index + 1}. ${question}`),
    );

    await page.getByRole('button', { name: '再生成' }).click();
    await page.getByTestId('progress-message').waitFor();
    await questions.first().waitFor({ timeout: 30_000 });
    const list = (await (await callApi(baseURL, user, 'GET', '/api/generations')).json()) as {
      generations: Record[];
    };
    // The same record, with the next-best questions.
    expect(list.generations.map((record) => record.id)).toEqual([saved.id]);
    const regenerated = await waitForStage(user, saved.id, 'questions_ready');
    await expect(questions.count()).resolves.toBe(regenerated.questions.length);
    await expect(questions.first().textContent()).resolves.toContain(regenerated.questions[0]);

    await questions.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: /選択した質問の回答を作成（1件）/ }).click();
    const answer = page.getByRole('textbox', { name: 'A1' });
    await answer.waitFor({ timeout: 30_000 });
    expect(answerRequests).toHaveLength(1);
    expect(answerRequests[0]).toMatch(/^[0-9a-f-]{32,36}$/);

    // Leaving with an edit not yet saved asks in the page; staying keeps the edit.
    await answer.fill('営業時間は平日の午前10時から午後7時までです。');
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴', exact: true })
      .click();
    const leave = page.getByRole('alertdialog', {
      name: '保存されていない編集があります。このページを離れますか？',
    });
    await leave.getByRole('button', { name: 'キャンセル' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/generate');

    await answer.blur();
    await page.getByText('編集済み').waitFor();
    await expect
      .poll(async () => {
        const record = (await (
          await callApi(baseURL, user, 'GET', `/api/generations/${saved.id}`)
        ).json()) as {
          items: { answer: string; edited?: boolean }[];
        };
        return record.items[0];
      })
      .toMatchObject({ answer: '営業時間は平日の午前10時から午後7時までです。', edited: true });
    await page.getByText('保存中…').waitFor({ state: 'detached' });

    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '履歴', exact: true })
      .click();
    await page.waitForURL('**/history');
    const done = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    // The list seen before shows until its fresh read arrives.
    await done.getByText('完了').waitFor();
    await done.getByRole('button', { name: '詳細' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText('編集済み').waitFor();
    await expect(detail.textContent()).resolves.toContain(
      '営業時間は平日の午前10時から午後7時までです。',
    );
    expect(nativeDialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/history shows a job finishing while it is open: 完了 and its credits, without a reload', async () => {
    const user = await signUpViaApi(baseURL);
    const saved = await draft(user);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/history');
    const entry = page.getByRole('list', { name: '生成履歴' }).getByRole('listitem').first();
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('質問を選択待ち');
    let navigations = 0;
    page.on('framenavigated', () => navigations++);

    const answers = await callApi(baseURL, user, 'POST', `/api/generations/${saved.id}/answers`, {
      questions: saved.questions.slice(0, 2),
    });
    expect(answers.status).toBe(202);
    await entry.getByText('完了').waitFor({ timeout: 30_000 });
    await expect(entry.textContent()).resolves.toContain('消費クレジット：2');
    expect(navigations).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
