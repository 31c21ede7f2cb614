import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import {
  makeGif,
  makeJpeg,
  makePng,
  makeWebp,
  multipartBody,
} from '../../../../tests/helpers/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Upload = Parameters<typeof multipartBody>[0];

function upload(token: string | null, file: Upload, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    payload,
  });
}

const png = (data = makePng()) => ({ filename: 'me.png', contentType: 'image/png', data });

describe('POST /api/account/avatar', () => {
  it('stores a real PNG, sets avatarUrl and serves the same bytes back', async () => {
    const account = await signupViaApi(t.app);
    const image = makePng(3, 3);
    const response = await upload(account.access_token, png(image));
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ id: account.user.id, email: account.user.email, credits: 50 });
    expect(user.avatarUrl).toMatch(
      new RegExp(`^/api/account/avatar/${account.user.id}/[a-f0-9]{24}\\.png$`),
    );
    const file = path.join(
      t.config.dataDir,
      'storage',
      'avatars',
      account.user.id,
      path.basename(user.avatarUrl),
    );
    expect(existsSync(file)).toBe(true);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(account.access_token),
    });
    expect(me.json().avatarUrl).toBe(user.avatarUrl);

    // Public, like any <img> on the page.
    const served = await t.app.inject({ method: 'GET', url: user.avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it.each([
    ['JPEG', makeJpeg(), 'image/jpeg', 'jpg'],
    ['WebP', makeWebp(), 'image/webp', 'webp'],
  ])('accepts %s and serves it with its own content type', async (_label, data, mime, ext) => {
    const account = await signupViaApi(t.app);
    // The declared type is wrong on purpose: the bytes decide.
    const response = await upload(account.access_token, {
      filename: 'photo.bin',
      contentType: 'application/octet-stream',
      data,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().avatarUrl.endsWith(`.${ext}`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: response.json().avatarUrl });
    expect(served.headers['content-type']).toBe(mime);
  });

  it.each([
    ['text named .png', Buffer.from('これは画像ではありません。ただのテキストです。'), 'image/png'],
    ['a GIF', makeGif(), 'image/gif'],
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
  ])('rejects %s with 400', async (_label, data, contentType) => {
    const account = await signupViaApi(t.app);
    const response = await upload(account.access_token, {
      filename: 'avatar.png',
      contentType,
      data,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '画像はPNG・JPEG・WebP形式でアップロードしてください',
    });
    expect(existsSync(path.join(t.config.dataDir, 'storage', 'avatars', account.user.id))).toBe(
      false,
    );
  });

  it('accepts an image larger than the JSON body limit but within 5 MB', async () => {
    const account = await signupViaApi(t.app);
    const response = await upload(account.access_token, png(makePng(2, 2, 4_900_000)));
    expect(response.statusCode).toBe(200);
  });

  it('rejects an image over 5 MB with 413 and stores nothing', async () => {
    const account = await signupViaApi(t.app);
    const response = await upload(account.access_token, png(makePng(2, 2, 5 * 1024 * 1024 + 1)));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: '画像サイズは5MB以下にしてください',
    });
    expect(existsSync(path.join(t.config.dataDir, 'storage', 'avatars', account.user.id))).toBe(
      false,
    );
  });

  it('answers a request without a file with 400', async () => {
    const account = await signupViaApi(t.app);
    const noFile = await upload(account.access_token, null, { note: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('画像ファイルを選択してください');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: bearer(account.access_token),
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    const empty = await upload(account.access_token, png(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
  });

  it('requires sign-in', async () => {
    const response = await upload(null, png());
    expect(response.statusCode).toBe(401);
  });

  it('replaces the previous file, and clearing the avatar removes it', async () => {
    const account = await signupViaApi(t.app);
    const first = (await upload(account.access_token, png())).json().avatarUrl;
    const second = (await upload(account.access_token, png(makePng(4, 4)))).json().avatarUrl;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    // Re-saving the current URL through PATCH is allowed and keeps the file.
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(account.access_token),
      payload: { avatarUrl: second },
    });
    expect(same.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(account.access_token),
      payload: { avatarUrl: null },
    });
    expect(cleared.json().avatarUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    const directory = path.join(t.config.dataDir, 'storage', 'avatars', account.user.id);
    expect(readdirSync(directory)).toEqual([]);
  });
});

describe('GET /api/account/avatar/:userId/:file', () => {
  it('answers 404 for a file that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/account/avatar/someone/${'b'.repeat(24)}.png`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('画像が見つかりません');
  });

  it.each([
    '/api/account/avatar/..%2F..%2F/jwt-secret',
    '/api/account/avatar/%2E%2E/%2E%2E%2Fjwt-secret',
    '/api/account/avatar/..%5C..%5C/jwt-secret',
    `/api/account/avatar/x/..%2F..%2F..%2Fjwt-secret`,
    `/api/account/avatar/x/${'a'.repeat(24)}.svg`,
    `/api/account/avatar/x/${'a'.repeat(24)}.png%00.txt`,
  ])('never serves anything outside the avatars for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(t.config.jwtSecret);
  });
});
