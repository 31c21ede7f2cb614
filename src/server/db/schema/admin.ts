import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Administrators and their action log.

export const adminUsers = pgTable(
  'admin_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    role: text('role').notNull().default('admin'),
    /** '1' = active, as the spec stores it. */
    isActive: text('is_active').notNull().default('1'),
    passwordHash: text('password_hash').notNull(),
    /** True while the seeded admin still has the default password (docs/product-decisions.md §1). */
    usesDefaultPassword: integer('uses_default_password').notNull().default(0),
    /** Admin tokens issued before this are refused (a password change ends other sessions)… */
    sessionsValidAfter: timestamp('sessions_valid_after', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    /** …except the session that changed the password (its token's sid claim). */
    keptSessionId: text('kept_session_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_users_username_unique').on(table.username)],
);

export const adminActionLogs = pgTable(
  'admin_action_logs',
  {
    id: text('id').primaryKey(),
    adminUserId: text('admin_user_id').notNull(),
    action: text('action').notNull(),
    /** JSON text. */
    details: text('details').notNull().default('{}'),
    createdAt: createdAt(),
  },
  (table) => [index('admin_action_logs_created_idx').on(table.createdAt)],
);
