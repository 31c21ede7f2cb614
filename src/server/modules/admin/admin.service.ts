import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACTIVE_USER_DAYS,
  ADMIN_LIST_LIMIT,
  RECENT_ACTIVITY_HOURS,
} from '../../../shared/limits.ts';
import type { AdminStats, AdminUserRow } from '../../../shared/admin.ts';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  adminActionLogs,
  adminUsers,
  creditTransactions,
  faqGenerations,
  referrals,
  users,
} from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { quotedCsvCell } from '../../../shared/csv.ts';

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

/**
 * The first administrator (DECISIONS §1): ADMIN_PASSWORD when configured; outside production
 * the documented default; in production a random password printed once to the log.
 */
export async function ensureFirstAdmin(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (existing) return;
  let password = config.ADMIN_PASSWORD;
  let usesDefault = 0;
  if (!password) {
    if (config.isProduction) {
      password = randomBytes(12).toString('base64url');
      log.warn(
        { username: config.ADMIN_USERNAME, password },
        '初期管理者を作成しました。このパスワードは一度だけ表示されます。ログイン後に変更してください',
      );
    } else {
      password = DEFAULT_ADMIN_PASSWORD;
      usesDefault = 1;
    }
  }
  await db
    .insert(adminUsers)
    .values({
      id: randomUUID(),
      username: config.ADMIN_USERNAME,
      email: '',
      fullName: 'システム管理者',
      role: 'admin',
      isActive: '1',
      passwordHash: await hashPassword(password),
      usesDefaultPassword: usesDefault,
    })
    // Several processes may start at once: the unique username keeps it to one.
    .onConflictDoNothing({ target: adminUsers.username });
}

/** A failure to log is a warning only (spec §8): the action itself has happened. */
export async function logAdminAction(
  db: DbOrTx,
  log: FastifyBaseLogger,
  adminUserId: string,
  action: string,
  details: Record<string, unknown>,
) {
  try {
    await db
      .insert(adminActionLogs)
      .values({ id: randomUUID(), adminUserId, action, details: JSON.stringify(details) });
  } catch (error) {
    log.warn({ err: error, action }, 'admin action log failed');
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Consumption = usage (generation) and debit (admin) rows, counted as positive credits. */
const CONSUMPTION_TYPES = ['usage', 'debit'];

export async function adminStats(db: Database): Promise<AdminStats> {
  const now = Date.now();
  const [userCount] = await db.select({ n: count() }).from(users);
  const [generationCount] = await db.select({ n: count() }).from(faqGenerations);
  const [recent] = await db
    .select({ n: count() })
    .from(faqGenerations)
    .where(gte(faqGenerations.createdAt, new Date(now - RECENT_ACTIVITY_HOURS * 60 * 60 * 1000)));
  const [consumed] = await db
    .select({ total: sql<number>`coalesce(sum(abs(${creditTransactions.amount})), 0)::int` })
    .from(creditTransactions)
    .where(inArray(creditTransactions.type, CONSUMPTION_TYPES));
  const rows = await listUsers(db, {});
  return {
    totalUsers: userCount?.n ?? 0,
    totalGenerations: generationCount?.n ?? 0,
    generationsLast24h: recent?.n ?? 0,
    activeUsers: rows.filter((row) => row.active).length,
    totalCreditsConsumed: consumed?.total ?? 0,
  };
}

export async function listUsers(
  db: Database,
  filter: { search?: string | undefined; status?: 'all' | 'active' | 'inactive' },
): Promise<AdminUserRow[]> {
  const search = filter.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const faqCount = sql<number>`(select count(*) from ${faqGenerations} where ${faqGenerations.userId} = ${users.id})::int`;
  const creditsUsed = sql<number>`(select coalesce(sum(abs(${creditTransactions.amount})), 0) from ${creditTransactions} where ${creditTransactions.userId} = ${users.id} and ${creditTransactions.type} in ('usage', 'debit'))::int`;
  const referralCount = sql<number>`(select count(*) from ${referrals} where ${referrals.referrerUserId} = ${users.id})::int`;
  const lastGeneration = sql<Date | null>`(select max(${faqGenerations.createdAt}) from ${faqGenerations} where ${faqGenerations.userId} = ${users.id})`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      credits: users.credits,
      createdAt: users.createdAt,
      faqCount,
      creditsUsed,
      referralCount,
      lastGeneration,
    })
    .from(users)
    .where(pattern ? or(ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(ADMIN_LIST_LIMIT);
  const activeSince = Date.now() - ACTIVE_USER_DAYS * DAY_MS;
  const mapped = rows.map((row) => {
    // Spec §3: latest generation, else the creation date.
    const last = row.lastGeneration ? new Date(row.lastGeneration) : row.createdAt;
    return {
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      credits: row.credits,
      faqCount: row.faqCount,
      creditsUsed: row.creditsUsed,
      referralCount: row.referralCount,
      lastActivity: last.toISOString(),
      active: last.getTime() >= activeSince,
      createdAt: row.createdAt.toISOString(),
    };
  });
  if (filter.status === 'active') return mapped.filter((row) => row.active);
  if (filter.status === 'inactive') return mapped.filter((row) => !row.active);
  return mapped;
}

/** Excel opens UTF-8 with a BOM correctly; a leading = + - @ would be run as a formula. */
export function csvCell(value: string | number): string {
  return quotedCsvCell(value);
}

const japanDate = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

export function usersCsv(rows: AdminUserRow[]): string {
  const header = [
    'メールアドレス',
    '表示名',
    'クレジット',
    'FAQ数',
    '使用クレジット',
    '紹介数',
    '登録日',
    '最終アクティビティ',
  ];
  const lines = rows.map((row) =>
    [
      row.email,
      row.displayName ?? '',
      row.credits,
      row.faqCount,
      row.creditsUsed,
      row.referralCount,
      japanDate(row.createdAt),
      japanDate(row.lastActivity),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export function csvFileName(now = new Date()): string {
  const date = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(now);
  return `users_${date}.csv`;
}

export async function findActiveAdmin(db: Database, id: string) {
  const [admin] = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.isActive, '1')));
  return admin ?? null;
}
