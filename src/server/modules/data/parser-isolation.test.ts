import { expectHealthAnsweredThroughout } from '../../../../tests/helpers/health-waits.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedHtml, pdfBomb } from '../../../../tests/fixtures/parser-bombs.ts';
import { docxWithParagraphs, xlsxWithRows } from '../../../../tests/fixtures/zip-bomb.ts';
import { multipartBody } from '../../../../tests/helpers/images.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  lowerParserMemoryCapForTests,
  MAX_INFLATED_BYTES,
  PARSER_MAX_RSS_BYTES,
} from '../ingestion/document-isolation.ts';
import { declaredUncompressedSize } from '../ingestion/zip-size.ts';

/**
 * Issue 22: each hostile file below once took the whole server down (the PDF drove it to an
 * aborting 2.2 GB) or froze every request for up to 78 s (Readability on deep HTML on the main
 * thread). Each must now be refused with a Japanese 4xx while the server keeps answering.
 */
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Each gets past the checks made before parsing (the DOCX and the XLSX declare 97 MB, under the
// 100 MB cap), so only the parsing child's own limits stop them: each grows its child past the
// memory cap. Both entries hand a document to the same extractDocument, so each bomb (seconds
// of inflating to the cap) goes through one entry: the child's limits are proven once per
// format, and each entry's turning the child's refusal into a Japanese 4xx at least once. The
// deep pages, cheap, go through both (a page by URL is read by the HTML parser instead).
// The cap is lowered to half of production's for this file: the same check stops the same
// bombs, which inflate without bound, after half the work (and before the child's heap nears
// its own limit, where it spent seconds collecting garbage).
const TEST_MEMORY_CAP = PARSER_MAX_RSS_BYTES / 2;
type Via = 'uploaded' | 'as a URL';
const cases: { name: string; contentType: string; data: () => Buffer; via: Via[] }[] = [
  {
    name: 'bomb.pdf',
    contentType: 'application/pdf',
    // One 200 MB stream, drawn eight times by its one page: 1.6 GB to inflate from 200 KB.
    data: () => pdfBomb(200 * 1024 * 1024, 0x20, 8),
    via: ['uploaded'],
  },
  {
    name: 'bomb.docx',
    contentType: DOCX,
    data: () => docxWithParagraphs(1_700_000),
    via: ['as a URL'],
  },
  { name: 'bomb.xlsx', contentType: XLSX, data: () => xlsxWithRows(1_350_000), via: ['uploaded'] },
  {
    name: 'deep-2000.html',
    contentType: 'text/html; charset=utf-8',
    data: () => Buffer.from(nestedHtml(2_000)),
    via: ['uploaded', 'as a URL'],
  },
  {
    name: 'deep-50000.html',
    contentType: 'text/html; charset=utf-8',
    data: () => Buffer.from(nestedHtml(50_000)),
    via: ['uploaded', 'as a URL'],
  },
];
const files = new Map<string, { contentType: string; data: Buffer }>();

let t: TestApp;
let user: SeededUser;
let site: Server;
let siteUrl: string;
let restoreMemoryCap: () => void;
beforeAll(async () => {
  restoreMemoryCap = lowerParserMemoryCapForTests(TEST_MEMORY_CAP);
  for (const entry of cases)
    files.set(entry.name, { contentType: entry.contentType, data: entry.data() });
  site = createServer((request, response) => {
    const file = files.get((request.url ?? '/').slice(1));
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.contentType }).end(file.data);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true' });
  user = await seedUser(t.app);
});
afterAll(async () => {
  restoreMemoryCap();
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

function fromBlob(name: string) {
  const file = files.get(name)!;
  const body = multipartBody({ filename: name, contentType: file.contentType, data: file.data });
  return t.app.inject({
    method: 'POST',
    url: '/api/data/faq-kobo/extract-from-blob',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

function fromUrl(name: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/data/faq-kobo/extract-from-url',
    headers: user.headers,
    payload: { url: `${siteUrl}/${name}` },
  });
}

type Answer = Awaited<ReturnType<typeof fromUrl>>;

/**
 * Runs `request` while asking /api/health over and over. Parsing on the server's own thread
 * would hold every health answer until it ended; the issue asks each to come within 1 s. Also
 * notes how far the server's own memory grew: a parser's memory must be its child's alone.
 */
async function whileCheckingHealth(request: () => Promise<Answer>) {
  let finished = false;
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const running = request().finally(() => {
    finished = true;
  });
  const waits: number[] = [];
  while (!finished) {
    const started = performance.now();
    const health = await t.app.inject({ url: '/api/health' });
    waits.push(performance.now() - started);
    expect(health.statusCode).toBe(200);
    peak = Math.max(peak, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { response: await running, waits, grownBytes: peak - baseline };
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

it('the DOCX and XLSX bombs pass the declared-size check, so only the parsing child can stop them', () => {
  for (const name of ['bomb.docx', 'bomb.xlsx'])
    expect(declaredUncompressedSize(files.get(name)!.data), name).toBeLessThan(MAX_INFLATED_BYTES);
});

describe('hostile documents and pages are parsed where they cannot stop the server', () => {
  for (const { name, via: entries } of cases) {
    for (const via of entries) {
      const request = via === 'uploaded' ? fromBlob : fromUrl;
      it(`${name} ${via}: a Japanese 4xx, and /api/health answers within 1 s throughout`, {
        // A bomb is stopped by the child's memory cap after seconds of parsing, on a busy machine.
        timeout: 90_000,
      }, async () => {
        const { response, waits, grownBytes } = await whileCheckingHealth(() => request(name));
        expectHealthAnsweredThroughout(waits);
        // A worker thread's heap limit let the PDF take 3.2 GB of the server's own memory.
        expect(grownBytes).toBeLessThan(256 * 1024 * 1024);
        expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        expect(response.json().error.message).toMatch(JAPANESE);
        // And the server (and the parsing pool) still work for an ordinary page.
        const health = await t.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(200);
      });
    }
  }

  it('reads an ordinary file after all of them', async () => {
    files.set('ok.html', {
      contentType: 'text/html; charset=utf-8',
      data: Buffer.from(nestedHtml(20)),
    });
    for (const response of [await fromBlob('ok.html'), await fromUrl('ok.html')]) {
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.json().content).toContain('営業時間は午前9時から午後6時までです');
    }
  });
});
