import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { signInCodes } from '../../db/schema.ts';
import { sha256 } from './refresh-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const STATE = 'state-kept-by-the-tab-0123456789';

async function newCode(accessToken: string, state = STATE) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-codes',
    headers: bearer(accessToken),
    payload: { state },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { code: string; expires_in: number };
}
const exchange = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-codes/exchange',
    payload: payload as Record<string, unknown>,
  });

describe('sign-in codes', () => {
  it('exchanges a code once, with its state, for a new session of the same user', async () => {
    const account = await signupViaApi(t.app);
    const { code, expires_in } = await newCode(account.access_token);
    expect(expires_in).toBe(60);
    const response = await exchange({ code, state: STATE });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.id).toBe(account.user.id);
    expect(body.refresh_token).not.toBe(account.refresh_token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.access_token),
    });
    expect(me.json().id).toBe(account.user.id);

    const again = await exchange({ code, state: STATE });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      'ログイン情報が無効か有効期限が切れています。もう一度ログインしてください',
    );
  });

  it('refuses a code with another state, an expired code and bad input', async () => {
    const account = await signupViaApi(t.app);
    const { code } = await newCode(account.access_token);
    expect((await exchange({ code, state: 'another-tab-state-0123456789' })).statusCode).toBe(400);
    // The wrong state did not use it up for the right tab.
    expect((await exchange({ code, state: STATE })).statusCode).toBe(200);

    const late = await newCode(account.access_token);
    await t.app.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.codeHash, sha256(late.code)));
    expect((await exchange({ code: late.code, state: STATE })).statusCode).toBe(400);

    for (const bad of [
      {},
      { code: 'x' },
      { code: 1, state: STATE },
      { code: 'x', state: 'short' },
    ]) {
      const response = await exchange(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('makes codes only for a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-codes',
      payload: { state: STATE },
    });
    expect(response.statusCode).toBe(401);
  });

  it('stores neither the code nor the state in the clear', async () => {
    const account = await signupViaApi(t.app);
    const { code } = await newCode(account.access_token);
    const [row] = await t.app.db
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.codeHash, sha256(code)));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(STATE);
  });
});
