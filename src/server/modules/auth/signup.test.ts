import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import {
  bearer,
  confirmEmailViaApi,
  signupViaApi,
  uniqueEmail,
} from '../../../../tests/helpers/accounts.ts';
import {
  creditTransactions,
  emailOutbox,
  refreshTokens,
  referrals,
  users,
} from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';
import { sha256 } from './refresh-tokens.ts';

const t = useTestApp();

const signup = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

async function ledgerRows(userId: string) {
  return t.app.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
}

describe('POST /api/auth/signup', () => {
  it('creates the user and exactly the token set; the 50-credit bonus waits for confirmation', async () => {
    const email = uniqueEmail();
    const before = Math.floor(Date.now() / 1000);
    const response = await signup({
      email: `  ${email.toUpperCase()} `,
      password: 'password123',
      displayName: '  山田商店 ',
    });
    const after = Math.ceil(Date.now() / 1000);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'issued_at',
      'refresh_expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(body.issued_at).toBeGreaterThanOrEqual(before);
    expect(body.issued_at).toBeLessThanOrEqual(after);
    expect(Object.keys(body.user).sort()).toEqual([
      'avatarUrl',
      'createdAt',
      'credits',
      'displayName',
      'email',
      'emailConfirmed',
      'faqCount',
      'id',
    ]);
    expect(body.user).toMatchObject({
      email,
      displayName: '山田商店',
      avatarUrl: null,
      credits: 0,
      faqCount: 0,
      emailConfirmed: false,
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    expect(await ledgerRows(body.user.id)).toHaveLength(0);

    expect((await confirmEmailViaApi(t.app, email)).statusCode).toBe(200);
    const rows = await ledgerRows(body.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'signup_bonus',
      amount: 50,
      description: '新規登録ボーナス',
      reference: `signup:${body.user.id}`,
    });
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!.passwordHash).not.toContain('password123');

    // The refresh token is stored only as its SHA-256.
    const tokens = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, body.user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(sha256(body.refresh_token));
    expect(JSON.stringify(tokens)).not.toContain(body.refresh_token);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ ...body.user, credits: 50, emailConfirmed: true });
  });

  it('stores a blank display name as null and ignores fields it does not know', async () => {
    const response = await signup({
      email: uniqueEmail(),
      password: 'password123',
      displayName: '   ',
      credits: 100_000,
      id: 'chosen-by-client',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ displayName: null, credits: 0 });
    expect(response.json().user.id).not.toBe('chosen-by-client');
  });

  it('answers an already registered address (any letter case) exactly like a new one and mails its owner', async () => {
    const email = uniqueEmail();
    const owner = await signupViaApi(t.app, { email });
    const fresh = await signup({ email: uniqueEmail(), password: 'another-password' });
    const response = await signup({ email: email.toUpperCase(), password: 'another-password' });
    expect(response.statusCode).toBe(fresh.statusCode);
    const body = response.json();
    const freshBody = fresh.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(body.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(body.user).toMatchObject({
      email,
      credits: 0,
      faqCount: 0,
      emailConfirmed: false,
      displayName: null,
      avatarUrl: null,
    });
    expect(body.user.id).not.toBe(owner.user.id);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing of the owner's account was created, changed or handed out: the session is a
    // shadow account's (signup-enumeration.test.ts compares what it can do with a new one).
    const [count] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.email, email), eq(users.shadow, false)));
    expect(Number(count!.n)).toBe(1);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.access_token),
    });
    expect(me.json()).toMatchObject({ id: body.user.id, emailConfirmed: false, credits: 0 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const notice = mails.find((mail) => mail.kind === 'signup_existing');
    expect(notice).toMatchObject({ subject: '【FAQ工房】新規登録のお申し込みについて' });
    expect(notice!.text).toContain('このアドレスは既に登録されています');
    // No second confirmation link for the address.
    expect(mails.filter((mail) => mail.kind === 'email_confirmation')).toHaveLength(1);
  });

  it('creates exactly one account and one bonus when identical sign-ups race', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        signup({ email, password: 'password123' }, `10.0.0.${index + 1}`),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const accounts = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.shadow, false)));
    expect(accounts).toHaveLength(1);
    expect((await confirmEmailViaApi(t.app, email)).statusCode).toBe(200);
    const [bonus] = await t.app.db
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`sum(amount)::int` })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, accounts[0]!.id),
          eq(creditTransactions.type, 'signup_bonus'),
        ),
      );
    expect(Number(bonus!.n)).toBe(1);
    expect(Number(bonus!.total)).toBe(50);
    const [account] = await t.app.db.select().from(users).where(eq(users.id, accounts[0]!.id));
    expect(account!.credits).toBe(50);
  });

  const huge = 'あ'.repeat(10_000);
  it.each([
    ['an empty object', {}, 'email'],
    ['no password', { email: 'a@example.jp' }, 'password'],
    ['no e-mail', { password: 'password123' }, 'email'],
    ['an invalid e-mail', { email: 'not-an-email', password: 'password123' }, 'email'],
    ['a 7-character password', { email: 'a@example.jp', password: '1234567' }, 'password'],
    ['a numeric password', { email: 'a@example.jp', password: 12345678 }, 'password'],
    ['a numeric e-mail', { email: 42, password: 'password123' }, 'email'],
    ['a null e-mail', { email: null, password: 'password123' }, 'email'],
    ['a 10 000-character password', { email: 'a@example.jp', password: huge }, 'password'],
    [
      'a 10 000-character e-mail',
      { email: `${huge}@example.jp`, password: 'password123' },
      'email',
    ],
    [
      'a 10 000-character display name',
      { email: 'a@example.jp', password: 'password123', displayName: huge },
      'displayName',
    ],
    [
      'an object as display name',
      { email: 'a@example.jp', password: 'password123', displayName: { x: 1 } },
      'displayName',
    ],
  ])('answers %s with a Japanese 400 naming the field', async (_label, body, field) => {
    const response = await signup(body);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.status).toBe(400);
    expect(error.details.map((detail: { path: string }) => detail.path)).toContain(field);
    expect(error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('names the minimum length in the password message', async () => {
    const response = await signup({ email: 'a@example.jp', password: 'short' });
    expect(response.json().error.message).toContain('パスワードは8文字以上で入力してください');
  });

  it.each([
    ['invalid JSON', 'application/json', '{"email":'],
    ['an empty JSON body', 'application/json', ''],
    ['a JSON array', 'application/json', '[]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['JSON null', 'application/json', 'null'],
  ])('answers %s with 400 in the common error shape, never 500', async (_label, type, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('answers a form-encoded body with 415, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.jp&password=password123',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.status).toBe(415);
  });
});

describe('referral code at sign-up', () => {
  it('credits the referrer +10 for a valid code', async () => {
    const referrer = await signupViaApi(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.user.id);
    const referred = await signupViaApi(t.app, { ref: code });
    expect(referred.user.credits).toBe(50);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, referrer.user.id));
    expect(row!.credits).toBe(60);
    const rows = await t.app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referredUserId: referred.user.id, signupBonusGiven: 1 });
  });

  it.each([
    ['an unknown code', 'REF_DOESNOTEXIST'],
    ['a 10 000-character code', 'R'.repeat(10_000)],
    ['a number', 12345],
    ['an empty string', ''],
    ['an object', { code: 'x' }],
  ])('never blocks sign-up with %s', async (_label, ref) => {
    const email = uniqueEmail();
    const response = await signup({ email, password: 'password123', ref });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect((await confirmEmailViaApi(t.app, email)).statusCode).toBe(200);
    expect(await ledgerRows(body.user.id)).toHaveLength(1);
    const referred = await t.app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, body.user.id));
    expect(referred).toHaveLength(0);
  });
});
