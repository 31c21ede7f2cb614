import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) at the OWASP recommendation: 19 MiB, 2
 * iterations, one lane (the library's defaults, stated so a test can hold them).
 */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let cost: Options = PASSWORD_HASH_COST;

/**
 * Tests only (tests/helpers/setup-server.ts): the server tests sign up and guess passwords
 * thousands of times, each at argon2's full cost. A hash names its own cost, so verifying
 * works whatever the cost it was made with; passwords.test.ts holds the production cost.
 */
export function setPasswordHashCostForTests(lower: Options): void {
  cost = lower;
}

export const hashPassword = (password: string): Promise<string> => hash(password, cost);

/** False for a wrong password and for a hash that is not argon2 at all. */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

// Verified against for unknown e-mails, so "no such user" costs the same time as "wrong
// password" and response times do not reveal which addresses have accounts.
let dummyHash: Promise<string> | null = null;
export const getDummyHash = (): Promise<string> =>
  (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
