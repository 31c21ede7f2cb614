import { describe, expect, it } from 'vitest';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { maskEmail } from '../../../shared/referrals.ts';
import { ensureReferralCode } from './referrals.service.ts';

const t = useTestApp();

describe('GET /api/referrals history', () => {
  it('says who joined (a masked address) and when, never the referrer’s own code or a full address', async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const stamp = Date.now();
    const hanako = await signupViaApi(t.app, { email: `hanako-${stamp}@example.jp`, ref: code });
    const jiro = await signupViaApi(t.app, { email: `jiro-${stamp}@example.com`, ref: code });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(jiro.access_token),
      payload: { currentPassword: jiro.password, confirmation: '削除する' },
    });
    expect(deleted.statusCode).toBe(204);

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/referrals',
      headers: referrer.headers,
    });
    expect(summary.statusCode).toBe(200);
    const body = summary.body;
    expect(body).not.toContain(hanako.user.email);
    expect(body).not.toContain(jiro.user.email);
    expect(body).not.toContain('deleted.invalid');
    const history = summary.json().history as Array<Record<string, unknown>>;
    expect(history).toHaveLength(2);
    // Newest first: the deleted account is shown as gone, the other by its masked address.
    expect(history[0]).toMatchObject({ referred: null, statusLabel: '登録済み' });
    expect(history[1]).toMatchObject({ referred: 'h***@example.jp', statusLabel: '登録済み' });
    for (const row of history) {
      expect(row).not.toHaveProperty('code');
      expect(Object.values(row)).not.toContain(code);
      expect(Date.parse(String(row.createdAt))).not.toBeNaN();
    }
  });

  it('masks any address to its first character and domain', () => {
    expect(maskEmail('taro@example.com')).toBe('t***@example.com');
    expect(maskEmail('t@example.com')).toBe('t***@example.com');
    expect(maskEmail('山田@example.jp')).toBe('山***@example.jp');
    expect(maskEmail('not-an-address')).toBe('***');
  });
});
