import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const WEBHOOK_SECRET = 'whsec_e2e_receipts';
const signer = new Stripe('sk_test_signer');
const browser = useBrowser();
let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-e2e-stripe-'));

/** A second server, configured for Stripe and pointed at the local stand-in. */
beforeAll(async () => {
  stripeApi = await startFakeStripe();
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
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${stripeApi.port}`,
    SELLER_REGISTRATION_NUMBER: 'T9876543210987',
  }));
});
afterAll(async () => {
  await server?.stop();
  await stripeApi?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function sendEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Date.now()}`,
    object: 'event',
    type,
    data: { object },
  });
  const response = await fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    body: payload,
  });
  expect(response.status).toBe(200);
}

function pdfText(pdf: Buffer) {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
}

describe('Stripe purchase → 領収書 → refund, against a Stripe-compatible stand-in', () => {
  it('credits on the signed webhook, issues the receipt, and marks it refunded', async () => {
    const baseURL = server.url;
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);

    const checkout = await fetch(`${baseURL}/api/payments/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.tokens.access_token}`,
      },
      body: JSON.stringify({ planId: 'standard' }),
    });
    expect(checkout.status).toBe(200);
    const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname
      .split('/')
      .pop()!;
    await sendEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: `pi_${sessionId}`,
      amount_total: 4000,
      currency: 'jpy',
      metadata: { plan_id: 'standard', user_id: user.user.id },
    });

    await page.goto(`/credits?success=true&plan=standard&session_id=${sessionId}`);
    await page.getByText('お支払いが完了し、クレジットが付与されました').waitFor();
    await page.getByLabel('領収書の宛名（氏名または会社名）').fill('合同会社ストライプ検証');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('領収書の宛名を保存しました').waitFor();
    const row = page.getByTestId('purchase-row');
    await expect(row.textContent()).resolves.toMatch(/スタンダード.*¥4,000内消費税 ¥363支払い済み/);

    const receipt = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: /の領収書をダウンロード$/ }).click(),
      ]);
      return pdfText(await downloadedBytes(download));
    };
    const paid = await receipt();
    expect(paid).toMatch(/合同会社ストライプ検証\s+様/);
    expect(paid).toContain('登録番号：T9876543210987');
    expect(paid).toMatch(/内消費税（10%）\s+¥363/);
    expect(paid).not.toContain('返金');

    await sendEvent('charge.refunded', {
      id: 'ch_e2e',
      object: 'charge',
      payment_intent: `pi_${sessionId}`,
      amount: 4000,
      amount_refunded: 4000,
    });
    await page.reload();
    await row.getByText('返金済み').waitFor();
    const refunded = await receipt();
    expect(refunded).toContain('全額返金済み');
    // The receipt keeps the 宛名 and figures it was first issued with.
    expect(refunded).toMatch(/合同会社ストライプ検証\s+様/);
    expect(refunded).toMatch(/内消費税（10%）\s+¥363/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
