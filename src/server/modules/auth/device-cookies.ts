import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ADR 023).
 * A browser that signed in to an account successfully gets a cookie saying so; sign-in
 * attempts that present one for the account they name are counted per device and skip the
 * per-address ceiling that strangers' guesses fill up, so those guesses cannot lock the owner
 * out of a browser they have used before.
 *
 * An entry is `<account id, base64url>.<nonce>.<HMAC>`; the HMAC (JWT_SECRET) covers the kind
 * of sign-in, the account id, the account's password hash and the nonce, so an entry is good
 * for that account only and ends when its password changes. One cookie holds the entries of
 * the last few accounts signed in on that browser (a family computer).
 */
export interface DeviceCookieKind {
  name: string;
  /** Only the sign-in endpoint needs it: no other request carries it. */
  path: string;
  /** Separates user and administrator entries in the signature. */
  purpose: string;
}

export const USER_DEVICE_COOKIE: DeviceCookieKind = {
  name: 'faq_device',
  path: '/api/auth/login',
  purpose: 'user',
};
export const ADMIN_DEVICE_COOKIE: DeviceCookieKind = {
  name: 'faq_admin_device',
  path: '/api/admin/login',
  purpose: 'admin',
};

const MAX_ENTRIES = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const ENTRY_PATTERN = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

interface DeviceEntry {
  subject: string;
  nonce: string;
  signature: string;
}

function sign(
  secret: string,
  kind: DeviceCookieKind,
  subject: string,
  stamp: string,
  nonce: string,
) {
  return createHmac('sha256', secret)
    .update(`device-cookie:${kind.purpose}:${subject}:${stamp}:${nonce}`)
    .digest('base64url');
}

/** The entries of the kind's cookie in the request, well-formed ones only (unverified). */
function entriesOf(request: FastifyRequest, kind: DeviceCookieKind): DeviceEntry[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const pair = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${kind.name}=`));
  if (!pair) return [];
  const entries: DeviceEntry[] = [];
  for (const raw of pair.slice(kind.name.length + 1).split('~')) {
    const match = ENTRY_PATTERN.exec(raw);
    if (!match) continue;
    const subject = Buffer.from(match[1]!, 'base64url').toString('utf8');
    entries.push({ subject, nonce: match[2]!, signature: match[3]! });
    if (entries.length >= MAX_ENTRIES) break;
  }
  return entries;
}

/**
 * The nonce of a valid entry for this account (`stamp`: its current password hash), or null.
 * The nonce names the device's own attempt counter.
 */
export function trustedDevice(
  request: FastifyRequest,
  secret: string,
  kind: DeviceCookieKind,
  account: { id: string; stamp: string } | undefined,
): string | null {
  if (!account) return null;
  for (const entry of entriesOf(request, kind)) {
    if (entry.subject !== account.id) continue;
    const expected = Buffer.from(sign(secret, kind, account.id, account.stamp, entry.nonce));
    const given = Buffer.from(entry.signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return entry.nonce;
  }
  return null;
}

/**
 * The account a user sign-in for `email` proves itself against with a device cookie: the
 * address's own account. A shadow sign-up (auth.service.ts) shares the address but never
 * earns its owner's trust, so its entries count for nothing here.
 */
export async function deviceCookieOwner(
  db: DbOrTx,
  request: FastifyRequest,
  email: string,
): Promise<{ id: string; stamp: string } | undefined> {
  if (!request.headers.cookie?.includes(`${USER_DEVICE_COOKIE.name}=`)) return undefined;
  const [owner] = await db
    .select({ id: users.id, stamp: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), eq(users.shadow, false), isNull(users.deletedAt)));
  return owner;
}

/** The password hash a new user entry is signed with. */
export async function userDeviceStamp(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ stamp: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.stamp;
}

/**
 * After a successful sign-in: a fresh entry for this account (a new nonce, so a new attempt
 * counter) in front of the browser's other accounts' entries. Signed, HttpOnly, SameSite=Lax,
 * Secure when the service is reached over HTTPS, sent to the sign-in endpoint only.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    secret: string;
    kind: DeviceCookieKind;
    account: { id: string; stamp: string };
    secure: boolean;
  },
): void {
  const { secret, kind, account } = options;
  const nonce = randomBytes(16).toString('base64url');
  const fresh = [
    Buffer.from(account.id).toString('base64url'),
    nonce,
    sign(secret, kind, account.id, account.stamp, nonce),
  ].join('.');
  const others = entriesOf(request, kind)
    .filter((entry) => entry.subject !== account.id)
    .slice(0, MAX_ENTRIES - 1)
    .map((entry) =>
      [Buffer.from(entry.subject).toString('base64url'), entry.nonce, entry.signature].join('.'),
    );
  const attributes = [
    `${kind.name}=${[fresh, ...others].join('~')}`,
    `Path=${kind.path}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure || request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}
