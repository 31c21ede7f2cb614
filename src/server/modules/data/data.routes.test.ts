import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDocx, pricesWorkbook, scannedPdf, textPdf } from '../../../../tests/fixtures/documents.ts';
import { startFixtureSite, type FixtureSite } from '../../../../tests/fixtures/site/server.ts';
import { multipartBody } from '../../../../tests/helpers/images.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  SEARCH_NOT_CONFIGURED,
} from '../../../shared/data.ts';
import { SCANNED_PDF_MESSAGE, UNSUPPORTED_MESSAGE } from '../ingestion/document-extract.ts';

let site: FixtureSite;
let search: Server;
let searchUrl: string;
let open: TestApp;
let guarded: TestApp;
let user: SeededUser;
let guardedUser: SeededUser;

beforeAll(async () => {
  site = await startFixtureSite();
  // A SearXNG-compatible search service on loopback, as an operator would run one.
  search = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        query: query.get('q'),
        results: [
          { title: `${query.get('q')}の結果`, url: 'https://example.jp/a', content: '説明A' },
          { title: 'B', url: 'https://example.jp/b' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}/search`;
  open = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true', SEARCH_API_URL: searchUrl });
  guarded = await createTestApp();
  user = await seedUser(open.app);
  guardedUser = await seedUser(guarded.app);
});

afterAll(async () => {
  await open.close();
  await guarded.close();
  await site.close();
  await new Promise((resolve) => search.close(resolve));
});

const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/data/faq-kobo/${path}`, headers, payload: body as object });

function uploadBlob(
  file: { filename: string; contentType: string; data: Buffer } | null,
  headers: Record<string, string> = user.headers,
) {
  const body = multipartBody(file);
  return open.app.inject({
    method: 'POST',
    url: '/api/data/faq-kobo/extract-from-blob',
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

describe('data API access', () => {
  it('needs a signed-in user and our project id', async () => {
    const anonymous = await post(open, 'extract-from-url', { url: `${site.url}/` }, {});
    expect(anonymous.statusCode).toBe(401);
    const other = await open.app.inject({
      method: 'POST',
      url: '/api/data/another-project/extract-from-url',
      headers: user.headers,
      payload: { url: `${site.url}/` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('validates input with Japanese messages', async () => {
    const response = await post(open, 'extract-from-url', { url: 'ftp://example.jp/' }, user.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('http または https');
    const missing = await post(open, 'scrape', {}, user.headers);
    expect(missing.statusCode).toBe(400);
  });

  it('keeps the SSRF guard on unless configured for tests', async () => {
    const response = await post(guarded, 'extract-from-url', { url: `${site.url}/` }, guardedUser.headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('内部ネットワーク');
    const fetched = await post(guarded, 'fetch', { url: 'http://169.254.169.254/latest/meta-data/' }, guardedUser.headers);
    expect(fetched.statusCode).toBe(400);
    expect(fetched.json().error.message).toContain('内部ネットワーク');
  });
});

describe('POST /api/data/{project}/extract-from-url', () => {
  it('returns the page content as text and Markdown with its metadata', async () => {
    const response = await post(open, 'extract-from-url', { url: `${site.url}/` }, user.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ kind: 'html', title: '山田ベーカリー', language: 'ja' });
    expect(body.content).toContain('定休日は毎週水曜日です');
    expect(body.markdown).toContain('## 営業時間');
    expect(body.content).not.toContain('Cookie');
  });

  it('reads a linked document by its type', async () => {
    const response = await post(open, 'extract-from-url', { url: `${site.url}/docs/prices.xlsx` }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().kind).toBe('spreadsheet');
    expect(response.json().markdown).toContain('| 食パン | 400 | 毎朝焼き上げ |');
  });
});

describe('POST /api/data/{project}/extract-from-blob', () => {
  it('extracts uploaded PDF, Word and Excel files by their bytes, not their names', async () => {
    const pdf = await uploadBlob({ filename: 'guide.bin', contentType: 'application/octet-stream', data: textPdf() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toMatchObject({ kind: 'pdf', filename: 'guide.bin' });
    expect(pdf.json().content).toContain('closed on Wednesdays');
    const docx = await uploadBlob({ filename: 'ガイド.docx', contentType: 'application/octet-stream', data: await guideDocx() });
    expect(docx.json().markdown).toContain('# ご利用ガイド');
    const xls = await uploadBlob({ filename: 'prices.xls', contentType: 'application/vnd.ms-excel', data: pricesWorkbook('xls') });
    expect(xls.json().markdown).toContain('| 水曜日 | 定休日 |');
  });

  it('says when a PDF is a scan, when a format is unsupported, when nothing was sent', async () => {
    const scanned = await uploadBlob({ filename: 'scan.pdf', contentType: 'application/pdf', data: scannedPdf() });
    expect(scanned.statusCode).toBe(422);
    expect(scanned.json().error.message).toBe(SCANNED_PDF_MESSAGE);
    const zip = await uploadBlob({
      filename: 'a.zip',
      contentType: 'application/zip',
      data: Buffer.from('504b0304140000000000', 'hex'),
    });
    expect(zip.statusCode).toBe(415);
    expect(zip.json().error.message).toBe(UNSUPPORTED_MESSAGE);
    const empty = await uploadBlob(null);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(FILE_REQUIRED);
    const notMultipart = await post(open, 'extract-from-blob', { file: 'x' }, user.headers);
    expect(notMultipart.statusCode).toBe(400);
  });

  it('accepts files past the JSON body limit and refuses those over 50 MB', async () => {
    const rows = Array.from({ length: 80_000 }, (_, index) => `商品${index},${index}円,説明${index}`);
    const csv = Buffer.from(`商品,価格,説明\n${rows.join('\n')}\n`);
    expect(csv.length).toBeGreaterThan(2 * 1024 * 1024);
    const large = await uploadBlob({ filename: 'big.csv', contentType: 'text/csv', data: csv });
    expect(large.statusCode).toBe(200);
    expect(large.json().markdown).toContain('| 商品0 | 0円 | 説明0 |');
    const tooLarge = await uploadBlob({
      filename: 'huge.txt',
      contentType: 'text/plain',
      data: Buffer.alloc(50 * 1024 * 1024 + 1, 'a'),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(FILE_TOO_LARGE);
  });
});

describe('POST /api/data/{project}/scrape, fetch and search', () => {
  it('scrapes a site with its subpages into Markdown with a crawl report', async () => {
    const response = await post(open, 'scrape', { url: `${site.url}/`, includeSubpages: true, maxPages: 4 }, user.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pages.length).toBeGreaterThan(1);
    expect(body.pages.length).toBeLessThanOrEqual(4);
    expect(body.markdown).toContain(`<!-- ${site.url}/ -->`);
    expect(body.report[0]).toMatchObject({ outcome: 'ok' });
  });

  it('fetches text decoded and binaries as base64', async () => {
    const text = await post(open, 'fetch', { url: `${site.url}/sjis` }, user.headers);
    expect(text.json().text).toContain('Shift_JISで書かれたページです');
    const binary = await post(open, 'fetch', { url: `${site.url}/docs/guide.pdf` }, user.headers);
    expect(binary.json()).toMatchObject({ contentType: 'application/pdf', text: null });
    expect(Buffer.from(binary.json().base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('searches through the configured provider, and says so when there is none', async () => {
    const response = await post(open, 'search', { query: 'パン屋 千代田区', limit: 1 }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      query: 'パン屋 千代田区',
      results: [{ title: 'パン屋 千代田区の結果', url: 'https://example.jp/a', snippet: '説明A' }],
    });
    const none = await post(guarded, 'search', { query: 'パン屋' }, guardedUser.headers);
    expect(none.statusCode).toBe(501);
    expect(none.json().error.message).toBe(SEARCH_NOT_CONFIGURED);
  });
});

describe.skipIf(!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))(
  'POST /api/data/{project}/screenshot',
  () => {
    it('returns a PNG of the rendered page', async () => {
      const response = await post(open, 'screenshot', { url: `${site.url}/js-only` }, user.headers);
      expect(response.statusCode).toBe(200);
      const png = Buffer.from(response.json().data, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }, 60_000);
  },
);
