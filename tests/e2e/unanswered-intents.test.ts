import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { callApi, signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

const HEADING = 'ページに答えがない、よくある質問';
// Hours and closed days are on the page; parking, booking, payment and the address are not.
const PASTED = '山田ベーカリーの営業時間は午前7時から午後7時です。定休日は水曜日です。';
const PARKING = '駐車場はありますか？';
const OWNER_ANSWER = '店舗前に2台分の駐車場があります。';

describe('ページに答えがない、よくある質問', () => {
  it('text → answers → the section lists what the text leaves out → the owner answers one → a free FAQ', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/generate');
    await page.getByLabel('テキスト（URLの代わりに、または追加の資料として）').fill(PASTED);
    await page.getByRole('button', { name: '質問を生成する' }).click();
    const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('checkbox');
    await questions.first().waitFor({ timeout: 30_000 });
    await questions.first().check();
    await page.getByRole('button', { name: /選択した質問の回答を作成（1件）/ }).click();

    const results = page.getByRole('list', { name: '作成したFAQ' }).getByRole('listitem');
    await results.first().waitFor({ timeout: 30_000 });
    await expect(results.count()).resolves.toBe(1);
    // The answer's charge reaches the page after the results: wait for the server's balance.
    const serverCredits = async () =>
      String(
        (
          (await (await callApi(baseURL, user, 'GET', '/api/auth/me')).json()) as {
            credits: number;
          }
        ).credits,
      );
    const charged = await serverCredits();
    await expect.poll(() => page.getByTestId('generate-balance').textContent()).toBe(charged);
    const balance = charged;

    const section = page.getByRole('region', { name: HEADING });
    await section.waitFor();
    await expect(section.getByText(/営業時間/).count()).resolves.toBe(0);
    await section.screenshot({ path: '/tmp/faq-kobo-unanswered-1280.png' });

    await section.getByRole('textbox', { name: PARKING }).fill(OWNER_ANSWER);
    await section.getByRole('button', { name: `「${PARKING}」をFAQに追加` }).click();
    await page.getByText('FAQに追加しました（クレジットは消費していません）').waitFor();
    await section.getByText('FAQに追加済み（Q2）').waitFor();
    await expect(results.count()).resolves.toBe(2);
    await expect(page.getByRole('textbox', { name: 'A2' }).inputValue()).resolves.toBe(
      OWNER_ANSWER,
    );
    // Free: the balance the page shows and the server's agree and did not move.
    await expect(page.getByTestId('generate-balance').textContent()).resolves.toBe(balance);
    await expect(serverCredits()).resolves.toBe(balance);
    await page.screenshot({ path: '/tmp/faq-kobo-unanswered-1280-page.png', fullPage: true });

    // The record keeps it: reopened on a phone-sized screen, the question shows as added.
    const list = (await (await callApi(baseURL, user, 'GET', '/api/generations')).json()) as {
      generations: { id: string; items: { question: string; answer: string }[] }[];
    };
    const record = list.generations[0]!;
    expect(record.items.at(-1)).toMatchObject({ question: PARKING, answer: OWNER_ANSWER });
    const phone = await browser.open({ baseURL, width: 390, height: 844 });
    await signInPage(phone.page, user.tokens);
    await phone.page.goto(`/generate?draft=${record.id}`);
    const again = phone.page.getByRole('region', { name: HEADING });
    await again.getByText('FAQに追加済み（Q2）').waitFor({ timeout: 30_000 });
    await again.screenshot({ path: '/tmp/faq-kobo-unanswered-390.png' });
    await phone.page.goto('/history');
    await phone.page.getByRole('button', { name: '詳細' }).first().click();
    await phone.page.getByRole('dialog').getByRole('region', { name: HEADING }).waitFor();
    await phone.page.screenshot({ path: '/tmp/faq-kobo-unanswered-390-history.png' });

    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
