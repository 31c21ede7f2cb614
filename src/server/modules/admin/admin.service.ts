import { randomBytes, randomUUID } from 'node:crypto';
import { formatJapanDateTime, japanDay } from '../../../shared/japan-time.ts';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import { usageFiguresByUser } from '../credits/usage-figures.ts';
import { quotedCsvCell } from '../../../shared/csv.ts';

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

/**
 * The first administrator (docs/product-decisions.md §1): ADMIN_PASSWORD when configured; outside production
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

/** A failure to log is a warning only (docs/spec.md §8): the action itself has happened. */
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
  // Shadow accounts (a sign-up for a registered address, auth.service.ts) are nobody's account.
  const [userCount] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.shadow, false)));
  const [generationCount] = await db.select({ n: count() }).from(faqGenerations);
  const [recent] = await db
    .select({ n: count() })
    .from(faqGenerations)
    .where(gte(faqGenerations.createdAt, new Date(now - RECENT_ACTIVITY_HOURS * 60 * 60 * 1000)));
  const [consumed] = await db
    .select({ total: sql<number>`coalesce(sum(abs(${creditTransactions.amount})), 0)::int` })
    .from(creditTransactions)
    .where(inArray(creditTransactions.type, CONSUMPTION_TYPES));
  const figures = userFigures(db);
  const [active] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(figures.generations, eq(figures.generations.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.shadow, false),
        gte(figures.lastActivity, activeSince()),
      ),
    );
  return {
    totalUsers: userCount?.n ?? 0,
    totalGenerations: generationCount?.n ?? 0,
    generationsLast24h: recent?.n ?? 0,
    activeUsers: active?.n ?? 0,
    totalCreditsConsumed: consumed?.total ?? 0,
  };
}

const activeSince = () => new Date(Date.now() - ACTIVE_USER_DAYS * DAY_MS);

/**
 * Per-user figures as grouped subqueries joined on the user id. (Correlated subqueries
 * written with Drizzle columns render unqualified names, and "id" then binds to the inner
 * table, which made every figure 0.) FAQ数 and 使用量 are the customer's own figures
 * (credits/usage-figures.ts), so both sides mean the same under the same words.
 */
function userFigures(db: Database) {
  const generations = db
    .select({
      userId: faqGenerations.userId,
      lastGeneration: sql<string | Date | null>`max(${faqGenerations.createdAt})`.as(
        'last_generation',
      ),
    })
    .from(faqGenerations)
    .groupBy(faqGenerations.userId)
    .as('user_generations');
  const { faqs, usage } = usageFiguresByUser(db);
  const referred = db
    .select({
      userId: referrals.referrerUserId,
      referralCount: sql<number>`count(*)::int`.as('referral_count'),
    })
    .from(referrals)
    .groupBy(referrals.referrerUserId)
    .as('user_referrals');
  // docs/spec.md §3: latest generation, else the creation date.
  const lastActivity = sql<Date>`coalesce(${generations.lastGeneration}, ${users.createdAt})`;
  return { generations, faqs, usage, referred, lastActivity };
}

export async function listUsers(
  db: Database,
  filter: { search?: string | undefined; status?: 'all' | 'active' | 'inactive' },
): Promise<AdminUserRow[]> {
  const search = filter.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const figures = userFigures(db);
  const since = activeSince();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      credits: users.credits,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      faqCount: sql<number>`coalesce(${figures.faqs.faqCount}, 0)`,
      creditsUsed: sql<number>`coalesce(${figures.usage.creditsUsed}, 0)`,
      referralCount: sql<number>`coalesce(${figures.referred.referralCount}, 0)`,
      lastGeneration: figures.generations.lastGeneration,
    })
    .from(users)
    .leftJoin(figures.generations, eq(figures.generations.userId, users.id))
    .leftJoin(figures.faqs, eq(figures.faqs.userId, users.id))
    .leftJoin(figures.usage, eq(figures.usage.userId, users.id))
    .leftJoin(figures.referred, eq(figures.referred.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.shadow, false),
        pattern ? or(ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined,
        filter.status === 'active' ? gte(figures.lastActivity, since) : undefined,
        filter.status === 'inactive' ? lt(figures.lastActivity, since) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(ADMIN_LIST_LIMIT);
  return rows.map((row) => {
    const last = row.lastGeneration ? new Date(row.lastGeneration) : row.createdAt;
    return {
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      credits: row.credits,
      faqCount: Number(row.faqCount),
      creditsUsed: Number(row.creditsUsed),
      referralCount: Number(row.referralCount),
      lastActivity: last.toISOString(),
      active: last.getTime() >= since.getTime(),
      suspended: row.suspendedAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Excel opens UTF-8 with a BOM correctly; a leading = + - @ would be run as a formula. */
export function csvCell(value: string | number): string {
  return quotedCsvCell(value);
}

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
      formatJapanDateTime(row.createdAt),
      formatJapanDateTime(row.lastActivity),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export function csvFileName(now = new Date()): string {
  return `users_${japanDay(now)}.csv`;
}

export async function findActiveAdmin(db: Database, id: string) {
  const [admin] = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.isActive, '1')));
  return admin ?? null;
}

/** The administrator signing in with this name, active or not. */
export async function findAdminByUsername(db: Database, username: string) {
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  return admin;
}

/**
 * Sets a new password and ends every other session of this administrator; the session making
 * the change (keptSessionId) stays.
 */
export async function changeAdminPassword(
  db: Database,
  config: Config,
  admin: { id: string; sessionId: string | null },
  newPassword: string,
): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      passwordHash: await hashPassword(newPassword),
      // Outside production the sign-in hint shows the default while it is the password.
      usesDefaultPassword: !config.isProduction && newPassword === DEFAULT_ADMIN_PASSWORD ? 1 : 0,
      sessionsValidAfter: new Date(),
      keptSessionId: admin.sessionId,
    })
    .where(eq(adminUsers.id, admin.id));
}
