import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

async function buyWithDemo(token: string, planId: string) {
  const checkout = await fetch(`${baseURL}/api/payments/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ planId }),
  });
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${url}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

describe('operator records', () => {
  it('shows 売上 with CSV, the user history in the dialog, and the action log', async () => {
    const buyer = await signUpViaApi(baseURL);
    await buyWithDemo(buyer.tokens.access_token, 'standard');
    const { page, context, problems } = await browser.open({ baseURL });
    await page.goto('/admin/login');
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('admin123');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    // Other files buy on the same server: the screen must show what the API totals for today.
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('faq-kobo.admin-session')!) as { token: string }).token,
    );
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const api = await fetch(`${baseURL}/api/admin/sales?period=day&from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { totals } = (await api.json()) as { totals: { grossYen: number; taxYen: number } };
    expect(totals.grossYen).toBeGreaterThanOrEqual(4000);
    const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`;

    await page.getByRole('tab', { name: '売上' }).click();
    const todayRow = page.getByTestId('sales-row').filter({ hasText: today });
    await todayRow.waitFor();
    await expect(todayRow.textContent()).resolves.toContain(
      `${yen(totals.grossYen)}${yen(totals.taxYen)}`,
    );
    // Under the figures, the day's single purchases name the buyer, the pack and the yen.
    const purchase = page.getByTestId('sales-purchase-row').filter({ hasText: buyer.email });
    await purchase.waitFor();
    await expect(purchase.textContent()).resolves.toMatch(/スタンダード¥4,000.*デモ決済支払い済み/);
    await page.getByLabel('集計単位').selectOption('month');
    await page
      .getByTestId('sales-row')
      .filter({ hasText: today.slice(0, 7) })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSVエクスポート' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales_month_.*\.csv$/);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv.startsWith('\uFEFF"月","購入件数","売上（税込）","内消費税"')).toBe(true);

    await page.getByRole('tab', { name: 'ユーザー管理' }).click();
    await page.getByLabel('ユーザー検索').fill(buyer.email);
    await page.getByRole('button', { name: `${buyer.email}の詳細` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('history-ledger-row').filter({ hasText: '購入' }).waitFor();
    await dialog.getByRole('tab', { name: '購入' }).click();
    await expect(dialog.getByTestId('history-purchase-row').textContent()).resolves.toMatch(
      /スタンダード¥4,000支払い済み/,
    );
    await dialog.getByRole('button', { name: '10増やす' }).click();
    await dialog.getByLabel('社内メモ（任意・お客様には表示されません）').fill('E2E確認用の調整');
    await dialog.getByRole('button', { name: 'クレジットを調整' }).click();
    await page.getByText('10クレジットを追加しました').waitFor();

    await page.getByRole('tab', { name: '操作ログ' }).click();
    const entry = page.getByTestId('action-log-row').filter({ hasText: 'E2E確認用の調整' });
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('クレジット調整');
    // The user is named by e-mail; the UUID is left to the copy button.
    await expect(entry.textContent()).resolves.toContain(buyer.email);
    await expect(entry.textContent()).resolves.not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await entry.getByRole('button', { name: new RegExp(`${buyer.email}.*のIDをコピー`) }).waitFor();
    await page.getByTestId('action-log-row').filter({ hasText: 'ログイン' }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
