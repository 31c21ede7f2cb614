import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { emailBonusClaims, users } from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
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

  it('counts a Gmail mailbox once, in every spelling, also after the account is deleted', async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const referrerCredits = async () =>
      (await t.app.db.select().from(users).where(eq(users.id, referrer.id)))[0]!.credits;
    const name = `a.b.${randomUUID().slice(0, 8)}`;
    const first = await signupViaApi(t.app, { email: `${name}@gmail.com`, ref: code });
    expect(first.user.credits).toBe(50);
    expect(await referrerCredits()).toBe(10);

    const plain = name.replaceAll('.', '');
    const variants = [`${plain}@googlemail.com`, `${name.toUpperCase()}+x@gmail.com`];
    for (const email of variants) {
      const variant = await signupViaApi(t.app, { email, ref: code });
      expect(variant.user, email).toMatchObject({ credits: 0, emailConfirmed: true });
      // The account keeps the address as it was typed (lower-cased by the schema as always).
      expect(variant.user.email).toBe(email.toLowerCase());
    }
    expect(await referrerCredits()).toBe(10);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(first.access_token),
      payload: { currentPassword: first.password, confirmation: '削除する' },
    });
    expect(deleted.statusCode).toBe(204);
    for (const email of [`${name}@gmail.com`, `${name.replace('.', '')}@googlemail.com`]) {
      const again = await signupViaApi(t.app, { email, ref: code });
      expect(again.user.credits, email).toBe(0);
    }
    expect(await referrerCredits()).toBe(10);
  });

  it('honours a claim made before canonical mailboxes for the same spelling', async () => {
    const email = `old.claim.${randomUUID().slice(0, 8)}@gmail.com`;
    // What a deleted account left behind under ADR 013: case and +alias folded only.
    const legacy = createHash('sha256').update(`email-bonus:${email}`).digest('hex');
    await t.app.db.insert(emailBonusClaims).values({ emailHash: legacy });
    const again = await signupViaApi(t.app, { email: email.replace('@', '+new@') });
    expect(again.user.credits).toBe(0);
  });
});
