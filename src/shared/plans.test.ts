import { describe, expect, it } from 'vitest';
import { MAX_RESPONDERS } from './limits.ts';
import { MODEL_USE_LIMITS, MODEL_USE_TERMS } from './model-use.ts';
import { FEATURES_FOR_ALL, PLANS } from './plans.ts';

describe('plan cards say what the product does', () => {
  it('promise no limit, paid feature or future feature the server does not have', () => {
    for (const plan of PLANS) {
      expect(plan.monthlyLimit, plan.id).toBeUndefined();
      for (const feature of plan.features) {
        expect(feature, plan.id).not.toMatch(/月\d+回|近日|予定|優先サポート|回答者|カテゴリー/);
      }
    }
  });

  it('state the credits and the unit price that checkout charges', () => {
    for (const plan of PLANS.filter((entry) => entry.priceYen > 0)) {
      expect(plan.features[0]).toBe(
        `${plan.credits.toLocaleString('ja-JP')}クレジット（FAQ${plan.credits.toLocaleString('ja-JP')}件分）`,
      );
      expect(plan.features).toContain(`FAQ1件あたり¥${plan.priceYen / plan.credits}`);
    }
  });

  it('list the responder limit the request schema enforces', () => {
    expect(FEATURES_FOR_ALL).toContain(`複数の回答者（最大${MAX_RESPONDERS}名）`);
  });

  it('state the confirmation rule and the daily caps the server enforces', () => {
    const terms = MODEL_USE_TERMS.join('\n');
    expect(terms).toContain('メールアドレスの確認後');
    for (const limit of [
      MODEL_USE_LIMITS.questionPhasesPerDay,
      MODEL_USE_LIMITS.questionRegenerationsPerDay,
      MODEL_USE_LIMITS.aiApiPerDay,
      MODEL_USE_LIMITS.aiApiPerDayBeforePurchase,
    ])
      expect(terms).toContain(`1日${limit}回まで`);
    expect(terms).toContain('回答は1件1クレジット');
  });
});
