import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  publishedItems,
  PUBLISHED_SLUG,
  type Publication,
  type PublishedItem,
} from '../../../shared/published-faq.ts';
import { readFaqItems } from '../../../shared/generations.ts';
import type { DbOrTx } from '../../db/client.ts';
import { faqGenerations, publishedFaqOpens, publishedFaqs, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { getOwnGeneration } from '../generation/generation.record.ts';

export const NOT_COMPLETED =
  '完成したFAQだけ公開できます。回答の作成が終わってから公開してください';
export const NOTHING_TO_PUBLISH =
  '公開できる質問がありません。回答を承認してから公開してください（要確認の回答は確認するまで載りません）';
export const NOT_PUBLISHED = 'このFAQは公開されていません';

type PublishedRow = typeof publishedFaqs.$inferSelect;

/** 96 random bits: the address says nothing about the account or the record. */
const newSlug = () => randomBytes(12).toString('base64url');

export const pageUrl = (publicUrl: string, slug: string) => `${publicUrl}/f/${slug}`;

async function publicationOf(
  db: DbOrTx,
  row: PublishedRow,
  items: PublishedItem[],
  leftOut: number,
  publicUrl: string,
): Promise<Publication> {
  const questions = items.map((item) => item.question);
  const counts = questions.length
    ? await db
        .select({ question: publishedFaqOpens.question, opens: publishedFaqOpens.opens })
        .from(publishedFaqOpens)
        .where(
          and(
            eq(publishedFaqOpens.publishedId, row.id),
            inArray(publishedFaqOpens.question, questions),
          ),
        )
    : [];
  return {
    slug: row.slug,
    url: pageUrl(publicUrl, row.slug),
    businessName: row.businessName,
    noindex: row.noindex,
    published: row.unpublishedAt === null,
    itemCount: items.length,
    leftOut,
    views: row.views,
    opens: counts
      .filter((count) => count.opens > 0)
      .sort((left, right) => right.opens - left.opens),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownPublished(db: DbOrTx, generationId: string) {
  const [row] = await db
    .select()
    .from(publishedFaqs)
    .where(eq(publishedFaqs.generationId, generationId));
  return row ?? null;
}

/** The owner's view of a record's page (null before the first 公開する). */
export async function getPublication(
  db: DbOrTx,
  userId: string,
  generationId: string,
  publicUrl: string,
): Promise<Publication | null> {
  const record = await getOwnGeneration(db, userId, generationId);
  const row = await ownPublished(db, record.id);
  if (!row) return null;
  const { items, leftOut } = publishedItems(readFaqItems(record.items));
  return publicationOf(db, row, items, leftOut, publicUrl);
}

/**
 * 公開する (or its settings changed): the page shows the record's 公開用 content from now on.
 * Publishing again after 非公開にする keeps the address, so links already given work again.
 */
export async function publish(
  db: DbOrTx,
  userId: string,
  generationId: string,
  settings: { businessName: string; noindex: boolean },
  publicUrl: string,
): Promise<Publication> {
  const record = await getOwnGeneration(db, userId, generationId);
  if (record.stage !== 'completed') throw conflict(NOT_COMPLETED);
  const { items, leftOut } = publishedItems(readFaqItems(record.items));
  if (items.length === 0) throw conflict(NOTHING_TO_PUBLISH);
  const now = new Date();
  const [row] = await db
    .insert(publishedFaqs)
    .values({
      id: `pub_${randomBytes(9).toString('base64url')}`,
      generationId: record.id,
      userId,
      slug: newSlug(),
      businessName: settings.businessName,
      noindex: settings.noindex,
    })
    .onConflictDoUpdate({
      target: publishedFaqs.generationId,
      set: {
        businessName: settings.businessName,
        noindex: settings.noindex,
        unpublishedAt: null,
        updatedAt: now,
      },
    })
    .returning();
  return publicationOf(db, row!, items, leftOut, publicUrl);
}

/** 非公開にする: the address answers 410 from this moment, in every process. */
export async function unpublish(
  db: DbOrTx,
  userId: string,
  generationId: string,
  publicUrl: string,
): Promise<Publication> {
  const record = await getOwnGeneration(db, userId, generationId);
  const [row] = await db
    .update(publishedFaqs)
    .set({
      unpublishedAt: sql`coalesce(${publishedFaqs.unpublishedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(publishedFaqs.generationId, record.id))
    .returning();
  if (!row) throw notFound(NOT_PUBLISHED);
  const { items, leftOut } = publishedItems(readFaqItems(record.items));
  return publicationOf(db, row, items, leftOut, publicUrl);
}

/**
 * A finished record, also while one of its answers is regenerated (stage 'answering' with
 * status still 'completed'): its other answers stand, so the page stays up meanwhile.
 */
const finished = (row: { stage: string; status: string }) =>
  row.stage === 'completed' || (row.stage === 'answering' && row.status === 'completed');

export type PublicPage =
  | {
      state: 'live';
      id: string;
      slug: string;
      businessName: string;
      noindex: boolean;
      items: PublishedItem[];
    }
  | { state: 'gone' }
  | { state: 'missing' };

/**
 * What /f/{slug} shows now, read fresh on every request so an edit, 非公開にする, a suspension
 * or a deletion takes effect at once. A page of a suspended or deleted account is gone (410),
 * like one taken down.
 */
export async function findPublicPage(db: DbOrTx, slug: string): Promise<PublicPage> {
  if (!PUBLISHED_SLUG.test(slug)) return { state: 'missing' };
  const [row] = await db
    .select({
      id: publishedFaqs.id,
      slug: publishedFaqs.slug,
      businessName: publishedFaqs.businessName,
      noindex: publishedFaqs.noindex,
      unpublishedAt: publishedFaqs.unpublishedAt,
      items: faqGenerations.items,
      stage: faqGenerations.stage,
      status: faqGenerations.status,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(publishedFaqs)
    .innerJoin(faqGenerations, eq(faqGenerations.id, publishedFaqs.generationId))
    .innerJoin(users, eq(users.id, publishedFaqs.userId))
    .where(eq(publishedFaqs.slug, slug));
  if (!row) return { state: 'missing' };
  if (row.unpublishedAt || row.suspendedAt || row.deletedAt || !finished(row))
    return { state: 'gone' };
  const { items } = publishedItems(readFaqItems(row.items));
  if (items.length === 0) return { state: 'gone' };
  return {
    state: 'live',
    id: row.id,
    slug: row.slug,
    businessName: row.businessName,
    noindex: row.noindex,
    items,
  };
}

/** A sitemap file holds at most 50,000 addresses; the site's own pages take a few. */
export const SITEMAP_PAGE_LIMIT = 49_000;

/**
 * The published pages search engines may index, for the sitemap: live as findPublicPage
 * decides it (published, the account neither suspended nor deleted, the record finished with
 * something to show) and without 「検索エンジンに載せない」. `updatedAt` is the later of the
 * record's and the page's changes.
 */
export async function listIndexablePages(
  db: DbOrTx,
  limit = SITEMAP_PAGE_LIMIT,
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .select({
      slug: publishedFaqs.slug,
      pageUpdatedAt: publishedFaqs.updatedAt,
      recordUpdatedAt: faqGenerations.updatedAt,
      items: faqGenerations.items,
      stage: faqGenerations.stage,
      status: faqGenerations.status,
    })
    .from(publishedFaqs)
    .innerJoin(faqGenerations, eq(faqGenerations.id, publishedFaqs.generationId))
    .innerJoin(users, eq(users.id, publishedFaqs.userId))
    .where(
      and(
        isNull(publishedFaqs.unpublishedAt),
        eq(publishedFaqs.noindex, false),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(publishedFaqs.createdAt))
    .limit(limit);
  return rows
    .filter((row) => finished(row) && publishedItems(readFaqItems(row.items)).items.length > 0)
    .map((row) => ({
      slug: row.slug,
      updatedAt: row.recordUpdatedAt > row.pageUpdatedAt ? row.recordUpdatedAt : row.pageUpdatedAt,
    }));
}

export async function countView(db: DbOrTx, publishedId: string): Promise<void> {
  await db
    .update(publishedFaqs)
    .set({ views: sql`${publishedFaqs.views} + 1` })
    .where(eq(publishedFaqs.id, publishedId));
}

/** One more opening of the question now at `index` of the page (an unknown index is ignored). */
export async function countOpen(db: DbOrTx, slug: string, index: number): Promise<void> {
  const page = await findPublicPage(db, slug);
  if (page.state !== 'live') return;
  const item = page.items[index];
  if (!item) return;
  await db
    .insert(publishedFaqOpens)
    .values({ publishedId: page.id, question: item.question, opens: 1 })
    .onConflictDoUpdate({
      target: [publishedFaqOpens.publishedId, publishedFaqOpens.question],
      set: { opens: sql`${publishedFaqOpens.opens} + 1` },
    });
}
