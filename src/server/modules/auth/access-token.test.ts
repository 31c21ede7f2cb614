import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { ADMIN_TOKEN_AUDIENCE, signAccessToken, USER_TOKEN_AUDIENCE } from './access-token.ts';

let t: TestApp;
let userId: string;
let validToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const account = await signupViaApi(t.app);
  userId = account.user.id;
  validToken = account.access_token;
});
afterAll(async () => {
  await t.close();
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secretKey = () => new TextEncoder().encode(t.config.jwtSecret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

function claims() {
  const now = nowSeconds();
  return { sub: userId, iss: 'faq-kobo', aud: USER_TOKEN_AUDIENCE, iat: now, exp: now + 900 };
}

async function meWith(authorization: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('every authenticated route rejects a bad access token with 401', () => {
  it('accepts the valid token (control)', async () => {
    expect((await meWith(`Bearer ${validToken}`)).statusCode).toBe(200);
    expect((await meWith(`bearer ${validToken}`)).statusCode).toBe(200);
  });

  it('rejects an expired token with the session-expired message', async () => {
    const issuedLongAgo = nowSeconds() - 3600;
    const expired = await signAccessToken(
      t.config.jwtSecret,
      USER_TOKEN_AUDIENCE,
      { sub: userId },
      900,
      issuedLongAgo,
    );
    const response = await meWith(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'セッションの有効期限が切れました。もう一度ログインしてください',
    });
  });

  const forgeries: [string, () => Promise<string>][] = [
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = validToken.split('.');
        return `${header}.${base64url({ ...claims(), sub: 'someone-else' })}.${signature}`;
      },
    ],
    ['a tampered signature', async () => `${validToken.slice(0, -6)}AAAAAA`],
    ['alg "none"', async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`],
    [
      'HS512 with the right secret',
      async () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).sign(secretKey()),
    ],
    [
      'HS384 with the right secret',
      async () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS384' }).sign(secretKey()),
    ],
    [
      'another secret',
      async () =>
        signAccessToken('another-secret-another-secret-0123456789', USER_TOKEN_AUDIENCE, {
          sub: userId,
        }),
    ],
    [
      'the admin audience',
      async () => signAccessToken(t.config.jwtSecret, ADMIN_TOKEN_AUDIENCE, { sub: userId }),
    ],
    [
      'another issuer',
      async () =>
        new SignJWT({ ...claims(), iss: 'someone' })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(secretKey()),
    ],
    [
      'no subject',
      async () => {
        const { sub: _sub, ...rest } = claims();
        return new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).sign(secretKey());
      },
    ],
    [
      'an unknown user',
      async () => signAccessToken(t.config.jwtSecret, USER_TOKEN_AUDIENCE, { sub: 'no-such-user' }),
    ],
    ['garbage', async () => 'not.a.jwt'],
    ['a 10 000-character string', async () => 'a'.repeat(10_000)],
  ];

  it.each(forgeries)('rejects %s', async (_label, make) => {
    const response = await meWith(`Bearer ${await make()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('AUTHENTICATION_ERROR');
    expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the token without "Bearer"', 'TOKEN'],
    ['Basic credentials', `Basic ${Buffer.from('a:b').toString('base64')}`],
  ])('rejects %s', async (_label, header) => {
    const authorization = header === 'TOKEN' ? validToken : header;
    const response = await meWith(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('ログインが必要です');
  });

  it('applies to PATCH /api/auth/me and the avatar upload too', async () => {
    const forged = `${validToken.slice(0, -6)}AAAAAA`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${forged}` },
      payload: { displayName: 'x' },
    });
    expect(patch.statusCode).toBe(401);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(upload.statusCode).toBe(401);
  });
});
