import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { bearer, signupViaApi, uniqueEmail } from '../../../../tests/helpers/accounts.ts';
import { emailOutbox, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Session {
  email: string;
  password: string;
  body: { access_token: string; refresh_token: string; user: { id: string } };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * What may differ between two accounts made a moment apart: their ids, tokens, addresses and
 * times. Everything else (statuses, keys, numbers, flags, messages) must be equal.
 */
function comparable(value: unknown, session: Session): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, session));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, key === 'issued_at' ? typeof item : comparable(item, session)]),
    );
  }
  if (typeof value !== 'string') return value;
  if (value === session.email) return '<email>';
  if (value === session.body.user.id) return '<id>';
  if (value === session.body.access_token || value === session.body.refresh_token) return '<token>';
  if (ISO_TIME.test(value)) return '<time>';
  if (/^[A-Za-z0-9_.-]{32,}$/.test(value) || /^faq_\d+_[0-9a-f]+$/.test(value)) return '<random>';
  return value;
}

async function signUp(email: string): Promise<Session> {
  const password = 'attacker-password';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, displayName: '調査' },
  });
  expect(response.statusCode).toBe(201);
  return { email, password, body: response.json() };
}

/** Everything a client can do with what sign-up gave it, in order, as status and body. */
async function followUps(session: Session) {
  const auth = bearer(session.body.access_token);
  const calls: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/auth/me' },
    { method: 'GET', url: '/api/credits' },
    { method: 'GET', url: '/api/generations' },
    { method: 'GET', url: '/api/referrals' },
    { method: 'GET', url: '/api/account/billing-profile' },
    { method: 'GET', url: '/api/ai/providers' },
    { method: 'PATCH', url: '/api/auth/me', payload: { displayName: '調査2' } },
    { method: 'POST', url: '/api/auth/confirm-email/resend' },
    {
      method: 'POST',
      url: '/api/generations',
      payload: { method: 'url', textInput: '営業時間は10時から18時です。'.repeat(5), faqCount: 3 },
    },
  ];
  const results: unknown[] = [];
  for (const call of calls) {
    const response = await t.app.inject({ ...call, headers: auth });
    results.push([
      call.method,
      call.url,
      response.statusCode,
      comparable(tryJson(response.body), session),
    ]);
  }
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: session.body.refresh_token },
  });
  results.push([
    'refresh',
    refreshed.statusCode,
    Object.keys(tryJson(refreshed.body) as object).sort(),
  ]);
  const loggedOut = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refresh_token: refreshed.json().refresh_token },
  });
  results.push(['logout', loggedOut.statusCode]);
  return results;
}

function tryJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

describe('sign-up for a registered address', () => {
  it('gives a session that answers every follow-up exactly as a new account does', async () => {
    const registered = uniqueEmail('owner');
    const owner = await signupViaApi(t.app, { email: registered, password: 'owner-password' });

    const fresh = await signUp(uniqueEmail('fresh'));
    const probe = await signUp(registered);
    expect(comparable(probe.body, probe)).toEqual(comparable(fresh.body, fresh));
    expect(await followUps(probe)).toEqual(await followUps(fresh));

    // The owner's account is untouched and still theirs alone.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registered, password: 'owner-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: owner.user.id, emailConfirmed: true });
    // Signing in again with what was typed at sign-up works alike too, into the same account.
    const signIns = await Promise.all(
      [probe, fresh].map((session) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: session.email, password: session.password },
        }),
      ),
    );
    expect(signIns.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(signIns.map((response) => response.json().user.id)).toEqual([
      probe.body.user.id,
      fresh.body.user.id,
    ]);
    const [real] = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.email, registered), eq(users.shadow, false)));
    expect(real!.id).toBe(owner.user.id);
    // The resend above mailed the new address its link, and the registered one nothing more.
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, registered));
    expect(mails.filter((mail) => mail.kind === 'email_confirmation')).toHaveLength(1);
    const freshMails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, fresh.email));
    expect(freshMails.filter((mail) => mail.kind === 'email_confirmation')).toHaveLength(2);
  });
});

describe('shadow accounts in the admin screens', () => {
  it('are neither listed nor counted as users', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    const headers = { authorization: `Bearer ${admin.json().token}` };
    const totalUsers = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers })).json()
        .totalUsers as number;
    const registered = uniqueEmail('listed');
    const owner = await signupViaApi(t.app, { email: registered });
    const before = await totalUsers();
    await signUp(registered);
    expect(await totalUsers()).toBe(before);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(registered)}`,
      headers,
    });
    expect(list.json().users.map((row: { id: string }) => row.id)).toEqual([owner.user.id]);
  });
});
