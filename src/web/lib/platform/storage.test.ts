import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { storage } from './storage.ts';

const config = {
  brandName: 'FAQ工房',
  projectId: 'faq-kobo',
  environment: 'test',
  supportEmail: 'support@example.com',
  seller: { name: 'n', representative: 'r', address: 'a', phone: 'p', email: 'e' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: { url: string; init: RequestInit | undefined }[];
let answer: (url: string, init?: RequestInit) => Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === '/api/config') return json(config);
    return answer(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storage client', () => {
  it('uploads a multipart form with path, options and the file', async () => {
    answer = async () => json({ path: 'a/b.png', size: 3, contentType: 'image/png' });
    const result = await storage.upload(new File(['abc'], 'b.jpg'), 'a/b.jpg', { upsert: true });
    expect(result.path).toBe('a/b.png');
    const upload = calls.find((call) => call.url.endsWith('/upload'))!;
    expect(upload.url).toBe('/api/storage/faq-kobo/upload');
    const form = upload.init!.body as FormData;
    expect([...form.keys()]).toEqual(['path', 'options', 'file']);
    expect(form.get('options')).toBe('{"upsert":true}');
  });

  it('reports a failed transfer as NETWORK_ERROR "File upload failed: …"', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    const failure = await storage.upload(new Blob(['x']), 'x.txt').catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.kind).toBe('NETWORK_ERROR');
    expect(failure.message).toBe('File upload failed: Failed to fetch');
  });

  it('passes server errors through the API client', async () => {
    answer = async () =>
      json(
        {
          error: {
            code: 'CONFLICT',
            message: 'File already exists. Set upsert: true to overwrite.',
            status: 409,
          },
        },
        409,
      );
    const failure = await storage.upload(new Blob(['x']), 'x.txt').catch((error) => error);
    expect(failure.kind).toBe('API_ERROR');
    expect(failure.status).toBe(409);
    expect(failure.message).toBe('File already exists. Set upsert: true to overwrite.');
  });

  it('asks for a download URL and removes by path list', async () => {
    answer = async (url, init) =>
      init?.method === 'DELETE'
        ? json({ removed: ['a.txt'] })
        : json({
            downloadUrl: 'https://x/y',
            filename: 'r.txt',
            contentType: 'text/plain',
            size: 1,
          });
    const info = await storage.download('dir/a.txt', 'r.txt');
    expect(info.downloadUrl).toBe('https://x/y');
    expect(calls.at(-1)!.url).toBe(
      '/api/storage/faq-kobo/download?path=dir%2Fa.txt&filename=r.txt',
    );
    expect(await storage.remove(['a.txt'])).toEqual({ removed: ['a.txt'] });
    expect(calls.at(-1)!.init!.body).toBe('{"paths":["a.txt"]}');
  });
});

describe('storage and data client errors', () => {
  it('raises STORAGE_ERROR when a signed download fails', async () => {
    answer = async (url) =>
      url.startsWith('/api/storage/faq-kobo/download')
        ? json({
            downloadUrl: 'http://files.test/x?signature=bad',
            filename: 'x.docx',
            contentType: 'application/octet-stream',
            size: 1,
          })
        : new Response('', { status: 403 });
    await expect(storage.read('exports/x.docx')).rejects.toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 403,
      message: 'File download failed: HTTP 403',
    });
  });

  it('raises DATA_ERROR for a file over 50 MB before uploading it', async () => {
    const { data } = await import('./data.ts');
    const huge = { size: 50 * 1024 * 1024 + 1 } as Blob;
    await expect(data.extractFromBlob(huge)).rejects.toMatchObject({
      kind: 'DATA_ERROR',
      message: 'ファイルサイズは50MB以下にしてください',
    });
    expect(calls).toEqual([]);
  });
});
