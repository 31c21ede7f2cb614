/**
 * The published FAQ page (/f/{slug}, issue 28) on the real app: Lighthouse mobile scores of a
 * page of ten questions, its HTML's gzip size, and the embed script's gzip size (< 15 KB).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { faqGenerations } from '../../src/server/db/schema.ts';
import { EMBED_SCRIPT } from '../../src/server/modules/publishing/public-page.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { seedUser } from '../../tests/helpers/users.ts';
import { freePort } from '../support.ts';
import { createServer } from 'node:http';
import { CHROMIUM_PATH, lighthouseSideBySide, type LighthouseScores } from './lighthouse.ts';

export const EMBED_BUDGET_KB = 15;

const SAMPLE = [
  [
    '営業時間を教えてください。',
    '平日は10時から19時、土曜日は10時から17時までです。日曜日と祝日は休業しております。',
  ],
  [
    '予約は必要ですか？',
    'ご予約なしでもご来店いただけますが、お待たせしないよう電話またはウェブでのご予約をおすすめしております。',
  ],
  [
    '駐車場はありますか？',
    '店舗の裏手に5台分の無料駐車場がございます。満車の際は近隣のコインパーキングをご利用ください。',
  ],
  [
    'クレジットカードは使えますか？',
    'VISA、Mastercard、JCB、American Expressがご利用いただけます。交通系ICカードとQRコード決済にも対応しております。',
  ],
  [
    'キャンセル料はかかりますか？',
    '前日までのご連絡であればキャンセル料はかかりません。当日のキャンセルはご予約金額の50%を頂戴しております。',
  ],
  [
    '子ども連れでも大丈夫ですか？',
    'はい、お子様連れでもご来店いただけます。ベビーカーのまま入れる席もございますので、ご予約の際にお知らせください。',
  ],
  [
    '最寄り駅からの行き方を教えてください。',
    '最寄り駅の東口を出て、大通りを北へ徒歩5分です。郵便局の向かいの建物の1階です。',
  ],
  [
    '領収書は発行できますか？',
    'はい、お会計の際にお申し付けください。宛名と但し書きをご指定いただけます。',
  ],
  [
    'ギフト券はありますか？',
    '店頭で1,000円券と5,000円券を販売しております。有効期限は発行日から1年間です。',
  ],
  [
    '持ち込みはできますか？',
    '飲食物のお持ち込みはご遠慮いただいております。アレルギー対応の食品についてはご相談ください。',
  ],
] as const;

const BLANK_PAGE =
  '<!doctype html><html lang="ja"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>よくある質問</title><meta name="description" content="よくある質問と回答">' +
  '</head><body><h1>よくある質問</h1><p>平日は10時から19時までです。</p></body></html>';

export interface PublishedFaqMeasure {
  scores: LighthouseScores | null;
  /**
   * A blank Japanese page (a heading and a sentence, no style, no script) measured in the same
   * runs: what this machine and its Chromium score for nothing at all, beside the FAQ page.
   */
  blank: LighthouseScores | null;
  pageGzipBytes: number;
  embedGzipBytes: number;
  note: string;
}

export async function measurePublishedFaq(runs: number): Promise<PublishedFaqMeasure> {
  const embedGzipBytes = gzipSync(EMBED_SCRIPT).length;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: url });
  try {
    const user = await seedUser(t.app);
    const userId = user.id;
    const id = `faq_bench_${randomUUID().slice(0, 8)}`;
    await t.app.db.insert(faqGenerations).values({
      id,
      userId,
      title: 'shop.example.jp のFAQ',
      method: 'url',
      status: 'completed',
      stage: 'completed',
      progress: 100,
      items: SAMPLE.map(([question, answer]) => ({
        question,
        answer,
        answerSource: 'offline',
        approved: true,
      })),
    });
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/generations/${id}/publication`,
      headers: user.headers,
      payload: { businessName: '山田歯科クリニック' },
    });
    if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
    const pageUrl = (published.json() as { publication: { url: string } }).publication.url;
    const html = await t.app.inject({ url: new URL(pageUrl).pathname });
    const pageGzipBytes = gzipSync(html.body).length;
    if (!existsSync(CHROMIUM_PATH))
      return {
        scores: null,
        blank: null,
        pageGzipBytes,
        embedGzipBytes,
        note: `no Chromium at ${CHROMIUM_PATH}`,
      };
    await t.app.listen({ port, host: '127.0.0.1' });
    const blankPort = await freePort();
    const blankServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(BLANK_PAGE);
    }).listen(blankPort, '127.0.0.1');
    try {
      const [scores, blank] = await lighthouseSideBySide(
        [pageUrl, `http://127.0.0.1:${blankPort}/`],
        runs,
      );
      return { scores: scores!, blank: blank!, pageGzipBytes, embedGzipBytes, note: '' };
    } finally {
      blankServer.close();
    }
  } finally {
    await t.close();
  }
}
