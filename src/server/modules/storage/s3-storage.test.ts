import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { makePng, multipartBody } from '../../../../tests/helpers/images.ts';
import { storageClient, streamingMultipart } from '../../../../tests/helpers/storage-api.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { STORAGE_MESSAGES } from '../../../shared/storage.ts';
import { S3Storage } from './s3-storage.ts';

let s3Directory: string;
let s3: S3rver;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3Directory = mkdtempSync(path.join(tmpdir(), 'faq-kobo-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: 'test-bucket' }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'test-bucket',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

describe('storage API on an S3-compatible bucket (s3rver)', () => {
  it('uses the S3 backend when S3_* is configured', () => {
    expect(t.app.storage).toBeInstanceOf(S3Storage);
  });

  it("counts a user's stored bytes for the quota, and only theirs", async () => {
    const user = await seedUser(t.app);
    const other = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    expect((await api.upload('a.txt', Buffer.alloc(1000, 1))).statusCode).toBe(200);
    expect((await api.upload('dir/b.txt', Buffer.alloc(234, 1))).statusCode).toBe(200);
    expect(
      (await storageClient(t.app, other.headers).upload('c.txt', Buffer.alloc(50))).statusCode,
    ).toBe(200);
    expect(await t.app.storage.usedBytes(`users/${user.id}/`)).toBe(1234);
    expect(await t.app.storage.usedBytes(`users/${other.id}/`)).toBe(50);
  });

  it('uploads, conflicts, upserts, presigns a download and removes', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    const png = makePng(5, 5);
    const uploaded = await api.upload('images/photo.jpg', png);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toEqual({
      path: 'images/photo.png',
      size: png.length,
      contentType: 'image/png',
    });

    const conflict = await api.upload('images/photo.png', Buffer.from('x'));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toBe(STORAGE_MESSAGES.conflict);

    const text = Buffer.from('こんにちは、世界');
    expect((await api.upload('notes/挨拶.txt', text)).statusCode).toBe(200);
    const replaced = Buffer.from('上書きしました');
    const upsert = await api.upload('notes/挨拶.txt', replaced, { upsert: true });
    expect(upsert.statusCode).toBe(200);

    const info = await api.download('images/photo.png', '写真.png');
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body).toMatchObject({
      filename: '写真.png',
      contentType: 'image/png',
      size: png.length,
    });
    const url = new URL(body.downloadUrl);
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toBe(`/test-bucket/users/${user.id}/images/photo.png`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    const fetched = await fetch(body.downloadUrl);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('写真.png')}`,
    );

    const textInfo = (await api.download('notes/挨拶.txt')).json();
    const textFetched = await fetch(textInfo.downloadUrl);
    expect(Buffer.from(await textFetched.arrayBuffer()).equals(replaced)).toBe(true);

    // Tampering with a presigned URL breaks its signature.
    const tampered = new URL(body.downloadUrl);
    tampered.pathname = tampered.pathname.replace('photo.png', 'other.png');
    expect((await fetch(tampered)).status).toBeGreaterThanOrEqual(400);

    const other = await seedUser(t.app);
    expect(
      (await storageClient(t.app, other.headers).download('images/photo.png')).statusCode,
    ).toBe(404);

    const removed = await api.remove(['images/photo.png', 'notes/挨拶.txt']);
    expect(removed.json()).toEqual({ removed: ['images/photo.png', 'notes/挨拶.txt'] });
    const gone = await api.download('images/photo.png');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(STORAGE_MESSAGES.notFound);
  });

  it('streams a large upload as a multipart upload and stores nothing when it is too large', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    // Larger than one 5 MiB part: lib-storage switches to a multipart upload.
    const size = 12 * 1024 * 1024 + 3;
    const large = streamingMultipart(size, { path: 'large.bin' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/storage/faq-kobo/upload',
      headers: { ...user.headers, ...large.headers },
      payload: large.payload,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().size).toBe(size);
    expect((await api.download('large.bin')).json().size).toBe(size);

    const over = streamingMultipart(UPLOAD_MAX_BYTES + 1, { path: 'over.bin' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/storage/faq-kobo/upload',
      headers: { ...user.headers, ...over.headers },
      payload: over.payload,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(
      'File size (50.0MB) exceeds maximum allowed size (50MB)',
    );
    expect((await api.download('over.bin')).statusCode).toBe(404);
  });

  it('keeps avatars working on the bucket', async () => {
    const user = await seedUser(t.app);
    const image = makePng(3, 3);
    const { payload, headers } = multipartBody({
      filename: 'me.png',
      contentType: 'image/png',
      data: image,
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...user.headers, ...headers },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: uploaded.json().avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });
});
