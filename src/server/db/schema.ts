/**
 * One schema for PGlite and PostgreSQL, one file per capability under `schema/`. Table names
 * are the product's entity names in snake_case. Importers use this index; drizzle-kit reads
 * the folder (drizzle.config.ts).
 */
export * from './schema/users.ts';
export * from './schema/notifications.ts';
export * from './schema/credits.ts';
export * from './schema/payments.ts';
export * from './schema/referrals.ts';
export * from './schema/generation.ts';
export * from './schema/admin.ts';
export * from './schema/analytics.ts';
export * from './schema/rate-limits.ts';
export * from './schema/realtime.ts';
export * from './schema/publishing.ts';
