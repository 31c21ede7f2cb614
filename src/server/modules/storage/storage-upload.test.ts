import { mkdirSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { storageClient } from '../../../../tests/helpers/storage-api.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Part = { name: string; value: string } | { name: 'file'; filename: string; data: Buffer };

/** A multipart body with its parts in exactly the given order. */
function multipart(parts: Part[]) {
  const boundary = `----order${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (user: SeededUser, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/storage/faq-kobo/upload',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
};

const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('upload part order', () => {
  it('accepts file, then path, then options (the specification order)', async () => {
    const user = await seedUser(t.app);
    const first = await upload(user, [
      { name: 'file', filename: 'memo.txt', data: Buffer.from('一回目') },
      { name: 'path', value: 'docs/memo.txt' },
      { name: 'options', value: '{"upsert":false}' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ path: 'docs/memo.txt', size: 9 });

    const conflict = await upload(user, [
      { name: 'file', filename: 'memo.txt', data: Buffer.from('二回目') },
      { name: 'path', value: 'docs/memo.txt' },
    ]);
    expect(conflict.statusCode).toBe(409);

    // Options arriving after the file still decide whether it may overwrite.
    const overwritten = await upload(user, [
      { name: 'path', value: 'docs/memo.txt' },
      { name: 'file', filename: 'memo.txt', data: Buffer.from('三回目です') },
      { name: 'options', value: '{"upsert":true}' },
    ]);
    expect(overwritten.statusCode).toBe(200);
    expect(overwritten.json().size).toBe(15);
  });

  it('still refuses a missing path, a missing file and a second file', async () => {
    const user = await seedUser(t.app);
    const data = Buffer.from('x');
    for (const parts of [
      [{ name: 'file', filename: 'a.txt', data }],
      [{ name: 'path', value: 'a.txt' }],
      [
        { name: 'path', value: 'a.txt' },
        { name: 'file', filename: 'a.txt', data },
        { name: 'file', filename: 'b.txt', data },
      ],
    ] as Part[][]) {
      expect((await upload(user, parts)).statusCode).toBe(400);
    }
    expect(readdirSync(path.join(t.config.dataDir, 'storage', 'users')).includes(user.id)).toBe(
      false,
    );
  });
});

describe('serving user files', () => {
  it('serves scripts and pages as inert attachments', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    for (const [name, data] of [
      ['app.js', 'alert(document.cookie)'],
      ['page.html', '<script>alert(1)</script>'],
      ['style.css', 'body{background:url(javascript:alert(1))}'],
    ] as const) {
      expect((await api.upload(name, Buffer.from(data))).statusCode).toBe(200);
      const { downloadUrl } = (await api.download(name)).json();
      const file = await t.app.inject({ method: 'GET', url: local(downloadUrl) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type'], name).toBe('application/octet-stream');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('storage quota', () => {
  it('refuses an upload past the per-user quota with a Japanese 413, counting replaced files once', async () => {
    const user = await seedUser(t.app);
    const directory = path.join(t.config.dataDir, 'storage', 'users', user.id, 'old');
    mkdirSync(directory, { recursive: true });
    // A sparse file: the quota counts file sizes, the disk holds almost nothing.
    const filler = path.join(directory, 'filler.bin');
    writeFileSync(filler, '');
    truncateSync(filler, STORAGE_QUOTA_BYTES - 1024);
    const api = storageClient(t.app, user.headers);

    const refused = await api.upload('new.bin', Buffer.alloc(2048, 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toMatch(
      /^ストレージの容量（500MB）を超えるため保存できません/,
    );

    expect((await api.upload('small.bin', Buffer.alloc(1000, 1))).statusCode).toBe(200);
    // Replacing a file counts only the difference.
    expect(
      (await api.upload('small.bin', Buffer.alloc(1020, 2), { upsert: true })).statusCode,
    ).toBe(200);
    expect((await api.remove(['old/filler.bin'])).statusCode).toBe(200);
    expect((await api.upload('new.bin', Buffer.alloc(2048, 1))).statusCode).toBe(200);
  });
});
