import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FaqItem } from '../../../shared/generations.ts';
import { faqBlockHtml, PUBLISHED_SLUG } from '../../../shared/published-faq.ts';
import { faqPageIssues, jsonLdBlocks } from '../../../../tests/helpers/faq-jsonld.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations } from '../../db/schema.ts';
import { deleteAccount, setSuspended } from '../account/account-lifecycle.ts';

const t = useTestApp({ PUBLIC_URL: 'https://faq.example.jp' });

const HOSTILE = `<script>alert("x")</script></script><img src=x onerror=alert(1)>&"'`;

const item = (question: string, answer: string, extra: Partial<FaqItem> = {}): FaqItem => ({
  question,
  answer,
  answerSource: 'offline',
  approved: true,
  ...extra,
});

const ITEMS: FaqItem[] = [
  item('営業時間は何時からですか？', '10時から18時です。\n日曜日は定休日です。', {
    evidence: '営業時間は10時から18時です。',
    sourceUrl: 'https://shop.example.jp/about',
  }),
  item('駐車場はありますか？', '5台分あります。', { evidence: '駐車場は5台分あります。' }),
  item('未承認の質問', 'まだ載せません。', { approved: false }),
  item('料金はいくらですか？', '3,000円です。', { unverified: { phrases: ['3,000円'] } }),
];

/** Records are seeded straight into the table: creating them is the generation module's job. */
async function seedRecord(
  user: SeededUser,
  values: Partial<typeof faqGenerations.$inferInsert> = {},
) {
  const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await t.app.db.insert(faqGenerations).values({
    id,
    userId: user.id,
    title: 'shop.example.jp のFAQ',
    method: 'url',
    status: 'completed',
    stage: 'completed',
    progress: 100,
    items: ITEMS,
    ...values,
  });
  return id;
}

const publish = (user: SeededUser, id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/generations/${id}/publication`,
    headers: user.headers,
    payload,
  });

async function published(payload: object = { businessName: '山田歯科' }) {
  const user = await seedUser(t.app);
  const id = await seedRecord(user);
  const response = await publish(user, id, payload);
  expect(response.statusCode).toBe(200);
  const { publication } = response.json();
  return { user, id, slug: publication.slug as string, publication };
}

const page = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/f/${slug}`, headers });

describe('publishing a FAQ', () => {
  it('gives an unguessable address and a server-rendered page of the 公開用 content', async () => {
    const { user, slug, publication } = await published();
    expect(slug).toMatch(PUBLISHED_SLUG);
    expect(slug).not.toContain(user.id.slice(0, 8));
    expect(publication).toMatchObject({
      url: `https://faq.example.jp/f/${slug}`,
      businessName: '山田歯科',
      noindex: false,
      published: true,
      itemCount: 2,
      leftOut: 1,
      views: 0,
    });

    const response = await page(slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>山田歯科のよくある質問</title>');
    expect(html).toContain('<h1>山田歯科のよくある質問</h1>');
    expect(html).toContain('<summary>営業時間は何時からですか？</summary>');
    expect(html).toContain('10時から18時です。<br>日曜日は定休日です。');
    expect(html).toContain('<meta name="description" content="山田歯科へのよくある質問と回答');
    expect(html).toContain(`<link rel="canonical" href="https://faq.example.jp/f/${slug}">`);
    expect(html).toContain('<meta property="og:title" content="山田歯科のよくある質問">');
    expect(html).not.toContain('noindex');
    // No 根拠, 出典, unapproved or 要確認 answer reaches the public.
    expect(html).not.toContain('shop.example.jp/about');
    expect(html).not.toContain('営業時間は10時から18時です。');
    expect(html).not.toContain('未承認');
    expect(html).not.toContain('3,000円');
    // The app's scripts are not needed; only the hashed inline script may run.
    expect(html).not.toContain('/assets/');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');

    const [jsonLd] = jsonLdBlocks(html);
    expect(jsonLd).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: '営業時間は何時からですか？' },
        { '@type': 'Question', name: '駐車場はありますか？' },
      ],
    });
    expect(await faqPageIssues(jsonLd)).toEqual([]);
    // The check does see a Question without its answer, or a property FAQPage does not have.
    const broken = { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'x' }], foo: 1 };
    expect((await faqPageIssues(broken)).map((issue) => issue.issueMessage)).toEqual(
      expect.arrayContaining([
        'Required attribute "acceptedAnswer" is missing',
        'Property "foo" for type "FAQPage" is not supported by the schema.org specification',
      ]),
    );
  });

  it('lays the page out once: the search script comes before the questions, without comments', async () => {
    const { slug } = await published();
    const html = (await page(slug)).body;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(script!.index).toBeLessThan(html.indexOf('<details>'));
    expect(html.indexOf('id="status"')).toBeLessThan(script!.index);
    expect(script![1]).not.toMatch(/^\s*\/\//m);
    expect(html).not.toContain('<form');
  });

  it('is cached by ETag and revalidated, so a change shows at once', async () => {
    const { user, id, slug } = await published();
    const first = await page(slug);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await page(slug, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // An edit of the FAQ (the generation module's PATCH) updates the page.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/generations/${id}/items/1`,
      headers: user.headers,
      payload: { answer: '10台分に増えました。' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await page(slug, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('10台分に増えました。');
  });

  it('stays up while one answer is regenerated', async () => {
    const { id, slug } = await published();
    // How answer-regenerate.ts claims a finished record for one answer.
    await t.app.db
      .update(faqGenerations)
      .set({ stage: 'answering' })
      .where(eq(faqGenerations.id, id));
    expect((await page(slug)).statusCode).toBe(200);
  });

  it('says noindex when 「検索エンジンに載せない」 is on, and changes settings in place', async () => {
    const { user, id, slug } = await published();
    const response = await publish(user, id, { businessName: 'やまだ歯科', noindex: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().publication).toMatchObject({ slug, noindex: true });
    const html = await page(slug);
    expect(html.body).toContain('<meta name="robots" content="noindex">');
    expect(html.headers['x-robots-tag']).toBe('noindex');
    expect(html.body).toContain('<h1>やまだ歯科のよくある質問</h1>');
  });

  it('answers 410 after 非公開にする, and the same address works again when republished', async () => {
    const { user, id, slug } = await published();
    const down = await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${id}/publication`,
      headers: user.headers,
    });
    expect(down.statusCode).toBe(200);
    expect(down.json().publication.published).toBe(false);
    const gone = await page(slug);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('公開を終了しました');
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: `/f/${slug}/faq.json` })).statusCode).toBe(410);

    expect((await publish(user, id, { businessName: '山田歯科' })).json().publication.slug).toBe(
      slug,
    );
    expect((await page(slug)).statusCode).toBe(200);
  });

  it('takes down the pages of suspended and deleted accounts', async () => {
    const suspended = await published();
    await setSuspended(t.app.db, suspended.user.id, true);
    expect((await page(suspended.slug)).statusCode).toBe(410);
    await setSuspended(t.app.db, suspended.user.id, false);
    expect((await page(suspended.slug)).statusCode).toBe(200);

    const deleted = await published();
    await deleteAccount(t.app.db, t.app.storage, t.app.log, deleted.user.id);
    expect((await page(deleted.slug)).statusCode).toBe(410);
  });

  it('answers 404 for an unknown address and for a deleted record', async () => {
    expect((await page('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await page('..%2F..%2Fetc')).statusCode).toBe(404);
    const { user, id, slug } = await published();
    await t.app.inject({ method: 'DELETE', url: `/api/generations/${id}`, headers: user.headers });
    expect((await page(slug)).statusCode).toBe(404);
  });

  it('escapes everything the owner or the model wrote', async () => {
    const user = await seedUser(t.app);
    const id = await seedRecord(user, {
      items: [item(`質問${HOSTILE}`, `回答${HOSTILE}\n</details></main>`)],
    });
    const response = await publish(user, id, { businessName: `店${HOSTILE}` });
    expect(response.statusCode).toBe(200);
    const { slug } = response.json().publication;
    const html = (await page(slug)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</details></main>\n');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // Exactly one closing tag per real script element: the JSON-LD and the search script.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const [jsonLd] = jsonLdBlocks(html);
    expect(jsonLd).toMatchObject({ mainEntity: [{ name: `質問${HOSTILE}` }] });
    expect(await faqPageIssues(jsonLd)).toEqual([]);

    const block = faqBlockHtml('店', [{ question: HOSTILE, answer: HOSTILE }]);
    expect(block).not.toContain('<script>alert');
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    // The copy-paste block carries a valid FAQPage too.
    const [blockLd] = jsonLdBlocks(block);
    expect(blockLd).toMatchObject({
      mainEntity: [{ name: HOSTILE, acceptedAnswer: { text: HOSTILE } }],
    });
    expect(await faqPageIssues(blockLd)).toEqual([]);
  });

  it('refuses in Japanese what cannot be published', async () => {
    const user = await seedUser(t.app);
    const draft = await seedRecord(user, { stage: 'questions_ready', status: 'generating' });
    const notDone = await publish(user, draft, { businessName: '山田歯科' });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error.message).toContain('完成したFAQだけ公開できます');

    const flaggedOnly = await seedRecord(user, { items: [ITEMS[3]!] });
    const nothing = await publish(user, flaggedOnly, { businessName: '山田歯科' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toContain('公開できる質問がありません');

    const done = await seedRecord(user);
    const empty = await publish(user, done, { businessName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('事業者名（ページの見出し）を入力してください');
    const long = await publish(user, done, { businessName: 'あ'.repeat(81) });
    expect(long.json().error.message).toBe(
      '事業者名（ページの見出し）は80文字以内で入力してください',
    );

    const stranger = await seedUser(t.app);
    const theirs = await publish(stranger, done, { businessName: '他人' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('履歴が見つかりません');
    const unpublishNever = await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${done}/publication`,
      headers: user.headers,
    });
    expect(unpublishNever.statusCode).toBe(404);
    expect(unpublishNever.json().error.message).toBe('このFAQは公開されていません');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/generations/${done}/publication` }))
        .statusCode,
    ).toBe(401);
  });

  it('limits the public routes per address with a Japanese 429', async () => {
    const { slug } = await published();
    // From an address of its own: the other tests' requests count as 127.0.0.1.
    const flood = () => t.app.inject({ url: `/f/${slug}`, remoteAddress: '203.0.113.9' });
    let last = await flood();
    for (let i = 0; i < 130 && last.statusCode !== 429; i++) last = await flood();
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toContain('リクエストが多すぎます');
  });
});

describe('what customers open', () => {
  it('counts views and opened questions, never for Do Not Track, GPC or crawlers', async () => {
    const { user, id, slug } = await published();
    await page(slug);
    await page(slug, { dnt: '1' });
    await page(slug, { 'sec-gpc': '1' });
    await page(slug, { 'user-agent': 'Googlebot/2.1' });
    await t.app.inject({ method: 'HEAD', url: `/f/${slug}` });
    const open = (q: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/f/${slug}/opened?q=${q}`, headers });
    const first = await open('1');
    expect(first.statusCode).toBe(204);
    // The embed's beacon comes from the shop's origin.
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await open('1');
    await open('0');
    await open('1', { dnt: '1' });
    await open('99');
    expect((await open('-1')).statusCode).toBe(400);
    expect((await open('x')).json().error.message).toBe('質問の番号が正しくありません');

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${id}/publication`,
      headers: user.headers,
    });
    expect(response.json().publication).toMatchObject({
      views: 1,
      opens: [
        { question: '駐車場はありますか？', opens: 2 },
        { question: '営業時間は何時からですか？', opens: 1 },
      ],
    });
    // Nothing but counts: no cookie is ever set.
    expect((await page(slug)).headers['set-cookie']).toBeUndefined();
  });
});

describe('the embed', () => {
  it('serves the data cross-origin with a FAQPage JSON-LD', async () => {
    const { slug } = await published();
    const response = await t.app.inject({
      url: `/f/${slug}/faq.json`,
      headers: { origin: 'https://shop.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const data = response.json();
    expect(data.items).toEqual([
      {
        question: '営業時間は何時からですか？',
        answer: '10時から18時です。\n日曜日は定休日です。',
      },
      { question: '駐車場はありますか？', answer: '5台分あります。' },
    ]);
    expect(await faqPageIssues(data.jsonLd)).toEqual([]);
  });

  it('has a framable iframe version that is never indexed', async () => {
    const { slug } = await published();
    const response = await t.app.inject({ url: `/f/${slug}/embed` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.body).toContain('<meta name="robots" content="noindex">');
  });

  it('is a script under 15 KB gzip, loadable from another origin', async () => {
    const response = await t.app.inject({
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(15 * 1024);
    expect(gunzipSync(response.rawPayload).toString()).toContain('attachShadow');
  });
});

describe('the sitemap', () => {
  const sitemap = async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    return response.body;
  };
  const listed = (body: string, slug: string) =>
    body.includes(`<loc>https://faq.example.jp/f/${slug}</loc>`);

  it('lists the published pages search engines may index, beside the site’s own pages', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://faq.example.jp/sitemap.xml');
    const { slug } = await published();
    const body = await sitemap();
    expect(body).toContain('<loc>https://faq.example.jp/pricing</loc>');
    expect(body).toMatch(
      new RegExp(
        `<url><loc>https://faq.example.jp/f/${slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`,
      ),
    );
  });

  it('leaves out at once what is noindex, unpublished, suspended, deleted or has nothing to show', async () => {
    const live = await published();
    const noindex = await published({ businessName: '山田歯科', noindex: true });
    const unpublished = await published();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${unpublished.id}/publication`,
      headers: unpublished.user.headers,
    });
    const suspended = await published();
    await setSuspended(t.app.db, suspended.user.id, true);
    const deletedAccount = await published();
    await deleteAccount(t.app.db, t.app.storage, t.app.log, deletedAccount.user.id);
    const deletedRecord = await published();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${deletedRecord.id}`,
      headers: deletedRecord.user.headers,
    });
    const emptied = await published();
    await t.app.db
      .update(faqGenerations)
      .set({ items: [item('未承認の質問', 'まだ載せません。', { approved: false })] })
      .where(eq(faqGenerations.id, emptied.id));

    const body = await sitemap();
    expect(listed(body, live.slug)).toBe(true);
    for (const gone of [noindex, unpublished, suspended, deletedAccount, deletedRecord, emptied]) {
      expect(listed(body, gone.slug)).toBe(false);
    }
    // Switching noindex off (the 「検索エンジンに載せない」 box unticked) lists it.
    await publish(noindex.user, noindex.id, { businessName: '山田歯科', noindex: false });
    expect(listed(await sitemap(), noindex.slug)).toBe(true);
  });
});
