import type { LookupAddress } from 'node:dns';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../tests/fixtures/site/server.ts';
import { decodeBody } from './charset.ts';
import { PageRenderer } from './browser-render.ts';
import { SCANNED_PDF_MESSAGE } from './document-extract.ts';
import { extractHtml } from './html-extract.ts';
import { ingestText, ingestUrl, rankSubpage } from './ingestion.service.ts';
import { isPublicAddress, safeFetch } from './safe-fetch.ts';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

const open = { allowPrivate: true };

describe('SSRF guard', () => {
  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '8.8.8.8',
      '203.0.113.0'.replace('203.0.113.0', '1.1.1.1'),
      '2001:4860:4860::8888',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, metadata and IPv6 loopback with the guard on', async () => {
    await expect(safeFetch(`${site.url}/`)).rejects.toThrow('内部ネットワーク');
    await expect(safeFetch('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      '内部ネットワーク',
    );
    await expect(safeFetch('http://[::1]:1/')).rejects.toThrow('内部ネットワーク');
    await expect(safeFetch('http://localhost:1/')).rejects.toThrow('内部ネットワーク');
    for (const url of [
      'http://[::127.0.0.1]:1/',
      'http://[::ffff:7f00:1]:1/',
      'http://localhost.:1/',
      'http://LOCALHOST..:1/',
      'http://app.localhost.:1/',
      'http://metadata.internal./',
      'http://127.0.0.1.:1/',
    ]) {
      await expect(safeFetch(url), url).rejects.toThrow('内部ネットワーク');
    }
    await expect(safeFetch('file:///etc/passwd')).rejects.toThrow('http または https');
  });

  it('re-checks every redirect: a public-looking start cannot lead to the metadata address', async () => {
    // Guard on, the fixture's own address allowed: the first hop works, the redirect is refused.
    const reachable = await safeFetch(`${site.url}/`, { allowAddresses: ['127.0.0.1'] });
    expect(reachable.status).toBe(200);
    await expect(
      safeFetch(`${site.url}/redirect-metadata`, { allowAddresses: ['127.0.0.1'] }),
    ).rejects.toThrow('内部ネットワーク');
  });

  it('refuses redirects to loopback and IPv6 loopback from an allowed address', async () => {
    // A second host on 127.0.0.2 stands for a public site: allowed, unlike where it redirects.
    const redirector = createServer((request, response) => {
      const port = new URL(site.url).port;
      const target =
        request.url === '/to-ipv6' ? `http://[::1]:${port}/` : `http://127.0.0.1:${port}/`;
      response.writeHead(302, { location: target });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.2', resolve));
    const origin = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}`;
    try {
      const options = { allowAddresses: ['127.0.0.2'] };
      const before = site.requests.length;
      await expect(safeFetch(`${origin}/to-loopback`, options)).rejects.toThrow('内部ネットワーク');
      await expect(safeFetch(`${origin}/to-ipv6`, options)).rejects.toThrow('内部ネットワーク');
      // The guard refused before connecting: the loopback site never saw a request.
      expect(site.requests.length).toBe(before);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it('pins the checked address at connect time (DNS rebinding)', async () => {
    let calls = 0;
    // First answer public, every later answer loopback: the connection must never use loopback.
    const lookup = ((
      _host: string,
      _options: unknown,
      callback: (e: null, a: LookupAddress[]) => void,
    ) => {
      calls++;
      callback(null, [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
    }) as never;
    const port = new URL(site.url).port;
    await expect(
      safeFetch(`http://rebind.example:${port}/`, { lookup, timeoutMs: 1500 }),
    ).rejects.toThrow();
    expect(calls).toBeGreaterThanOrEqual(1);
  });

  it('limits size, time and redirects', async () => {
    await expect(safeFetch(`${site.url}/huge`, open)).rejects.toThrow('ページが大きすぎます');
    await expect(safeFetch(`${site.url}/never-ends`, { ...open, timeoutMs: 500 })).rejects.toThrow(
      'タイムアウト',
    );
    await expect(safeFetch(`${site.url}/redirect-loop`, open)).rejects.toThrow(
      'リダイレクトが多すぎます',
    );
  });
});

describe('character sets', () => {
  it('drops NUL characters, which PostgreSQL cannot store', () => {
    const page = Buffer.from('<p>営業時間は\u00009時から</p>');
    expect(decodeBody(page, 'text/html; charset=utf-8').text).toBe('<p>営業時間は9時から</p>');
    const jis = Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42, 0x00, 0x41]);
    expect(decodeBody(jis, 'text/plain; charset=iso-2022-jp').text).toBe('日A');
  });

  it('decodes Shift_JIS (with Windows extensions) and EUC-JP pages', async () => {
    const sjis = await safeFetch(`${site.url}/sjis`, open);
    expect(decodeBody(sjis.body, sjis.contentType).text).toContain(
      'Shift_JISで書かれたページです。①番の商品は～が特徴です。',
    );
    const euc = await safeFetch(`${site.url}/eucjp`, open);
    expect(decodeBody(euc.body, euc.contentType).text).toContain(
      'EUC-JPで書かれたページです。日本語の文字化けがない',
    );
  });

  it('decodes ISO-2022-JP and honours a BOM', () => {
    const jis = Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42]);
    expect(decodeBody(jis, 'text/plain; charset=ISO-2022-JP').text).toBe('日本');
    expect(
      decodeBody(
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('テスト')]),
        'text/html; charset=shift_jis',
      ).text,
    ).toBe('テスト');
  });
});

describe('extraction', () => {
  it('keeps the main text, headings, lists and tables and drops navigation, cookie banner and footer', async () => {
    const { pages } = await ingestUrl({
      url: `${site.url}/`,
      includeSubpages: false,
      maxPages: 1,
      allowPrivate: true,
    });
    const page = pages[0]!;
    expect(page.title).toBe('山田ベーカリー');
    expect(page.language).toBe('ja');
    expect(page.markdown).toContain('## 営業時間');
    expect(page.markdown).toMatch(/-\s+クロワッサン/);
    expect(page.markdown).not.toContain('Cookie');
    expect(page.markdown).not.toContain('©');
    expect(page.markdown).not.toContain('会社概要');
    const table = extractHtml(
      '<main><p>料金表です。以下のとおりです。料金表です。以下のとおりです。料金表です。以下のとおりです。料金表です。以下のとおりです。</p><table><tr><th>商品</th><th>価格</th></tr><tr><td>食パン</td><td>400円</td></tr></table></main>',
      'https://example.jp/',
    );
    expect(table.markdown).toContain('| 食パン | 400円 |');
  });

  it('says clearly when a page is an empty JavaScript shell', async () => {
    await expect(
      ingestUrl({
        url: `${site.url}/js-only`,
        includeSubpages: false,
        maxPages: 1,
        allowPrivate: true,
      }),
    ).rejects.toThrow('JavaScript');
  });

  it('reads documents linked directly, by type, whatever the server calls them', async () => {
    const read = async (path: string) =>
      (
        await ingestUrl({
          url: `${site.url}${path}`,
          includeSubpages: false,
          maxPages: 1,
          allowPrivate: true,
        })
      ).pages[0]!;
    const pdf = await read('/docs/guide.pdf');
    expect(pdf.title).toBe('Bakery Guide');
    expect(pdf.text).toContain('closed on Wednesdays');
    expect(pdf.text).toContain('three days in advance');
    expect((await read('/docs/untyped.pdf')).text).toContain('closed on Wednesdays');
    const docx = await read('/docs/guide.docx');
    expect(docx.markdown).toContain('# ご利用ガイド');
    expect(docx.markdown).toContain('| 食パン | 400円 |');
    const xlsx = await read('/docs/prices.xlsx');
    expect(xlsx.markdown).toContain('| クロワッサン | 250 |  |');
    expect(xlsx.markdown).toContain('## 営業日');
    const csv = await read('/docs/stores.csv');
    expect(csv.markdown).toContain('| 駅前店 | 東京駅構内 | 03-1111-1111 |');
    await expect(read('/docs/scanned.pdf')).rejects.toThrow(SCANNED_PDF_MESSAGE);
  });

  it('reads plain text and refuses other types', async () => {
    const { pages } = await ingestUrl({
      url: `${site.url}/text.txt`,
      includeSubpages: false,
      maxPages: 1,
      allowPrivate: true,
    });
    expect(pages[0]!.text).toContain('返品は到着後7日以内');
    await expect(
      ingestUrl({
        url: `${site.url}/image.png`,
        includeSubpages: false,
        maxPages: 1,
        allowPrivate: true,
      }),
    ).rejects.toThrow('HTML');
  });

  it('limits pasted text', () => {
    expect(ingestText('  こんにちは  ').text).toBe('こんにちは');
    expect(() => ingestText('あ'.repeat(100_001))).toThrow('100,000文字以内');
  });
});

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromiumPath))('JavaScript pages in Chromium', () => {
  let renderer: PageRenderer;
  beforeAll(() => {
    renderer = new PageRenderer(chromiumPath);
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('renders an empty shell headless and extracts what its scripts fetched', async () => {
    const { pages, report } = await ingestUrl({
      url: `${site.url}/js-only`,
      includeSubpages: false,
      maxPages: 1,
      allowPrivate: true,
      renderer,
    });
    expect(report[0]).toMatchObject({ outcome: 'ok' });
    expect(pages[0]!.markdown).toContain('# 山田ベーカリーのオンライン予約');
    expect(pages[0]!.text).toContain('キャンセルは前日の午後5時までに');
  }, 60_000);

  // Chromium's own guess is its default charset (Shift_JIS here, windows-1252 elsewhere): an
  // EUC-JP page was rendered as mojibake before each response was given the charset of its bytes.
  it.each(['/js-only-sjis', '/js-only-eucjp'])(
    'reads a legacy Japanese page and script served without a charset by their bytes (%s)',
    async (path) => {
      const { pages, report } = await ingestUrl({
        url: `${site.url}${path}`,
        includeSubpages: false,
        maxPages: 1,
        allowPrivate: true,
        renderer,
      });
      expect(report[0]).toMatchObject({ outcome: 'ok' });
      expect(pages[0]!.title).toBe('予約');
      expect(pages[0]!.markdown).toContain('# 田中商店のご予約');
      expect(pages[0]!.text).toContain(
        '①番の窓口では、ご予約の変更を前日の午後五時まで承ります。～お気軽にどうぞ。',
      );
      expect(pages[0]!.text).toContain('駐車場は店舗の裏手に三台分ございます。');
    },
    60_000,
  );

  it("sends the browser's own requests through the SSRF guard", async () => {
    const before = site.requests.length;
    // Guard on: the loopback fixture is refused for the browser exactly as for the fetcher.
    expect(await renderer.renderHtml(`${site.url}/js-only`, { fetchOptions: {} })).toBeNull();
    expect(site.requests.length).toBe(before);
    // The fixture's own address allowed: the page and the script's fetch both pass the guard.
    const html = await renderer.renderHtml(`${site.url}/js-only`, {
      fetchOptions: { allowAddresses: ['127.0.0.1'] },
    });
    expect(html).toContain('オンライン予約は24時間');
    expect(site.requests.slice(before)).toEqual(
      expect.arrayContaining(['/js-only', '/app.js', '/content.json']),
    );
  }, 60_000);
});

describe('subpages', () => {
  it('crawls same-site pages by FAQ value, honours robots.txt and reports every outcome', async () => {
    const progress: number[] = [];
    const result = await ingestUrl({
      url: `${site.url}/`,
      includeSubpages: true,
      maxPages: 6,
      allowPrivate: true,
      onProgress: (done) => progress.push(done),
    });
    const urls = result.pages.map((page) => new URL(page.url).pathname);
    expect(urls[0]).toBe('/');
    expect(urls).toEqual(expect.arrayContaining(['/pricing', '/about', '/access']));
    expect(urls).not.toContain('/private/admin');
    // Linked nowhere, listed in a sitemap named by a sitemap index named by robots.txt.
    expect(urls).toContain('/support/faq');
    expect(result.report).toContainEqual(
      expect.objectContaining({ url: `${site.url}/private/admin`, outcome: 'blocked_by_robots' }),
    );
    // Site chrome repeated on every page is stripped.
    for (const page of result.pages) expect(page.markdown).not.toContain('山田ベーカリー東京都');
    expect(result.pages.find((page) => page.url.endsWith('/pricing'))!.markdown).toContain(
      '| クロワッサン | 250円 |',
    );
    expect(progress.at(-1)).toBe(
      result.report.filter((entry) => entry.outcome !== 'blocked_by_robots').length,
    );
    expect(rankSubpage('https://a.jp/pricing')).toBeGreaterThan(
      rankSubpage('https://a.jp/blog/2020/01/01/post'),
    );
  });
});
