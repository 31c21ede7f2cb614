import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AVATAR_URL_PATTERN,
  type CurrentUser,
  type UpdateMeRequest,
} from '../../../shared/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toCurrentUser } from '../auth/current-user.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';

export const AVATAR_URL_PREFIX = '/api/account/avatar/';
export const INVALID_AVATAR_URL = 'プロフィール画像のURLが正しくありません';

/** Storage key of an avatar URL we issued, or null for anything else. */
export function avatarKeyFromUrl(url: string | null): string | null {
  if (!url || !AVATAR_URL_PATTERN.test(url)) return null;
  return `avatars/${url.slice(AVATAR_URL_PREFIX.length)}`;
}

export function newAvatarFileName(extension: string): string {
  return `${randomBytes(12).toString('hex')}.${extension}`;
}

/**
 * PATCH /api/auth/me. The display name is trimmed and blank clears it; an avatar URL must be
 * one of this user's own uploads that still exists (no hot-linking other sites or users).
 */
export async function updateProfile(
  db: Database,
  storage: StorageBackend,
  log: FastifyBaseLogger,
  userId: string,
  patch: UpdateMeRequest,
): Promise<CurrentUser> {
  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.displayName !== undefined) values.displayName = patch.displayName?.trim() || null;
  if (patch.avatarUrl !== undefined) {
    if (patch.avatarUrl !== null) {
      const key = avatarKeyFromUrl(patch.avatarUrl);
      if (
        !key ||
        !patch.avatarUrl.startsWith(`${AVATAR_URL_PREFIX}${userId}/`) ||
        !(await storage.exists(key))
      ) {
        throw new HttpError(400, INVALID_AVATAR_URL);
      }
    }
    values.avatarUrl = patch.avatarUrl;
  }
  await replaceAndCleanUp(db, storage, log, userId, values);
  return toCurrentUser(db, userId);
}

/** Stores the (already type-checked) image and makes it the user's avatar. */
export async function saveAvatar(
  db: Database,
  storage: StorageBackend,
  log: FastifyBaseLogger,
  userId: string,
  image: { data: Buffer; extension: string; contentType: string },
): Promise<CurrentUser> {
  const fileName = newAvatarFileName(image.extension);
  await storage.put(`avatars/${userId}/${fileName}`, Readable.from([image.data]), {
    contentType: image.contentType,
  });
  await replaceAndCleanUp(db, storage, log, userId, {
    avatarUrl: `${AVATAR_URL_PREFIX}${userId}/${fileName}`,
    updatedAt: new Date(),
  });
  return toCurrentUser(db, userId);
}

/** Writes the row, then removes the avatar file it no longer points to (best effort). */
async function replaceAndCleanUp(
  db: Database,
  storage: StorageBackend,
  log: FastifyBaseLogger,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set(values).where(eq(users.id, userId));
    return before?.avatarUrl ?? null;
  });
  if (values.avatarUrl === undefined || values.avatarUrl === previous) return;
  const oldKey = avatarKeyFromUrl(previous);
  if (!oldKey) return;
  await storage.remove(oldKey).catch((error: unknown) => {
    log.warn({ err: error, userId }, 'old avatar file could not be removed');
  });
}
