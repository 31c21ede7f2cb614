/**
 * The figure check's one notation (docs/adr/036-figure-check.md): width, one tilde and hyphen,
 * kanji numerals before a unit, thousands separators, 万 and 千, a figure set apart from its unit
 * and a unit given once for a range, applied alike to an answer and its evidence, with a map
 * back to the original's characters so the phrase marked is the one the answer writes.
 */

/** A normalised text that remembers, for each of its characters, where it came from. */
export interface Mapped {
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

export const NUMBER = String.raw`\d+(?:\.\d+)?`;
// Units a range may name once for both ends: 10〜18時, 1,000〜2,000円, 3〜5日.
const RANGE_UNITS = String.raw`時間|時|分|日間|日|週間|か月|ヶ月|カ月|年|円|名|人|歳|才|個|回|件|%|割|台|席|枚|本|泊`;

/** Both texts in one notation, with the map back to the original. */
export function normalized(original: string): Mapped {
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
  // A thousands point before 円 (「3.000円」) is a page's thousands separator.
  text = replaceMapped(text, /(?<![\d.])(\d{1,3})\.(?=\d{3}\s*円)/g, (match) => match[1]!);
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
