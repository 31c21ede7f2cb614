import { NUMBER, normalized } from './figure-notation.ts';

/**
 * The statements of a text the figure check looks up (docs/adr/036-figure-check.md): amounts
 * (税込／税別), times and ranges, dates, years and weekdays, durations, counts, ages,
 * percentages, phone numbers, addresses of mail and web, postal codes and street addresses, each
 * with its value in one notation.
 */

export type FigureKind =
  | 'money'
  | 'time'
  | 'date'
  | 'weekday'
  | 'duration'
  | 'count'
  | 'age'
  | 'percent'
  | 'phone'
  | 'email'
  | 'url'
  | 'postal'
  | 'address';

export interface FigureStatement {
  kind: FigureKind;
  /** The statement as the original text writes it (a substring of it). */
  phrase: string;
  /** The value in one notation: equal keys say the same thing. */
  key: string;
  /** Minutes since midnight, for a time written without 午前／午後 (matched modulo 12 hours). */
  clock?: { minutes: number; marked: boolean };
  /** 税込 (in) or 税別 (ex) when the text says which, for an amount. */
  tax?: 'in' | 'ex';
  /** For a date: month-day, and the year when written. */
  date?: { md: string; year?: number };
}

const PREFECTURES =
  '北海道|青森県|岩手県|宮城県|秋田県|山形県|福島県|茨城県|栃木県|群馬県|埼玉県|千葉県|東京都|神奈川県|新潟県|富山県|石川県|福井県|山梨県|長野県|岐阜県|静岡県|愛知県|三重県|滋賀県|京都府|大阪府|兵庫県|奈良県|和歌山県|鳥取県|島根県|岡山県|広島県|山口県|徳島県|香川県|愛媛県|高知県|福岡県|佐賀県|長崎県|熊本県|大分県|宮崎県|鹿児島県|沖縄県';

const COUNTERS = [
  '名様',
  '名',
  '人',
  '組',
  '個',
  '点',
  '枚',
  '本',
  '台',
  '冊',
  '席',
  '部屋',
  '室',
  '回',
  '件',
  '泊',
  '杯',
  '品',
  '種類',
  '種',
  '匹',
  '頭',
  '着',
  '箱',
  '袋',
  'セット',
  '棟',
  '階',
  '坪',
  '畳',
  'km',
  'cm',
  'mm',
  'kg',
  'ml',
  'mL',
  'm',
  'g',
  'L',
  'キロ',
  'メートル',
  'センチ',
  'グラム',
  'ページ',
  '枠',
  '食',
  'F',
];
const PERSON = new Set(['名様', '名', '人']);

interface Extractor {
  kind: FigureKind;
  pattern: RegExp;
  read: (match: RegExpExecArray, text: string) => Omit<FigureStatement, 'kind' | 'phrase'> | null;
}

const number = (text: string | undefined) => Number(text ?? 0);
export const trimNumber = (value: number) => String(Math.round(value * 1000) / 1000);

function taxOf(text: string, from: number, to: number): 'in' | 'ex' | undefined {
  const before = text.slice(Math.max(0, from - 10), from);
  const after = text.slice(to, to + 12);
  const word = (found: string | undefined) =>
    found === undefined ? undefined : /込/.test(found) ? 'in' : 'ex';
  const back = /(税込み?|税抜き?|税別|本体価格|本体)\s*[:：]?\s*(?:¥|￥)?\s*$/.exec(before)?.[1];
  if (back) return word(back);
  const forward = /^\s*[(（]?\s*(税込み?|税抜き?|税別|\+税|＋税)(?!\s*\d)/.exec(after)?.[1];
  return word(forward);
}

function clockOf(mark: string | undefined, hours: number, minutes: number) {
  let hour = hours;
  if (mark && /午後|PM|pm/i.test(mark) && hour < 12) hour += 12;
  if (mark && /午前|AM|am/i.test(mark) && hour === 12) hour = 0;
  const total = hour * 60 + minutes;
  return { minutes: total, marked: Boolean(mark) };
}

const ERAS: Record<string, number> = { 令和: 2018, 平成: 1988, 昭和: 1925 };

// In order: each match is masked before the next kind looks, so 03-1234-5678 is no range and
// 10時30分 is no duration.
const EXTRACTORS: Extractor[] = [
  {
    kind: 'url',
    pattern: /(?:https?:\/\/|www\.)[\w\-.~:/?#[\]@!$&'*+;=%]+/gi,
    read: (match) => {
      const key = canonicalUrl(match[0]);
      return key.includes('.') ? { key } : null;
    },
  },
  {
    kind: 'email',
    pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    read: (match) => ({ key: match[0].toLowerCase() }),
  },
  {
    kind: 'phone',
    pattern:
      /(?<![\d-])(?:\+81[-\s]?\(?0?\)?|0)\d{1,4}(?:[-\s]|\(|\)|\)\s*){0,2}\d{1,4}(?:[-\s]|\)){0,2}\d{3,4}(?![\d-])/g,
    read: (match) => {
      let digits = match[0].replace(/\D/g, '');
      if (match[0].startsWith('+81')) digits = `0${digits.slice(2).replace(/^0/, '')}`;
      return digits.length >= 10 && digits.length <= 11 ? { key: digits } : null;
    },
  },
  {
    kind: 'postal',
    pattern: /(?:〒\s*)?(?<![\d-])(\d{3})-(\d{4})(?![\d-])/g,
    read: (match) => ({ key: `${match[1]}${match[2]}` }),
  },
  {
    kind: 'address',
    pattern: new RegExp(
      String.raw`(?:${PREFECTURES})[^\s、。「」()]{0,12}?[市区町村郡]|\d+丁目(?:\d+番地?)?(?:\d+号?)?`,
      'g',
    ),
    read: (match) => ({ key: match[0] }),
  },
  {
    kind: 'date',
    pattern: /(?<!\d)(\d{4})[年/.-](\d{1,2})[月/.-](\d{1,2})日?/g,
    read: (match) => dateRead(number(match[2]), number(match[3]), number(match[1])),
  },
  {
    kind: 'date',
    pattern: /(?<![\d/])(\d{1,2})月(\d{1,2})日/g,
    read: (match) => dateRead(number(match[1]), number(match[2])),
  },
  {
    kind: 'date',
    pattern: /(?<![\d/.-])(\d{1,2})\/(\d{1,2})(?![\d/])/g,
    read: (match) => dateRead(number(match[1]), number(match[2])),
  },
  {
    kind: 'date',
    pattern: /(令和|平成|昭和)(\d+|元)年/g,
    read: (match) => ({
      key: `year:${ERAS[match[1]!]! + (match[2] === '元' ? 1 : number(match[2]))}`,
    }),
  },
  {
    kind: 'date',
    pattern: /(?<!\d)(\d{4})年(?!間)/g,
    read: (match) => ({ key: `year:${match[1]}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+(?:\.\d+)?)\s*(?:か|ヶ|ケ|カ|箇|ヵ|ケ)月(?:間)?/g,
    read: (match) => ({ key: `months:${trimNumber(number(match[1]))}` }),
  },
  {
    kind: 'date',
    pattern: /(?<![\d.])(\d{1,2})月(?!\d|間)/g,
    read: (match) =>
      number(match[1]) >= 1 && number(match[1]) <= 12 ? { key: `month:${number(match[1])}` } : null,
  },
  {
    kind: 'time',
    pattern:
      /(午前|午後|AM|PM|am|pm)?\s*(?<![\d.])(\d{1,2})(?::(\d{2})(?!\d)|時(?!間)(?:\s*(\d{1,2})分|(半))?)/g,
    read: (match) => {
      const hours = number(match[2]);
      const minutes = match[5] ? 30 : number(match[3] ?? match[4]);
      if (hours > 30 || minutes > 59) return null;
      const clock = clockOf(match[1], hours, minutes);
      return { key: `clock:${clock.minutes}`, clock };
    },
  },
  {
    kind: 'weekday',
    pattern: /((?:[月火水木金土日](?:[・、,〜/]|曜日?[・、,〜/])?)+)曜/g,
    read: (match) => ({
      key: `weekday:${[...new Set(match[1]!.replace(/[^月火水木金土日]/g, ''))].join('')}`,
    }),
  },
  {
    kind: 'percent',
    pattern: /(\d+(?:\.\d+)?)\s*(?:%|パーセント)/g,
    read: (match) => ({ key: `percent:${trimNumber(number(match[1]))}` }),
  },
  {
    kind: 'percent',
    pattern: /(\d+)割(?:(\d)分)?/g,
    read: (match) => ({ key: `percent:${number(match[1]) * 10 + number(match[2])}` }),
  },
  {
    kind: 'age',
    pattern: /(\d+)\s*(?:歳|才)/g,
    read: (match) => ({ key: `age:${number(match[1])}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+(?:\.\d+)?)\s*時間(?:\s*(\d+)\s*分|(半))?/g,
    read: (match) => ({
      key: `minutes:${trimNumber(number(match[1]) * 60 + (match[3] ? 30 : number(match[2])))}`,
    }),
  },
  {
    kind: 'duration',
    pattern: /(\d+(?:\.\d+)?)\s*分(?:間)?/g,
    read: (match) => ({ key: `minutes:${trimNumber(number(match[1]))}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+)\s*秒/g,
    read: (match) => ({ key: `seconds:${number(match[1])}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+)\s*週(?:間)?/g,
    read: (match) => ({ key: `days:${number(match[1]) * 7}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+)\s*日(?:間)?/g,
    read: (match) => ({ key: `days:${number(match[1])}` }),
  },
  {
    kind: 'duration',
    pattern: /(\d+)\s*年(?:間)?/g,
    read: (match) => ({ key: `years:${number(match[1])}` }),
  },
  {
    kind: 'money',
    pattern: /(?:¥|￥)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*円/g,
    read: (match, text) => {
      const tax = taxOf(text, match.index, match.index + match[0].length);
      return { key: `yen:${trimNumber(number(match[1] ?? match[2]))}`, ...(tax ? { tax } : {}) };
    },
  },
  {
    kind: 'count',
    pattern: new RegExp(String.raw`(${NUMBER})\s*(${COUNTERS.join('|')})(?![a-zA-Z])`, 'g'),
    read: (match) => {
      const unit = PERSON.has(match[2]!) ? 'person' : match[2]!;
      return { key: `count:${unit}:${trimNumber(number(match[1]))}` };
    },
  },
];

function dateRead(month: number, day: number, year?: number) {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const md = `${month}-${day}`;
  return { key: `date:${md}`, date: { md, ...(year ? { year } : {}) } };
}

function canonicalUrl(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[.,!?:;'/#]+$/, '');
}

/** Every checkable statement of a text, in the order it writes them. */
export function extractFigures(
  original: string,
  kinds?: ReadonlySet<FigureKind>,
): FigureStatement[] {
  const mapped = normalized(original);
  let working = mapped.text;
  const found: (FigureStatement & { at: number })[] = [];
  for (const extractor of EXTRACTORS) {
    for (const match of working.matchAll(extractor.pattern)) {
      const read = extractor.read(match as RegExpExecArray, working);
      if (!read) continue;
      const from = match.index;
      const to = from + match[0].length;
      // The phrase starts at its figure, not at the spaces the pattern allowed before it.
      const lead = match[0].length - match[0].trimStart().length;
      working = working.slice(0, from) + '\u0000'.repeat(to - from) + working.slice(to);
      if (kinds && !kinds.has(extractor.kind)) continue;
      found.push({
        kind: extractor.kind,
        phrase: original.slice(mapped.starts[from + lead], mapped.ends[to - 1]).trim(),
        at: from,
        ...read,
      });
    }
  }
  return found
    .sort((left, right) => left.at - right.at)
    .map(({ at: _at, ...statement }) => statement);
}
