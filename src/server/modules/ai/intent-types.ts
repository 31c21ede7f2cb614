/** The shape of an intent of the bank (intents.ts) and the value shapes its evidence shows. */
export type Sector =
  | 'clinic'
  | 'salon'
  | 'lodging'
  | 'restaurant'
  | 'school'
  | 'legal'
  | 'pet'
  | 'rental'
  | 'repair'
  | 'shop'
  | 'activity';

export interface IntentExample {
  text: string;
  /** The question the intent asks on this text; absent when it must not fire. */
  question?: string;
}

export interface Intent {
  id: string;
  sectors: Sector[] | 'common';
  /** The customer's question; 「{name}」 is the topic word the evidence itself uses. */
  question: string;
  /** Words for 「{name}」, the first the evidence holds is used (「診療時間」 at a clinic). */
  names?: string[];
  /** Words that name the topic, in the passage or its heading. */
  topic: RegExp;
  /** The shape of the answer when it is a value (a time, a price), looked for in the passage. */
  value?: RegExp;
  /** A passage with these is about something else (「キャンセル待ち」 is no cancellation rule). */
  not?: RegExp;
  /** Yes/no intents: what the evidence says for はい and for いいえ (else no はい／いいえ). */
  yes?: RegExp;
  no?: RegExp;
  /** Listed on the results screen when the page does not answer it (issue 23, item 6). */
  listed?: boolean;
  /**
   * Cases that are exceptions to what is asked (「無断キャンセル」「2回以上繰り返す場合」): such
   * evidence answers only when the page states nothing else.
   */
  exceptions?: RegExp;
  /**
   * The topic is a circumstance (being late, a storm, a breakage): a sentence that opens on it
   * as its case (「遅刻された場合は…」) states the rule asked about.
   */
  circumstance?: boolean;
  examples: IntentExample[];
}

/** The same pattern without its g flag: a g pattern's test() moves its lastIndex between calls. */
export const nonGlobal = (regex: RegExp) => new RegExp(regex.source, regex.flags.replace('g', ''));

export const TIME = /\d{1,2}\s*(?::\s*\d{2}|時)/;
// A range of times: 「10:00〜19:00」「10時から」. ー is a dash only before a figure: in 「17時までに
// メール、予約フォーム」 it is フォーム's long vowel, and the sentence a deadline, not hours.
export const TIME_SPAN = /\d{1,2}\s*(?::\s*\d{2}|時)[^。]{0,12}(?:[〜～~\-－–]|ー(?=\s*\d)|から)/;
export const DAYS =
  /[月火水木金土日](?:曜|[・、,]|祝)|祝日|祝祭日|年中無休|無休|土日|年末年始|不定休/;
export const MONEY = /\d[\d,]*\s*(?:円|万円)|[¥￥]\s*\d|無料|\d+\s*[%％]|全額|半額/;
export const WHEN =
  /前日|\d+\s*(?:日|時間|週間|か月|ヶ月)前|までに|まで[のはにで]|\d\s*(?:時|:\d{2})まで/;
export const NEGATIVE = /ありません|ございません|なし|無し|不可|できません|お断り|ご遠慮|禁止|不要/;
