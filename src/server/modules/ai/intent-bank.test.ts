import { describe, expect, it } from 'vitest';
import { unansweredIntents } from './intent-bank.ts';

const page = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

describe('unansweredIntents', () => {
  it('lists the common intents a page gives no answer to, in the order customers care', () => {
    const ids = unansweredIntents(
      page('営業時間は１０：００〜１９：００です。定休日は水曜日です。'),
      10,
    ).map((intent) => intent.id);
    expect(ids).toEqual(['booking', 'cancellation', 'payment-methods', 'parking', 'access']);
  });

  it('does not count a topic word without its value as an answer', () => {
    const ids = unansweredIntents(page('営業時間は季節によって変わります。'), 10).map(
      (intent) => intent.id,
    );
    expect(ids).toContain('hours');
  });
});
