/**
 * The figure check (docs/adr/036-figure-check.md): the statements of an answer that a reader
 * acts on — amounts (税込／税別), times and ranges, dates and weekdays, durations, counts, ages,
 * percentages, phone numbers, addresses of mail and web, postal codes — each looked up in the
 * evidence the answer rests on. Both texts are first brought to one notation (width, kanji
 * numerals, 午前／午後, 10時＝10:00, separators, 1万, 10〜18時), so an answer that writes a
 * figure differently from the page is not flagged, and one that writes a different figure is.
 * Pure and synchronous: it runs on every answer of every engine.
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

/** A normalised text that remembers, for each of its characters, where it came from. */
interface Mapped {
  text: string;
  starts: number[];
  ends: number[];
}

function mapNormalize(original: string): Mapped {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 0; at < original.length;) {
    const point = original.codePointAt(at)!;
    const width = point > 0xffff ? 2 : 1;
    // Character by character keeps the map exact; NFKC of a whole string differs only in
    // combining marks, which no figure contains.
    const piece = String.fromCodePoint(point).normalize('NFKC');
    for (let unit = 0; unit < piece.length; unit++) {
      text += piece[unit];
      starts.push(at);
      ends.push(at + width);
    }
    at += width;
  }
  return { text, starts, ends };
}

function replaceMapped(
  source: Mapped,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string | null,
): Mapped {
  const result: Mapped = { text: '', starts: [], ends: [] };
  let last = 0;
  const copy = (from: number, to: number) => {
    result.text += source.text.slice(from, to);
    result.starts.push(...source.starts.slice(from, to));
    result.ends.push(...source.ends.slice(from, to));
  };
  for (const match of source.text.matchAll(pattern)) {
    const replacement = replace(match as RegExpExecArray);
    if (replacement === null) continue;
    const from = match.index;
    const to = from + match[0].length;
    copy(last, from);
    const start = source.starts[from] ?? 0;
    const end = source.ends[to - 1] ?? start;
    result.text += replacement;
    for (let unit = 0; unit < replacement.length; unit++) {
      result.starts.push(start);
      result.ends.push(end);
    }
    last = to;
  }
  copy(last, source.text.length);
  return result;
}

const KANJI_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const KANJI_POWERS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

function kanjiNumber(run: string): number | null {
  if ([...run].every((char) => char in KANJI_DIGITS)) {
    // 二〇二四: written digit by digit.
    return Number([...run].map((char) => KANJI_DIGITS[char]).join(''));
  }
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const char of run) {
    if (char in KANJI_DIGITS) {
      if (digit !== null) return null;
      digit = KANJI_DIGITS[char]!;
    } else if (char in KANJI_POWERS) {
      section += (digit ?? 1) * KANJI_POWERS[char]!;
      digit = null;
    } else if (char === '万') {
      total += (section + (digit ?? 0)) * 10000;
      section = 0;
      digit = null;
    } else return null;
  }
  return total + section + (digit ?? 0);
}

// What may follow a number written in kanji for it to be a figure (not 一緒, 一般, 万が一).
const KANJI_UNIT_AFTER =
  /^(?:円|時|分|秒|日|人|名|歳|才|回|個|件|か月|ヶ月|ケ月|カ月|箇月|年|週|割|%|台|席|枚|本|階|泊|組|点|種類|冊|部屋|室|匹|杯|品)/;

const NUMBER = String.raw`\d+(?:\.\d+)?`;
// Units a range may name once for both ends: 10〜18時, 1,000〜2,000円, 3〜5日.
const RANGE_UNITS = String.raw`時間|時|分|日間|日|週間|か月|ヶ月|カ月|年|円|名|人|歳|才|個|回|件|%|割|台|席|枚|本|泊`;

/** Both texts in one notation, with the map back to the original. */
function normalized(original: string): Mapped {
  let text = mapNormalize(original);
  // One tilde and one hyphen (NFKC leaves 〜 and the dash family as they are).
  text = replaceMapped(text, /[〜～~〰]/g, () => '〜');
  text = replaceMapped(text, /(?<=\d)\s*[‐‑‒–—―−ーｰ]\s*(?=\d)/g, () => '-');
  text = replaceMapped(text, /(?<=\d)\s*から\s*(?=(?:午前|午後)?\d)/g, () => '〜');
  // Kanji numerals before a unit, except a lone 一 (一時, 一人ひとり, 一回り) and 十分 (enough).
  text = replaceMapped(text, /[〇零一二三四五六七八九十百千万]+/g, (match) => {
    const run = match[0];
    const after = match.input.slice(match.index + run.length);
    const before = match.input.slice(Math.max(0, match.index - 2), match.index);
    if (run.startsWith('万') || /\d$/.test(before)) return null;
    if (!KANJI_UNIT_AFTER.test(after) && !/午[前後]$/.test(before)) return null;
    if (run === '一' && !/午[前後]$/.test(before)) return null;
    if (run === '十' && after.startsWith('分') && !/時$/.test(before)) return null;
    const value = kanjiNumber(run);
    return value === null ? null : String(value);
  });
  // Pages set figures apart from their units (「100 万円」「2 割」): the answer may not.
  text = replaceMapped(
    text,
    /(?<=\d)[ \t\u3000]+(?=[万千円時分日年月割%歳才名人個回件台席枚本泊週秒ヶかカ])/g,
    () => '',
  );
  // Thousands separators, then 万 and 千 written after digits (1万2,000円, 3千円).
  text = replaceMapped(text, /(\d),(?=\d{3}(?!\d))/g, (match) => match[1]!);
  text = replaceMapped(text, /(\d),(?=\d{3}(?!\d))/g, (match) => match[1]!);
  text = replaceMapped(text, /(\d+)千(?=\d|円|人|名)/g, (match) => String(Number(match[1]) * 1000));
  text = replaceMapped(text, /(\d+(?:\.\d+)?)万(\d{1,4})?(?!\d)/g, (match) =>
    String(Math.round(Number(match[1]) * 10000 + Number(match[2] ?? 0))),
  );
  // 10〜18時 says 10時〜18時.
  text = replaceMapped(
    text,
    new RegExp(String.raw`(?<![\d.:])(${NUMBER})(\s*)〜(\s*)(${NUMBER})(\s*)(${RANGE_UNITS})`, 'g'),
    (match) => `${match[1]}${match[6]}〜${match[4]}${match[5]}${match[6]}`,
  );
  return text;
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
const trimNumber = (value: number) => String(Math.round(value * 1000) / 1000);

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

interface EvidenceIndex {
  keys: Set<string>;
  /** Amounts' keys with the tax notes the evidence gives them. */
  taxes: Map<string, Set<'in' | 'ex' | 'none'>>;
  clocks: { minutes: number; marked: boolean }[];
  dates: { md: string; year?: number }[];
  weekdays: Set<string>;
  /** Numbers the evidence writes with no unit (a table's cells, 10-18). */
  bare: Set<string>;
  /** The evidence as text, lowercased, for addresses of mail and web. */
  plain: string;
}

const WEEK = '月火水木金土日';

function indexEvidence(evidence: string): EvidenceIndex {
  const statements = extractFigures(evidence);
  const taxes = new Map<string, Set<'in' | 'ex' | 'none'>>();
  for (const statement of statements.filter((item) => item.kind === 'money')) {
    const set = taxes.get(statement.key) ?? new Set();
    set.add(statement.tax ?? 'none');
    taxes.set(statement.key, set);
  }
  const text = normalized(evidence).text;
  const weekdays = new Set<string>();
  for (const statement of statements.filter((item) => item.kind === 'weekday'))
    for (const day of statement.key.slice('weekday:'.length)) weekdays.add(day);
  // A day named in a list or a bracket without 曜 (定休日：火・水, (土), 土日祝), and every day of
  // a range (月〜金).
  for (const match of text.matchAll(/[月火水木金土日](?=[・、,/〜曜祝)）]|[月火水木金土日]|$)/gm))
    if (/[・、,/〜(（\s:：]|^|[月火水木金土日]/.test(text[match.index - 1] ?? ''))
      weekdays.add(match[0]);
  for (const match of text.matchAll(/([月火水木金土日])曜?日?\s*〜\s*([月火水木金土日])/g)) {
    const from = WEEK.indexOf(match[1]!);
    const to = WEEK.indexOf(match[2]!);
    for (let day = from; day !== (to + 1) % 7; day = (day + 1) % 7) weekdays.add(WEEK[day]!);
  }
  const bare = new Set<string>();
  for (const match of text.matchAll(/(?<![\d.,:])(\d+(?:\.\d+)?)(?=$|[\s|,、。)）〜\-/]|$)/gm))
    bare.add(trimNumber(Number(match[1])));
  return {
    keys: new Set(statements.map((item) => item.key)),
    taxes,
    clocks: statements.flatMap((item) => (item.clock ? [item.clock] : [])),
    dates: statements.flatMap((item) => (item.date ? [item.date] : [])),
    weekdays,
    bare,
    plain: text.toLowerCase(),
  };
}

function supported(statement: FigureStatement, evidence: EvidenceIndex): boolean {
  switch (statement.kind) {
    case 'url':
      return evidence.plain.includes(statement.key);
    case 'email':
      return evidence.plain.includes(statement.key);
    case 'weekday':
      return [...statement.key.slice('weekday:'.length)].every((day) => evidence.weekdays.has(day));
    case 'time': {
      const clock = statement.clock!;
      return (
        evidence.clocks.some(
          (other) =>
            other.minutes === clock.minutes ||
            // 5時 on one side, 17時 or 午後5時 on the other.
            ((!other.marked || !clock.marked) && (other.minutes - clock.minutes) % 720 === 0) ||
            false,
        ) ||
        (clock.minutes % 60 === 0 && evidence.bare.has(String(clock.minutes / 60)))
      );
    }
    case 'date': {
      if (!statement.date) return evidence.keys.has(statement.key);
      const { md, year } = statement.date;
      return evidence.dates.some(
        (other) => other.md === md && (!year || !other.year || other.year === year),
      );
    }
    case 'money': {
      const notes = evidence.taxes.get(statement.key);
      if (!notes) return evidence.bare.has(statement.key.slice('yen:'.length)) && !statement.tax;
      // 税込 where the page gives that amount only 税別 (or the reverse) is a different price.
      return !statement.tax || notes.has(statement.tax) || notes.has('none');
    }
    default:
      return evidence.keys.has(statement.key);
  }
}

/**
 * The statements of `answer` that `evidence` does not say, as the answer writes them (each
 * once). Empty: every figure of the answer is found in the evidence.
 */
export function unsupportedFigures(answer: string, evidence: string | readonly string[]): string[] {
  return figureChecker(evidence)(answer);
}

/** The same check for many answers over one evidence (a whole page), indexed once. */
export function figureChecker(evidence: string | readonly string[]): (answer: string) => string[] {
  let index: EvidenceIndex | undefined;
  return (answer) => {
    const statements = extractFigures(answer);
    if (statements.length === 0) return [];
    index ??= indexEvidence(typeof evidence === 'string' ? evidence : evidence.join('\n'));
    const evidenceIndex = index;
    return [
      ...new Set(
        statements.filter((item) => !supported(item, evidenceIndex)).map((item) => item.phrase),
      ),
    ];
  };
}

/** What an answer from general knowledge must not state: nothing backs a specific one. */
const SPECIFICS: ReadonlySet<FigureKind> = new Set([
  'money',
  'phone',
  'url',
  'email',
  'postal',
  'address',
]);

/**
 * Category mode: the specific prices, phone numbers, addresses (web, mail, postal, street) an
 * expert or integrated answer states, each once. Experts answer from general knowledge, so none
 * of these is backed by anything the owner gave.
 */
export function unbackedSpecifics(answer: string): string[] {
  return [...new Set(extractFigures(answer, SPECIFICS).map((item) => item.phrase))];
}

/** The sentence put in a prompt to have an answer written again without the phrases. */
export function mismatchNote(phrases: readonly string[], category = false): string {
  const listed = phrases.map((phrase) => `「${phrase}」`).join('');
  return category
    ? `前回の回答には、根拠を示せない具体的な金額・電話番号・URL・住所（${listed}）がありました。具体的な値は書かず、一般的な説明と確認先の案内にしてください。`
    : `前回の回答の${listed}は資料に見つかりませんでした。金額・時間・日付・数・連絡先は資料に書かれているとおりに書き、資料にない値は書かないでください。`;
}
