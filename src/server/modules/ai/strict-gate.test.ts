import { describe, expect, it } from 'vitest';
import { holdsWhatIsAsked, STRICT_RULES, strictRefusal } from './strict-gate.ts';

describe('the strict gate on sentence questions', () => {
  const refused = STRICT_RULES.flatMap((rule) =>
    rule.examples.refused.map((question) => ({ id: rule.id, question })),
  );
  const passed = STRICT_RULES.flatMap((rule) =>
    rule.examples.passed.map((question) => ({ id: rule.id, question })),
  );

  it.each(refused)('$id refuses 「$question」', ({ question }) => {
    expect(strictRefusal(question)).toBeDefined();
  });

  it.each(passed)('$id passes 「$question」', ({ question }) => {
    expect(strictRefusal(question)).toBeUndefined();
  });
});

describe('the value a question asks for, in its evidence', () => {
  it('asks about a fee, its table or its amount only where the page says what it costs', () => {
    const howSet =
      '報酬額は当事務所の事務処理に要する時間などをもとに算出し、都度見直しをしております。';
    expect(holdsWhatIsAsked('報酬額について教えてください。', howSet)).toBe(false);
    expect(holdsWhatIsAsked('料金表について教えてください。', '料金表は木立の剪定価格です。')).toBe(
      false,
    );
    expect(holdsWhatIsAsked('報酬額について教えてください。', '報酬額は月額22,000円です。')).toBe(
      true,
    );
    expect(holdsWhatIsAsked('口座登録について教えてください。', howSet)).toBe(true);
  });
});
