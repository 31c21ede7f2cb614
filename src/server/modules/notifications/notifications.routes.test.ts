import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { confirmEmailViaApi } from '../../../../tests/helpers/accounts.ts';
import { EMAIL_BODY_REQUIRED } from '../../../shared/notifications.ts';
import { emailOutbox } from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';

let t: TestApp;
let withSmtp: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp();
  withSmtp = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await withSmtp.close();
  await smtp.close();
});

async function adminHeaders(app: TestApp) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin123' },
  });
  return { authorization: `Bearer ${response.json().token}` };
}

const send = (
  app: TestApp,
  headers: Record<string, string>,
  payload: object,
  project = 'faq-kobo',
) =>
  app.app.inject({
    method: 'POST',
    url: `/api/notifications/${project}/email`,
    headers,
    payload,
  });

describe('POST /api/notifications/{project}/email', () => {
  it('is for administrators only: no token, a user token and another project are refused', async () => {
    const payload = { to: 'a@example.jp', subject: '件名', text: '本文' };
    expect((await send(t, {}, payload)).statusCode).toBe(401);
    const user = await seedUser(t.app);
    expect([401, 403]).toContain((await send(t, user.headers, payload)).statusCode);
    expect((await send(t, await adminHeaders(t), payload, 'other')).statusCode).toBe(404);
    expect(
      await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'a@example.jp')),
    ).toEqual([]);
  });

  it('validates recipients, subject and body in Japanese', async () => {
    const headers = await adminHeaders(t);
    const noBody = await send(t, headers, { to: 'a@example.jp', subject: '件名' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toContain(EMAIL_BODY_REQUIRED);
    const badAddress = await send(t, headers, { to: 'not-an-address', subject: '件名', text: 'x' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().error.message).toContain('メールアドレス');
  });

  it('without SMTP stores the messages for the admin outbox, which shows HTML as source', async () => {
    const headers = await adminHeaders(t);
    const response = await send(t, headers, {
      to: ['one@example.jp', 'two@example.jp'],
      subject: 'メンテナンスのお知らせ',
      html: '<p>12月1日に<b>メンテナンス</b>を行います</p><script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ delivery: 'outbox' });
    const [first] = response.json().ids as string[];
    await t.app.mail.drain();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/emails?status=stored',
      headers,
    });
    expect(list.json().smtpConfigured).toBe(false);
    const subjects = (list.json().emails as { subject: string; to: string }[])
      .filter((email) => email.subject === 'メンテナンスのお知らせ')
      .map((email) => email.to)
      .sort();
    expect(subjects).toEqual(['one@example.jp', 'two@example.jp']);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails/${first}`,
      headers,
    });
    expect(detail.json()).toMatchObject({ status: 'stored', kind: 'other' });
    expect(detail.json().html).toContain('<script>alert(1)</script>');
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/emails/nope', headers });
    expect(missing.statusCode).toBe(404);
    const user = await seedUser(t.app);
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: user.headers,
    });
    expect([401, 403]).toContain(asUser.statusCode);
  });

  it('with SMTP delivers through the server and records it as sent', async () => {
    const headers = await adminHeaders(withSmtp);
    const response = await send(withSmtp, headers, {
      to: 'customer@example.jp',
      subject: '年末年始の営業について',
      text: '12月29日から1月3日まで休業します。',
    });
    expect(response.json()).toMatchObject({ delivery: 'smtp' });
    await withSmtp.app.mail.drain();
    expect(smtp.messages.some((message) => message.to.includes('customer@example.jp'))).toBe(true);
    const [row] = await withSmtp.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, response.json().ids[0]));
    expect(row!.status).toBe('sent');
  });
});

describe('product e-mails', () => {
  it('tells the referrer about each referral bonus: at sign-up and at the first purchase', async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `friend-${Date.now()}@example.jp`, password: 'password123', ref: code },
    });
    expect(signup.statusCode).toBe(201);
    // The sign-up bonus is the referrer's once the friend confirms the address.
    expect((await confirmEmailViaApi(t.app, signup.json().user.email)).statusCode).toBe(200);
    const friend = { authorization: `Bearer ${signup.json().access_token}` };
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: friend,
      payload: { planId: 'standard' },
    });
    await t.app.inject({
      method: 'POST',
      url: `${new URL(checkout.json().url).pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await t.app.mail.drain();
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, referrer.email))
      .orderBy(emailOutbox.createdAt);
    expect(mails.map((mail) => mail.kind)).toEqual(['referral_reward', 'referral_reward']);
    expect(mails[0]!.subject).toBe('【FAQ工房】友達紹介ボーナス10クレジットを付与しました');
    expect(mails[0]!.text).toContain('新規登録されました');
    expect(mails[0]!.text).toContain('現在の残高：10クレジット');
    expect(mails[1]!.text).toContain('初めてクレジットを購入されました');
    expect(mails[1]!.text).toContain('現在の残高：20クレジット');
    const [receipt] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'purchase_receipt'));
    expect(receipt!.text).toContain('付与クレジット：500');
    expect(receipt!.status).toBe('stored');
  });
});
