import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { GATE_RULES, gateRefusal, type GateExample } from './question-gate.ts';
import { withoutRepeatedTopics } from './question-reading.ts';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

const source = (appliesToPage: boolean) => (appliesToPage ? 'page' : 'sentence');
const asCase = (example: GateExample) =>
  typeof example === 'string' ? { question: example, evidence: '' } : example;

describe('the grammar gate on offline questions', () => {
  // Every rule's own examples: what it refuses is refused by it, what it passes passes the gate.
  const refused = GATE_RULES.flatMap((rule) =>
    rule.examples.refused.map((example) => ({
      id: rule.id,
      ...asCase(example),
      page: rule.appliesToPage,
    })),
  );
  const passed = GATE_RULES.flatMap((rule) =>
    rule.examples.passed.map((example) => ({ id: rule.id, ...asCase(example) })),
  );

  it.each(refused)('$id refuses 「$question」', ({ id, question, evidence, page }) => {
    // Rules listed earlier may refuse first; the example must at least be refused, and this rule
    // must be the one that refuses it when the earlier rules let it through.
    const verdict = gateRefusal(analyzer, question, source(page), evidence);
    expect(verdict, question).toBeDefined();
    const earlier = GATE_RULES.slice(
      0,
      GATE_RULES.findIndex((rule) => rule.id === id),
    ).map((rule) => rule.id);
    expect([...earlier, id], question).toContain(verdict);
  });

  it.each(passed)('passes 「$question」 ($id)', ({ question, evidence }) => {
    expect(gateRefusal(analyzer, question, 'sentence', evidence)).toBeUndefined();
  });

  it('gives every rule an id of its own and examples both ways', () => {
    expect(new Set(GATE_RULES.map((rule) => rule.id)).size).toBe(GATE_RULES.length);
    for (const rule of GATE_RULES) {
      expect(rule.examples.refused.length, rule.id).toBeGreaterThan(0);
      expect(rule.examples.passed.length, rule.id).toBeGreaterThan(0);
    }
  });

  it("applies to a page's own questions only the rules of broken form", () => {
    expect(gateRefusal(analyzer, 'マッサージの後、お風呂に入っても大丈夫ですか？', 'page')).toBe(
      undefined,
    );
    expect(gateRefusal(analyzer, '女性の方ですか？', 'page')).toBeUndefined();
    expect(gateRefusal(analyzer, '女性の方ですか？', 'sentence')).toBe('no-topic');
  });

  it('keeps one question per topic and kind (duplicate-topic)', () => {
    const kept = withoutRepeatedTopics(
      analyzer,
      [
        'キャンセルはいつまでに必要ですか？',
        'キャンセルについて教えてください。',
        'キャンセル料はいくらですか？',
        '駐車場はありますか？',
        '駐車場は何台ありますか？',
      ].map((question) => ({ question })),
    ).map((item) => item.question);
    expect(kept).toEqual([
      'キャンセルはいつまでに必要ですか？',
      'キャンセル料はいくらですか？',
      '駐車場はありますか？',
      '駐車場は何台ありますか？',
    ]);
  });

  it('reads a topic holding a clock time whole (duplicate-topic)', () => {
    // 「10:00の便」 asked for its price and for its time are two questions, not one split at 「:」.
    const kept = withoutRepeatedTopics(
      analyzer,
      ['10:00の便はいくらですか？', '10:00の便は何時に着きますか？'].map((question) => ({
        question,
      })),
    ).map((item) => item.question);
    expect(kept).toEqual(['10:00の便はいくらですか？', '10:00の便は何時に着きますか？']);
  });
});
