import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { makePng } from '../../../../tests/helpers/images.ts';
import { storageClient, streamingMultipart } from '../../../../tests/helpers/storage-api.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { DOWNLOAD_URL_TTL_SECONDS, STORAGE_MESSAGES } from '../../../shared/storage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The signed URL is absolute (PUBLIC_URL); inject wants the path and query. */
function local(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function userDir(userId: string): string {
  return path.join(t.config.dataDir, 'storage', 'users', userId);
}

describe('storage API on the local backend', () => {
  it('uploads, refuses a second upload without upsert, overwrites with upsert', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    const first = await api.upload('docs/メモ.txt', Buffer.from('first version'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      path: 'docs/メモ.txt',
      size: 13,
      contentType: 'text/plain; charset=utf-8',
    });
    expect(existsSync(path.join(userDir(user.id), 'docs', 'メモ.txt'))).toBe(true);

    const again = await api.upload('docs/メモ.txt', Buffer.from('second'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(STORAGE_MESSAGES.conflict);

    const upsert = await api.upload('docs/メモ.txt', Buffer.from('second'), { upsert: true });
    expect(upsert.statusCode).toBe(200);
    expect(upsert.json().size).toBe(6);

    const info = await api.download('docs/メモ.txt');
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body).toMatchObject({
      filename: 'メモ.txt',
      contentType: 'text/plain; charset=utf-8',
      size: 6,
    });
    const url = new URL(body.downloadUrl);
    expect(url.pathname).toBe(
      `/api/storage/faq-kobo/files/users/${user.id}/docs/${encodeURIComponent('メモ.txt')}`,
    );
    const expires = Number(url.searchParams.get('expires'));
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThan(now + DOWNLOAD_URL_TTL_SECONDS - 10);
    expect(expires).toBeLessThanOrEqual(now + DOWNLOAD_URL_TTL_SECONDS);

    // No bearer token: the signature is the credential.
    const file = await t.app.inject({ method: 'GET', url: local(body.downloadUrl) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('second');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''${encodeURIComponent('メモ.txt')}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses forged, altered and expired download URLs', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    await api.upload('a.txt', Buffer.from('secret'));
    const { downloadUrl } = (await api.download('a.txt', 'report.txt')).json();
    const url = new URL(downloadUrl);

    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    const renamed = new URL(url);
    renamed.searchParams.set('filename', 'other.html');
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const otherFile = new URL(url);
    otherFile.pathname = otherFile.pathname.replace('a.txt', 'b.txt');
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    for (const candidate of [forged, renamed, extended, otherFile, unsigned]) {
      const response = await t.app.inject({ method: 'GET', url: local(candidate.href) });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('secret');
    }

    // Sixteen minutes later the same URL no longer works.
    const realNow = Date.now;
    Date.now = () => realNow() + (DOWNLOAD_URL_TTL_SECONDS + 60) * 1000;
    try {
      const expired = await t.app.inject({ method: 'GET', url: local(downloadUrl) });
      expect(expired.statusCode).toBe(403);
    } finally {
      Date.now = realNow;
    }
    const fresh = await t.app.inject({ method: 'GET', url: local(downloadUrl) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-disposition']).toContain('filename="report.txt"');
  });

  it('never serves stored HTML as a page', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    await api.upload('page.html', Buffer.from('<script>alert(1)</script>'));
    const { downloadUrl, contentType } = (await api.download('page.html')).json();
    expect(contentType).toBe('text/html; charset=utf-8');
    const file = await t.app.inject({ method: 'GET', url: local(downloadUrl) });
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('keeps each user in their own namespace', async () => {
    const owner = await seedUser(t.app);
    const other = await seedUser(t.app);
    await storageClient(t.app, owner.headers).upload('private.txt', Buffer.from('mine'));
    const api = storageClient(t.app, other.headers);
    const download = await api.download('private.txt');
    expect(download.statusCode).toBe(404);
    expect(download.json().error.message).toBe(STORAGE_MESSAGES.notFound);
    // Naming the owner's key from outside the namespace is refused, not resolved.
    const escape = await api.download(`../${owner.id}/private.txt`);
    expect(escape.statusCode).toBe(400);
    expect((await api.remove(['private.txt'])).json()).toEqual({ removed: [] });
    const still = await storageClient(t.app, owner.headers).download('private.txt');
    expect(still.statusCode).toBe(200);
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '/etc/passwd',
    'a\\b.txt',
    'a//b.txt',
    'a/',
    '.hidden',
    'bad\u0000name.txt',
    'line\nbreak.txt',
    'trailing.',
    '',
  ])('refuses the path %j with 400', async (bad) => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    for (const response of [
      await api.upload(bad, Buffer.from('x'), undefined, 'x.txt'),
      await api.download(bad),
      await api.remove([bad]),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(STORAGE_MESSAGES.invalid);
    }
    expect(existsSync(userDir(user.id))).toBe(false);
  });

  it('refuses bad options, an empty path list and a missing file part', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    const badOptions = await t.app.inject({
      method: 'POST',
      url: '/api/storage/faq-kobo/upload',
      headers: user.headers,
      payload: { path: 'a.txt' },
    });
    expect(badOptions.statusCode).toBe(400);
    expect(badOptions.json().error.message).toBe(STORAGE_MESSAGES.invalid);
    for (const response of [await api.remove([]), await api.remove('a.txt')]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(STORAGE_MESSAGES.invalid);
    }
  });

  it('removes files; a removed file is not found', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    await api.upload('one.txt', Buffer.from('1'));
    await api.upload('dir/two.txt', Buffer.from('2'));
    const removed = await api.remove(['one.txt', 'dir/two.txt', 'never.txt']);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: ['one.txt', 'dir/two.txt'] });
    const gone = await api.download('one.txt');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(STORAGE_MESSAGES.notFound);
  });

  it('corrects the extension from the bytes and keeps plain text as named', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    const png = makePng(4, 4);
    const photo = await api.upload('photos/photo.jpg', png);
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toEqual({
      path: 'photos/photo.png',
      size: png.length,
      contentType: 'image/png',
    });
    expect(existsSync(path.join(userDir(user.id), 'photos', 'photo.png'))).toBe(true);
    expect(existsSync(path.join(userDir(user.id), 'photos', 'photo.jpg'))).toBe(false);
    const noExtension = await api.upload('photos/scan', png);
    expect(noExtension.json().path).toBe('photos/scan.png');
    const csv = await api.upload('data.csv', Buffer.from('a,b\n1,2\n'));
    expect(csv.json()).toMatchObject({ path: 'data.csv', contentType: 'text/csv; charset=utf-8' });
  });

  it('answers 404 for another project and 401 without a token', async () => {
    const user = await seedUser(t.app);
    const other = await storageClient(t.app, user.headers, 'someone-else').download('a.txt');
    expect(other.statusCode).toBe(404);
    const anonymous = await storageClient(t.app, {}).download('a.txt');
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams a 50 MB file and refuses 50 MB + 1 byte with 413, leaving nothing behind', async () => {
    const user = await seedUser(t.app);
    const exact = streamingMultipart(UPLOAD_MAX_BYTES, { path: 'big/exact.bin' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/storage/faq-kobo/upload',
      headers: { ...user.headers, ...exact.headers },
      payload: exact.payload,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().size).toBe(UPLOAD_MAX_BYTES);

    const over = streamingMultipart(UPLOAD_MAX_BYTES + 1, { path: 'big/over.bin' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/storage/faq-kobo/upload',
      headers: { ...user.headers, ...over.headers },
      payload: over.payload,
    });
    expect(refused.statusCode).toBe(413);
    const megabytes = (Number(over.headers['content-length']) / (1024 * 1024)).toFixed(1);
    expect(refused.json().error.message).toBe(
      `File size (${megabytes}MB) exceeds maximum allowed size (50MB)`,
    );
    expect(megabytes).toBe('50.0');
    expect(readdirSync(path.join(userDir(user.id), 'big'))).toEqual(['exact.bin']);
  });
});
