import { describe, expect, it } from 'vitest';
import { evidenceFor, sectorsOf, unansweredIntents } from './intent-bank.ts';
import { INTENTS } from './intents.ts';
import { passagesOf } from './passages.ts';

const page = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

// Every intent's own examples (issue 23, item 8): the question it asks on a text that answers
// it, and no question on a text that only looks like it does.
const EXAMPLES = INTENTS.flatMap((intent) =>
  intent.examples.map((example) => ({ id: intent.id, intent, ...example })),
);

describe('intent examples', () => {
  it.each(EXAMPLES)('$id: 「$text」 → $question', ({ intent, text, question }) => {
    const evidence = evidenceFor(intent, passagesOf(page(text)));
    expect(evidence?.question).toBe(question);
  });

  it('every intent has an example that fires and one that must not', () => {
    for (const intent of INTENTS) {
      expect(
        intent.examples.some((example) => example.question),
        intent.id,
      ).toBe(true);
      expect(
        intent.examples.some((example) => !example.question),
        intent.id,
      ).toBe(true);
    }
  });
});

describe('unansweredIntents', () => {
  it('lists the common intents a page gives no answer to, in the order customers care', () => {
    const ids = unansweredIntents(
      page('営業時間は１０：００〜１９：００です。定休日は水曜日です。'),
      10,
    ).map((intent) => intent.id);
    expect(ids).toEqual([
      'booking',
      'cancellation-fee',
      'cancellation',
      'payment-methods',
      'parking',
      'access',
    ]);
  });

  it('does not count a topic word without its value as an answer', () => {
    const ids = unansweredIntents(page('営業時間は季節によって変わります。'), 10).map(
      (intent) => intent.id,
    );
    expect(ids).toContain('hours');
  });

  it('adds the intents of the page’s sector, worded for it', () => {
    const listed = unansweredIntents(
      page('当院は整骨院です。施術は予約制です。診療時間は9:00〜19:00です。'),
      20,
    );
    expect(sectorsOf('当院は整骨院です。施術は予約制です。')).toContain('clinic');
    expect(listed.map((intent) => intent.id)).toContain('insurance');
    expect(listed.map((intent) => intent.id)).not.toContain('booking');
    expect(listed.every((intent) => !intent.question.includes('{'))).toBe(true);
  });
});

describe('the evidence an intent takes', () => {
  it('is the schedule a fee follows, not a sentence on an exception to it', () => {
    const passages = passagesOf(
      page(
        [
          '# キャンセル料',
          '直前にご予約を2回以上キャンセルされた場合は全額キャンセル料を頂きます。',
          '4日前まで：無料',
          '3日前〜前日：利用料の50%',
          '当日：利用料の100%',
        ].join('\n'),
      ),
    );
    const intent = INTENTS.find((candidate) => candidate.id === 'cancellation-fee')!;
    const evidence = evidenceFor(intent, passages);
    expect(evidence?.passage.text).not.toContain('2回以上');
    expect(evidence?.passage.section).toBe('キャンセル料');
  });

  it('is the health insurance’s terms before a traffic accident’s cover', () => {
    const passages = passagesOf(
      page(
        [
          '# 保険診療の場合',
          '骨折、脱臼、捻挫、打撲に限ります。',
          '各種保険治療 初診210円~1,350円',
          '# 交通事故・自賠責保険の場合',
          '交通事故・自賠責保険適用時の負担金は0円です。',
        ].join('\n'),
      ),
    );
    const intent = INTENTS.find((candidate) => candidate.id === 'insurance')!;
    expect(evidenceFor(intent, passages)?.passage.text).toContain('初診210円');
  });

  it('is the first sentence under a heading on the topic, the rule, before its details', () => {
    const passages = passagesOf(
      page(
        [
          '# お支払い方法について',
          '毎月27日に翌月分の月謝をご指定の口座より自動振替させて頂きます。',
          '自動振替の際の引き落とし名義は、「ABC英会話」と明記されます。',
        ].join('\n'),
      ),
    );
    const intent = INTENTS.find((candidate) => candidate.id === 'payment-methods')!;
    expect(evidenceFor(intent, passages)?.passage.text).toContain('毎月27日');
  });

  it('is no line under a heading on the topic when the answer has no shape to look for', () => {
    const passages = passagesOf(
      page(['# 開講クラスと体験レッスン', 'こんな場所です。', '単発教室: 年中~'].join('\n')),
    );
    const intent = INTENTS.find((candidate) => candidate.id === 'trial')!;
    expect(evidenceFor(intent, passages)).toBeNull();
  });

  it('is a sentence whose case is the topic itself: 「キャンセルする際は」 states the rule', () => {
    const passages = passagesOf(
      page(
        [
          '前日、当日のキャンセル・無断キャンセルは、キャンセル料が発生します。',
          'キャンセルする際は、前日18時までにご連絡ください。',
        ].join('\n'),
      ),
    );
    const intent = INTENTS.find((candidate) => candidate.id === 'cancellation')!;
    expect(evidenceFor(intent, passages)?.passage.text).toContain('18時まで');
  });
});
