import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { faqGenerations } from '../../src/server/db/schema.ts';
import type { ExportOptions } from '../../src/shared/exports.ts';
import { exportableItems, generationSchema, type FaqItem } from '../../src/shared/generations.ts';
import {
  safeStorageName,
  STORAGE_MESSAGES,
  storageReasonInJapanese,
} from '../../src/shared/storage.ts';
import { buildWordBlob } from '../../src/web/features/export/word-layout.ts';
import { storageClient } from '../helpers/storage-api.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { seedUser, type SeededUser } from '../helpers/users.ts';

/**
 * The Word file of a finished URL-mode record, as the results screen and the history save it:
 * the record read over HTTP, the file built by the browser's export code in the chosen variant,
 * uploaded to the user's storage under a name derived from the page title, and read back through
 * its signed download URL (docs/adr/030-public-and-review-exports.md).
 */
const t = useTestApp();

/** A page title as URL mode records it: 「｜」「・」【】 and full-width brackets. */
const TITLE = '山田ベーカリー｜よくある質問・【公式】（本店）のFAQ';

const ITEMS: FaqItem[] = [
  {
    question: '営業時間は何時から何時までですか？',
    answer: '午前7時から午後7時までです。',
    answerSource: 'offline',
    approved: true,
    sourceUrl: 'https://yamada-bakery.example.jp/',
    evidence: '営業時間は午前7時から午後7時までです。',
    belowLength: true,
  },
];

async function seedUrlRecord(user: SeededUser): Promise<string> {
  const id = `faq_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  await t.app.db.insert(faqGenerations).values({
    id,
    userId: user.id,
    title: TITLE,
    method: 'url',
    status: 'completed',
    stage: 'completed',
    progress: 100,
    message: 'FAQの生成が完了しました',
    inputData: JSON.stringify({ url: 'https://yamada-bakery.example.jp/' }),
    items: ITEMS,
  });
  return id;
}

/** The signed URL is absolute (PUBLIC_URL); inject wants the path and query. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function saveAndReadBack(user: SeededUser, id: string, options?: ExportOptions) {
  const record = generationSchema.parse(
    (
      await t.app.inject({ method: 'GET', url: `/api/generations/${id}`, headers: user.headers })
    ).json(),
  );
  const blob = await buildWordBlob(
    { title: record.title, items: exportableItems(record.items), unanswered: ['駐車場は？'] },
    options,
  );
  const api = storageClient(t.app, user.headers);
  const path = `exports/20261127181500-${safeStorageName(record.title, 'docx')}`;
  const saved = await api.upload(path, Buffer.from(await blob.arrayBuffer()), { upsert: true });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().path).toBe(path);

  const link = await api.download(path, `${record.title}.docx`);
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: local(link.json().downloadUrl) });
  expect(file.statusCode).toBe(200);
  expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(
    `${TITLE}.docx`,
  );
  const zip = await JSZip.loadAsync(file.rawPayload);
  return zip.file('word/document.xml')!.async('string');
}

describe('saving a URL-mode record’s Word file to storage', () => {
  it('stores it under a safe name derived from a title with ｜・【】（）, and downloads it under the title', async () => {
    const user = await seedUser(t.app);
    const xml = await saveAndReadBack(user, await seedUrlRecord(user));
    expect(xml).toContain('営業時間は何時から何時までですか？');
  });

  it('refuses an unsafe path with the spec’s text, which the owner reads in Japanese', async () => {
    const user = await seedUser(t.app);
    const api = storageClient(t.app, user.headers);
    for (const response of [
      await api.upload(`exports/${TITLE}.docx`, Buffer.from('x')),
      await api.upload('../escape.docx', Buffer.from('x')),
      await api.download(`exports/${TITLE}.docx`),
    ]) {
      expect(response.statusCode).toBe(400);
      const { message } = response.json().error;
      expect(message).toBe(STORAGE_MESSAGES.invalid);
      expect(storageReasonInJapanese(message)).toMatch(
        /^ファイルの保存先または名前が正しくありません/,
      );
    }
    const missing = await api.download('exports/none.docx');
    expect(missing.statusCode).toBe(404);
    expect(storageReasonInJapanese(missing.json().error.message)).toBe('ファイルが見つかりません');
    await api.upload('exports/once.txt', Buffer.from('x'));
    const again = await api.upload('exports/once.txt', Buffer.from('y'));
    expect(again.statusCode).toBe(409);
    expect(storageReasonInJapanese(again.json().error.message)).toBe(
      '同じ名前のファイルがすでに保存されています',
    );
  });
});

describe('公開用 and 確認用 Word files saved to storage', () => {
  it('公開用 (the default) has no 根拠, 出典, 要確認 or appendix; 確認用 has them', async () => {
    const user = await seedUser(t.app);
    const id = await seedUrlRecord(user);
    for (const options of [undefined, { variant: 'public' } as const]) {
      const xml = await saveAndReadBack(user, id, options);
      expect(xml).toContain('午前7時から午後7時までです。');
      for (const internal of ['根拠', '出典', '要確認', '付録', 'yamada-bakery.example.jp'])
        expect(xml, internal).not.toContain(internal);
    }
    const review = await saveAndReadBack(user, id, { variant: 'review' });
    expect(review).toContain('根拠: 営業時間は午前7時から午後7時までです。');
    expect(review).toContain('出典: ');
    expect(review).toContain('要確認: ');
    expect(review).toContain('駐車場は？');
  });
});
