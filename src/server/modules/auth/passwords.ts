import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost, which matches the
 * OWASP recommendation (19 MiB, 2 iterations).
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** False for a wrong password and for a hash that is not argon2 at all. */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

// Verified against for unknown e-mails, so "no such user" costs the same time as "wrong
// password" and response times do not reveal which addresses have accounts.
let dummyHash: Promise<string> | null = null;
export const getDummyHash = (): Promise<string> =>
  (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
