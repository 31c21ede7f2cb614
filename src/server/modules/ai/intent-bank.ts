import { normalizeText } from './japanese.ts';
import type { SourcePage } from './passages.ts';

/**
 * What customers of a small business ask, whatever the page says: each intent has an id, the
 * question as a customer words it, and how its evidence shows on a page (words that name the
 * topic and, where the answer is a value, the shape of that value).
 */
export interface Intent {
  id: string;
  question: string;
  /** Words that name the topic on a page (「営業時間」「定休日」). */
  topic: RegExp;
  /** The shape of the answer when it is a value (a time, a price); absent when words suffice. */
  value?: RegExp;
}

const TIME = /\d{1,2}\s*[:：時]/;

export const COMMON_INTENTS: Intent[] = [
  {
    id: 'hours',
    question: '営業時間を教えてください。',
    topic: /営業時間|受付時間|診療時間|営業|開店|open/i,
    value: TIME,
  },
  {
    id: 'closed-days',
    question: '定休日はいつですか？',
    topic: /定休日|休業日|休診日|休館日|お休み|年中無休|無休/,
  },
  {
    id: 'booking',
    question: '予約は必要ですか？',
    topic: /予約/,
  },
  {
    id: 'cancellation',
    question: 'キャンセルや変更はできますか？',
    topic: /キャンセル|取り消し|取消|変更/,
  },
  {
    id: 'payment-methods',
    question: '支払い方法は何がありますか？',
    topic: /支払|決済|クレジット|カード|現金|振込|PayPay|電子マネー/i,
  },
  {
    id: 'parking',
    question: '駐車場はありますか？',
    topic: /駐車|パーキング|駐輪/,
  },
  {
    id: 'access',
    question: '場所はどこですか？',
    topic: /住所|所在地|アクセス|徒歩|最寄|駅から|〒/,
  },
];

/** An intent customers will ask about that the content gives no answer to. */
export interface UnansweredIntent {
  id: string;
  question: string;
}

function found(intent: Intent, text: string): boolean {
  const topic = new RegExp(intent.topic.source, `${intent.topic.flags.replace('g', '')}g`);
  for (const match of text.matchAll(topic)) {
    if (!intent.value) return true;
    // The value is looked for near the topic, in the same stretch of text.
    const around = text.slice(match.index, match.index + 80);
    if (intent.value.test(around)) return true;
  }
  return false;
}

/** The common intents whose evidence the pages do not hold, in the order customers care. */
export function unansweredIntents(pages: SourcePage[], limit = 5): UnansweredIntent[] {
  const text = normalizeText(pages.map((page) => `${page.title}\n${page.markdown}`).join('\n'));
  return COMMON_INTENTS.filter((intent) => !found(intent, text))
    .slice(0, limit)
    .map(({ id, question }) => ({ id, question }));
}
