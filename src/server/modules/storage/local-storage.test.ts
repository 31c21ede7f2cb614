import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { isSafeKey, LocalStorage } from './local-storage.ts';

let dataDir: string;
let storage: LocalStorage;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-storage-'));
  storage = new LocalStorage(dataDir);
  writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('LocalStorage', () => {
  it('puts, opens, checks and removes a file under DATA_DIR/storage', async () => {
    await storage.put('avatars/u1/a.png', Readable.from([Buffer.from('bytes')]));
    expect(await storage.exists('avatars/u1/a.png')).toBe(true);
    const opened = await storage.open('avatars/u1/a.png');
    expect(opened!.size).toBe(5);
    expect(await text(opened!.stream)).toBe('bytes');
    await storage.remove('avatars/u1/a.png');
    expect(await storage.exists('avatars/u1/a.png')).toBe(false);
    expect(await storage.open('avatars/u1/a.png')).toBeNull();
    // Removing twice is fine.
    await storage.remove('avatars/u1/a.png');
  });

  it.each([
    '../secret.txt',
    'avatars/../../secret.txt',
    '/etc/passwd',
    'avatars//a.png',
    'avatars/.hidden',
    'avatars\\..\\secret.txt',
    'avatars/a.png\u0000.txt',
    '',
    'a/'.repeat(300),
  ])('refuses the unsafe key %j', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /unsafe storage key/,
    );
    await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
  });

  it('does not treat a directory as a file', async () => {
    await storage.put('dir/inner.txt', Readable.from([Buffer.from('x')]));
    expect(await storage.exists('dir')).toBe(false);
    expect(await storage.open('dir')).toBeNull();
  });
});
