import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { grantCredits, spendCredits } from '../credits/ledger.ts';

const t = useTestApp();

const preview = (user?: SeededUser) =>
  t.app.inject({
    method: 'GET',
    url: '/api/account/deletion-preview',
    ...(user ? { headers: user.headers } : {}),
  });

describe('GET /api/account/deletion-preview', () => {
  it('says how many of the credits given up were bought, free credits counted as spent first', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    expect((await preview(user)).json()).toEqual({ credits: 50, paidCredits: 0 });

    await grantCredits(t.app.db, {
      userId: user.id,
      amount: 100,
      type: 'purchase',
      description: 'ライトプラン購入',
      reference: `purchase:${user.id}`,
    });
    await spendCredits(t.app.db, {
      userId: user.id,
      amount: 30,
      type: 'usage',
      description: 'FAQ 30件を生成',
    });
    // 120 left: the 50 free ones went first, so 100 of them were paid for.
    expect((await preview(user)).json()).toEqual({ credits: 120, paidCredits: 100 });

    await spendCredits(t.app.db, {
      userId: user.id,
      amount: 40,
      type: 'usage',
      description: 'FAQ 40件を生成',
    });
    expect((await preview(user)).json()).toEqual({ credits: 80, paidCredits: 80 });

    // A refund took 50 of the bought credits back: they are no longer the owner's to lose.
    await spendCredits(t.app.db, {
      userId: user.id,
      amount: 50,
      type: 'refund',
      description: '返金に伴うクレジットの取り消し',
    });
    await grantCredits(t.app.db, {
      userId: user.id,
      amount: 20,
      type: 'credit',
      description: 'お詫び',
    });
    expect((await preview(user)).json()).toEqual({ credits: 50, paidCredits: 30 });
  });

  it('needs a signed-in user', async () => {
    expect((await preview()).statusCode).toBe(401);
  });
});
