import { describe, expect, it } from 'vitest';
import { STRICT_RULES, strictRefusal } from './strict-gate.ts';

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
