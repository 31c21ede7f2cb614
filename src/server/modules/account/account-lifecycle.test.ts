import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { users } from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';
import { normaliseEmail } from './account-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('normaliseEmail', () => {
  it('folds case and removes a +alias from the local part only', () => {
    expect(normaliseEmail(' Taro+Shop@Example.JP ')).toBe('taro@example.jp');
    expect(normaliseEmail('a+b+c@x.jp')).toBe('a@x.jp');
    expect(normaliseEmail('plain@x.jp')).toBe('plain@x.jp');
    expect(normaliseEmail('+only@x.jp')).toBe('+only@x.jp');
  });
});

describe('one bonus per address', () => {
  it('gives the sign-up and referral bonuses to the first spelling of an address only', async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const local = `hanako-${randomUUID().slice(0, 8)}`;
    const first = await signupViaApi(t.app, { email: `${local}@example.jp`, ref: code });
    expect(first.user.credits).toBe(50);
    const alias = await signupViaApi(t.app, { email: `${local}+second@example.jp`, ref: code });
    expect(alias.user.credits).toBe(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, referrer.id));
    expect(row!.credits).toBe(10);
  });
});
