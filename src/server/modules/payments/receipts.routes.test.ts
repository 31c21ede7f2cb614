import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { emailOutbox, payments } from '../../db/schema.ts';

const work = mkdtempSync(path.join(tmpdir(), 'receipts-'));

/** What a PDF reader shows: the receipt read back with poppler's pdftotext. */
function pdfText(pdf: Buffer): string {
  const file = path.join(work, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function buy(t: TestApp, user: SeededUser, planId: string) {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: user.headers,
    payload: { planId },
  });
  const url = new URL(checkout.json().url);
  await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const list = await t.app.inject({ method: 'GET', url: '/api/payments', headers: user.headers });
  return list.json().purchases[0] as { id: string; receiptUrl: string };
}

function receipt(t: TestApp, user: SeededUser | null, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/payments/${id}/receipt.pdf`,
    ...(user ? { headers: user.headers } : {}),
  });
}

describe('receipts (適格請求書)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SELLER_NAME: '株式会社テスト販売', BRAND_NAME: 'FAQ工房' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints the seller, registration number, dates in Japan time, pack, amount and 10% tax', async () => {
    const user = await seedUser(t.app);
    const setProfile = await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: '株式会社サンプル商事' },
    });
    expect(setProfile.statusCode).toBe(200);
    const purchase = await buy(t, user, 'standard');
    // Completed at 00:30 on 1 April in Japan, still 31 March in UTC.
    await t.app.db
      .update(payments)
      .set({ completedAt: new Date('2026-03-31T15:30:00Z') })
      .where(eq(payments.id, purchase.id));

    const response = await receipt(t, user, purchase.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="receipt-R-20260401-[0-9A-F]{8}\.pdf"/,
    );
    const text = pdfText(response.rawPayload);
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
    expect(text).toContain('領収書');
    expect(text).toContain('適格請求書');
    expect(text).toContain('株式会社サンプル商事');
    expect(text).toContain('登録番号：T1234567890123');
    expect(text).toContain('株式会社テスト販売');
    expect(text).toContain('〒100-0005 東京都千代田区丸の内1-1-1');
    expect(text).toContain('取引日：2026年4月1日');
    const today = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'long',
    }).format(new Date());
    expect(text).toContain(`発行日：${today}`);
    expect(text).toContain('FAQ工房 スタンダードプラン（500クレジット）');
    expect(text).toContain('¥4,000');
    expect(text).toMatch(/10%対象（税込）\s+¥4,000/);
    // floor(4000 × 10 / 110) = 363
    expect(text).toMatch(/内消費税（10%）\s+¥363/);
    expect(text).toContain('1円未満を切り捨て');
  });

  it('is for its owner only, and only for a paid purchase', async () => {
    const owner = await seedUser(t.app);
    const other = await seedUser(t.app);
    const purchase = await buy(t, owner, 'light');
    expect((await receipt(t, other, purchase.id)).statusCode).toBe(404);
    expect((await receipt(t, null, purchase.id)).statusCode).toBe(401);
    expect((await receipt(t, owner, 'no-such-payment')).statusCode).toBe(404);
    // A checkout that was never paid has no receipt and is not in the history.
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: owner.headers,
      payload: { planId: 'pro' },
    });
    expect(checkout.statusCode).toBe(200);
    const [pending] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.status, 'pending'))
      .limit(1);
    expect((await receipt(t, owner, pending!.id)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: owner.headers,
    });
    expect(list.json().purchases).toEqual([
      expect.objectContaining({
        id: purchase.id,
        planName: 'ライト',
        amountYen: 1000,
        taxYen: 90,
        status: 'completed',
        receiptUrl: `/api/payments/${purchase.id}/receipt.pdf`,
      }),
    ]);
  });

  it('prints the 宛名 set after buying, then keeps it as first issued', async () => {
    const user = await seedUser(t.app);
    const purchase = await buy(t, user, 'light');
    const blank = pdfText((await receipt(t, user, purchase.id)).rawPayload);
    expect(blank).not.toContain('山田 花子');
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: '山田 花子' },
    });
    expect(pdfText((await receipt(t, user, purchase.id)).rawPayload)).toMatch(/山田 花子\s+様/);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: '別の名前' },
    });
    const again = pdfText((await receipt(t, user, purchase.id)).rawPayload);
    expect(again).toMatch(/山田 花子\s+様/);
    expect(again).not.toContain('別の名前');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/account/billing-profile',
      headers: user.headers,
    });
    expect(profile.json().name).toBe('別の名前');
  });

  it('prints no 様 after a 宛名 that ends in 御中 or 様 already', async () => {
    const user = await seedUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: '株式会社サンプル 経理部 御中' },
    });
    const purchase = await buy(t, user, 'light');
    const text = pdfText((await receipt(t, user, purchase.id)).rawPayload);
    expect(text).toContain('株式会社サンプル 経理部 御中');
    expect(text).not.toMatch(/御中\s*様/);
  });

  it.each([
    ['山田 花子', '山田 花子\u3000様'],
    ['株式会社サンプル御中', '株式会社サンプル御中'],
    ['株式会社サンプル 御中 ', '株式会社サンプル 御中'],
    ['山田 花子 様', '山田 花子 様'],
    ['山田花子様', '山田花子様'],
    ['山田 太郎 殿', '山田 太郎 殿'],
    ['御中株式会社', '御中株式会社\u3000様'],
    [null, '\u3000様'],
  ])('the 宛名 line of %j is %j', async (name, line) => {
    const { addresseeLine } = await import('./receipt-pdf.ts');
    expect(addresseeLine(name)).toBe(line);
  });

  it('marks a refunded purchase on its receipt and in the history', async () => {
    const user = await seedUser(t.app);
    const purchase = await buy(t, user, 'light');
    await t.app.db
      .update(payments)
      .set({ status: 'refunded', refundedCredits: 100, refundedYen: 1000 })
      .where(eq(payments.id, purchase.id));
    expect(pdfText((await receipt(t, user, purchase.id)).rawPayload)).toContain('全額返金済み');
    const list = await t.app.inject({ method: 'GET', url: '/api/payments', headers: user.headers });
    expect(list.json().purchases[0]).toMatchObject({ status: 'refunded', refundedYen: 1000 });
  });

  it('puts the same figures in the purchase e-mail', async () => {
    const user = await seedUser(t.app);
    await buy(t, user, 'pro');
    const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail!.text).toContain('金額：¥12,000（税込）');
    // floor(12000 × 10 / 110) = 1090
    expect(mail!.text).toContain('10%対象 ¥12,000、内消費税 ¥1,090');
    expect(mail!.text).toContain('登録番号：T1234567890123');
    expect(mail!.text).toContain('FAQ工房 プロプラン（2000クレジット）');
  });

  it('validates the billing profile in Japanese and requires sign-in', async () => {
    const user = await seedUser(t.app);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('宛名を入力してください');
    const long = await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: user.headers,
      payload: { name: 'あ'.repeat(101) },
    });
    expect(long.json().error.message).toBe('宛名は100文字以内で入力してください');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/billing-profile' });
    expect(anonymous.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/account/billing-profile',
      headers: user.headers,
    });
    expect(fresh.json()).toEqual({ name: null, updatedAt: null });
  });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('receipts without a registration number (production without one)', () => {
  it('are plain 領収書 with no number', async () => {
    const { renderReceiptPdf } = await import('./receipt-pdf.ts');
    const pdf = await renderReceiptPdf({
      number: 'R-20260101-ABCDEF12',
      issuedAt: new Date('2026-01-01T00:00:00Z'),
      transactionAt: new Date('2026-01-01T00:00:00Z'),
      buyerName: null,
      itemName: 'FAQ工房 ライトプラン（100クレジット）',
      amountYen: 1000,
      taxYen: 90,
      taxRatePercent: 10,
      seller: {
        name: '販売者',
        address: '住所',
        phone: '電話',
        email: 'a@b.jp',
        registrationNumber: null,
      },
      note: null,
    });
    const text = pdfText(pdf);
    expect(text).toContain('領収書');
    expect(text).not.toContain('適格請求書');
    expect(text).not.toContain('登録番号');
  });
});
