import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();
const work = mkdtempSync(path.join(tmpdir(), 'e2e-receipts-'));

beforeAll(async () => {});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

describe('purchase history and 領収書 on /credits', () => {
  it('sets the 宛名, buys, lists the purchase with its tax and downloads the receipt', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/credits');
    await page.getByText('購入履歴はまだありません。').waitFor();

    const field = page.getByLabel('領収書の宛名（氏名または会社名）');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('宛名を入力してください').waitFor();
    await field.fill('株式会社E2E商事');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('領収書の宛名を保存しました').waitFor();

    const checkout = await fetch(`${baseURL}/api/payments/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.tokens.access_token}`,
      },
      body: JSON.stringify({ planId: 'light' }),
    });
    await page.goto(((await checkout.json()) as { url: string }).url);
    await page.getByRole('button', { name: '支払う（デモ）' }).click();
    await page.waitForURL((url) => url.pathname === '/credits');

    const row = page.getByTestId('purchase-row');
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(
      /ライト（100クレジット）¥1,000内消費税 ¥90支払い済み/,
    );
    await expect(field.inputValue()).resolves.toBe('株式会社E2E商事');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /の領収書をダウンロード$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^領収書_\d{4}-\d{2}-\d{2}_ライト\.pdf$/);
    const file = path.join(work, 'receipt.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/株式会社E2E商事\s+様/);
    expect(text).toContain('登録番号：T1234567890123');
    expect(text).toMatch(/内消費税（10%）\s+¥90/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
