import {
  extractFigures,
  trimNumber,
  type FigureKind,
  type FigureStatement,
} from './figure-extract.ts';
import { normalized } from './figure-notation.ts';

/**
 * The figure check (docs/adr/036-figure-check.md): the statements of an answer that a reader
 * acts on — amounts (税込／税別), times and ranges, dates and weekdays, durations, counts, ages,
 * percentages, phone numbers, addresses of mail and web, postal codes — each looked up in the
 * evidence the answer rests on. Both texts are first brought to one notation (width, kanji
 * numerals, 午前／午後, 10時＝10:00, separators, 1万, 10〜18時), so an answer that writes a
 * figure differently from the page is not flagged, and one that writes a different figure is.
 * Pure and synchronous: it runs on every answer of every engine. The notation is
 * figure-notation.ts, the statements figure-extract.ts; this module matches them.
 */

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
