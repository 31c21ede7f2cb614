import {
  BARE_NAME,
  BRACKETED,
  FAQ_SECTION,
  FLAG,
  GENERIC_CAPTION,
  HEADING_WORD,
  isUsable,
  MAX_PAGE_ANSWER_CHARS,
  MAX_SENTENCE_CHARS,
  PAIR,
  POSTED_ON,
  PRICED_ITEM,
  PROHIBITING,
  QUESTION_LINE,
  SPACED_ITEM,
  SPACED_LIST_ITEM,
  SUBJECT_LINE,
  UNLABELLED_FIGURES,
} from './line-kinds.ts';
import { pricedList, pushPair, withCaptions } from './price-lines.ts';
import { PRICE_CELL } from './fact-patterns.ts';
import {
  acrossTables,
  BULLET,
  halfWidthFigures,
  joinAnswerLines,
  joinDanglingLines,
  joinHoursColumn,
  asksItself,
  UNMARKED_QUESTION,
  RHETORICAL,
  layoutLines,
  spacedTables,
  splitJapaneseSentences,
  stripMarkdown,
  tableCells,
  withoutCutOffEnd,
  withoutMarkdown,
} from './page-lines.ts';

/**
 * Content cut into the passages a FAQ can rest on: sentences, table rows, list items and
 * 「項目：値」 lines, each with its page and section. Every question the offline engine asks is
 * born from one passage, and every model answer is grounded in the passages retrieved for it.
 */
export interface SourcePage {
  url: string;
  title: string;
  markdown: string;
}

export type PassageKind = 'sentence' | 'row' | 'pair' | 'list' | 'qa';

export interface Passage {
  /** Position in the whole content: neighbours are the passages around it in one section. */
  index: number;
  kind: PassageKind;
  url: string;
  /** The nearest heading above the passage ('' when none). */
  section: string;
  /** Counter of the section the passage sits in, so neighbours never cross a heading. */
  sectionId: number;
  /** The text as the content states it: the evidence (根拠) shown beside an answer. */
  text: string;
  /**
   * For rows and pairs: the item the facts belong to and its attributes (header → value). For
   * a question and answer the page already has (よくある質問): the question, the text its answer.
   */
  label?: string;
  fields?: { name: string; value: string }[];
  /** A ※ note: the condition of the passage before it, which its answer carries along. */
  note?: boolean;
  /** A sentence right under a line that is only a name (「入塾金」): what it speaks of. */
  named?: string;
  /**
   * For the rows and 「項目：値」 prices under a caption line (「技人国(技術・人文知識・国際業務)」
   * over its fees): what every price of the list is for, as a short noun (「技人国」).
   */
  caption?: string;
}

export function toPassages(pages: SourcePage[]): Passage[] {
  const passages: Passage[] = [];
  let sectionId = 0;
  for (const page of pages) {
    let section = '';
    sectionId++;
    const lines = withoutCutOffEnd(page.markdown.replace(/\r/g, '')).split('\n');
    let header: string[] | undefined;
    // Rows read under the current header: a table of one row (「チェックイン | PM4:00 |
    // チェックアウト | AM10:00」) has no header, only its facts, kept as the line they are.
    let rowsUnderHeader = 0;
    // The short name on the line above (「入塾金」), for the passage right under it.
    let named: string | undefined;
    // 「基本保育料金 9:00~19:00」 over 「1時間600円 (10分毎に100円)」: the item's hours, then its
    // price on a line of its own with no name; the name above is the price's.
    let namedByPair = false;
    let runCaption = '';
    // The section whose lines are the items a 「次の事項を行ってはならない」 forbids.
    let prohibitedIn = -1;
    let captionSection = 0;
    const push = (passage: Omit<Passage, 'index' | 'url' | 'section' | 'sectionId'>) => {
      if (!isUsable(passage.text)) return;
      const nameFits =
        passage.kind === 'sentence' &&
        (!namedByPair || (/^\d/.test(passage.text) && PRICE_CELL.test(passage.text)));
      const name = nameFits ? named : undefined;
      // 「給与計算顧問」 over 「最低料金(4人まで)20,000円」「勤怠データ集計 1,000円」: a name on a
      // line of its own over priced lines says what each of them is for (graders marked
      // 「低木0-2m未満はいくらですか？」 under 「広葉樹剪定」 as context lost). A name that says
      // only that they are prices (「料金システム」), or any other line, ends the run.
      const priced =
        (passage.kind === 'pair' || passage.kind === 'row') && PRICE_CELL.test(passage.text);
      if (!priced || sectionId !== captionSection) runCaption = '';
      if (priced && named && !nameFits)
        runCaption = !namedByPair && !GENERIC_CAPTION.test(named) ? named : '';
      captionSection = sectionId;
      const caption =
        priced && runCaption && !passage.label?.includes(runCaption) ? runCaption : undefined;
      named = undefined;
      namedByPair = false;
      passages.push({
        ...passage,
        index: passages.length,
        url: page.url,
        section,
        sectionId,
        ...(name ? { named: name } : {}),
        ...(caption ? { caption } : {}),
      });
    };
    const endTable = () => {
      if (header && rowsUnderHeader === 0 && header.some((cell) => /\d/.test(cell)))
        push({ kind: 'sentence', text: header.filter(Boolean).join(' ') });
      header = undefined;
      rowsUnderHeader = 0;
    };
    // A question the page asks itself, and the lines of its answer so far.
    let asked:
      { question: string; lines: string[]; unmarked: boolean; bulleted: boolean } | undefined;
    const pageAsks = asksItself(lines);
    let inFaq = pageAsks;
    // A page titled with the question it answers (「何時までやっていますか?」 over its answer):
    // its first line is asked as the page's own question.
    let firstLine = true;
    const flushAnswer = () => {
      if (asked && asked.lines.length > 0) {
        const text = joinAnswerLines(asked.lines);
        if (text.length <= MAX_PAGE_ANSWER_CHARS) push({ kind: 'qa', text, label: asked.question });
      }
      asked = undefined;
    };
    // Short bulleted items under a heading (「対象」: ・生後6か月から… ・区内在住の方) are one
    // fact about the heading; alone, or without a heading, each is a sentence.
    let listItems: string[] = [];
    let subjectSection = false;
    const flushList = () => {
      // Under 「キャンセルについて」 the items are the rules of the topic, each its own fact (the
      // steps of a fee), not one value of a name.
      if (listItems.length >= 2 && section && !subjectSection) {
        const value = listItems.join('、');
        push({ kind: 'list', text: value, label: section, fields: [{ name: section, value }] });
      } else for (const item of listItems) push({ kind: 'sentence', text: item });
      listItems = [];
    };
    const layout = joinHoursColumn(
      joinDanglingLines(
        acrossTables(
          spacedTables(lines.map((rawLine) => halfWidthFigures(rawLine).trim())),
        ).flatMap((line) => (line.startsWith('|') || !line ? [line] : layoutLines(line))),
      ),
    );
    for (const line of layout) {
      const bulleted = BULLET.test(line);
      // 「※キャンセルは前日まで」: a note on what precedes it, answered with it.
      const note = /^※/.test(line);
      if (!line || !bulleted) flushList();
      if (!line) {
        endTable();
        // A blank line ends an answer once it has begun (「Q …？」, blank, 「A …」 is one pair).
        if (asked?.lines.length) flushAnswer();
        continue;
      }
      const heading = /^#{1,6}\s+(.+)$/.exec(line);
      const plain = stripMarkdown(heading ? heading[1]! : line);
      // A marked question need not end in ？ (「Q コースが決まりません。」): its answer still
      // follows, and a question not asked in a question's form is left out of the FAQs.
      const markedLine = QUESTION_LINE.exec(
        withoutMarkdown(heading ? heading[1]! : line).replace(/^[-*+•・●○◆◇■□▼▲▶★☆◎\s]+/, ''),
      );
      const marked = markedLine?.[1] ?? markedLine?.[2];
      const titledByQuestion = firstLine && !RHETORICAL.test(plain);
      firstLine = false;
      const question = marked
        ? stripMarkdown(marked)
        : (heading || inFaq || titledByQuestion) && UNMARKED_QUESTION.test(plain)
          ? plain
          : undefined;
      // 「よくあるご質問」 as a heading or a line of its own opens a block of questions.
      if (FAQ_SECTION.test(plain) && plain.length <= 20 && !/[。？?]/.test(plain)) inFaq = true;
      else if (heading) inFaq = pageAsks;
      if (question) {
        inFaq ||= Boolean(marked);
        flushAnswer();
        asked = {
          question: question.replace(/\?/g, '？').replace(/か$/, 'か？'),
          lines: [],
          unmarked: !marked,
          bulleted: BULLET.test(line),
        };
        continue;
      }
      if (heading) flushAnswer();
      // An unmarked answer ends where the page marks its next item (「■年単位の休塾予定」,
      // 「➡大学受験生には」): without Q／A marks or blank lines, nothing else says it is over.
      // A question on a list item of its own: the next item is the next question, asked or not
      // (「• WEB入会の方法について教えてください。」 ran into the answer before it).
      if (
        asked?.unmarked &&
        (/^\s*[■□◆◇●▼▶➡⇒→]/.test(line) || (asked.bulleted && BULLET.test(line)))
      )
        flushAnswer();
      // 「対応可能です。割増料金はいただきません。」 then 「サービス内容・対応範囲」: a short name
      // after an answer's last sentence heads the next questions; it is no part of the answer.
      if (
        asked &&
        /[。！!]$/.test(asked.lines.at(-1) ?? '') &&
        /^[^。、！？!?:：\d\s]{2,20}$/.test(plain) &&
        !BULLET.test(line) &&
        !/(?:ます|です|ません|さい|ない)$/.test(plain)
      ) {
        flushAnswer();
        section = plain;
        sectionId++;
        continue;
      }
      if (asked && !line.startsWith('|')) {
        // The date a post was written (「掲載日:2019.05.25」) is not its answer.
        if (plain && !(asked.lines.length === 0 && POSTED_ON.test(plain))) asked.lines.push(plain);
        continue;
      }
      flushAnswer();
      if (heading) {
        section = stripMarkdown(heading[1]!);
        subjectSection = false;
        sectionId++;
        named = undefined;
        endTable();
        continue;
      }
      // A row whose outer pipes were lost in copying (「部屋 | 新規 | リピート |」) is a row too.
      if (line.startsWith('|') || (line.match(/[|｜]/g)?.length ?? 0) >= 2) {
        const cells = tableCells(line.replace(/｜/g, '|'));
        if (cells.every((cell) => /^:?-{2,}:?$/.test(cell) || cell === '')) continue;
        if (!header) {
          // A first row holding a price (「1年生 | 8,800円 | 週1回…」, a table whose header row
          // was lost in copying) is data: as a header it would name the next rows' columns
          // 「8,800円」. It is kept as the line it is, and the next row may be the header.
          // So is one holding a rate (「作業日の5日前まで | 予約金額の0% |」): under it as a header,
          // every later step was said of 「予約金額の0%」. A two-cell row is an item and its value.
          if (cells.slice(1).some((cell) => PRICE_CELL.test(cell) || /\d\s*[%％]/.test(cell))) {
            const filled = cells.filter(Boolean);
            if (filled.length === 2)
              pushPair(push, filled.join(' '), filled[0]!, filled[1]!, section);
            else push({ kind: 'sentence', text: filled.join(' ') });
            continue;
          }
          header = cells;
          rowsUnderHeader = 0;
          continue;
        }
        rowsUnderHeader++;
        const [label, ...values] = cells;
        if (!label) continue;
        // 「| 基本報酬 (月額) | 決算・申告報酬 | |」: a header that lost its corner cell names the
        // value columns from its first cell, and ends on an empty one. Read as usual, every fee
        // was given under its neighbour's name (graded C on every row).
        const cornerLost = header.length >= 3 && header[0] !== '' && header.at(-1) === '';
        const fields = values
          .map((value, position) => ({
            name: header![cornerLost ? position : position + 1] ?? '',
            value,
          }))
          .filter((field) => field.name && field.value && field.value !== '-');
        if (fields.length === 0) continue;
        push({
          kind: 'row',
          text: `${label}：${fields.map((field) => `${field.name} ${field.value}`).join('、')}`,
          label,
          fields,
        });
        continue;
      }
      endTable();
      const text = stripMarkdown(line);
      const bracketed = BRACKETED.exec(text);
      if (bracketed && !FLAG.test(bracketed[1]!.trim())) {
        const [, name, value] = bracketed;
        if (!value!.trim()) {
          section = name!.trim();
          subjectSection = false;
          sectionId++;
          continue;
        }
        if (!/[。！？]/.test(value!.slice(0, -1))) {
          pushPair(push, text, name!, value!, section);
          continue;
        }
      }
      // The sentences of 【重要】… or 【ご案内】…。…。 are read without their bracketed word.
      const body = bracketed ? bracketed[2]!.trim() : text;
      // A line that only names what follows (「料金：」「■ 無料の備品」 before a list, or
      // 「キャンセルについて」 on a page pasted as plain text) is a heading.
      const nameOnly =
        /^([^。、：:]{2,16})[：:]$/.exec(text) ??
        SUBJECT_LINE.exec(text) ??
        (/^\s*[■□◆◇▼▶]/.test(line) ? /^([^。、：:\d]{2,20})$/.exec(text) : null);
      if (nameOnly) {
        flushList();
        subjectSection = SUBJECT_LINE.test(text);
        // 「小学生の料金について」 names 「小学生の料金」, the words an answer may say.
        section = nameOnly[1]!.trim().replace(/(?:について|に関して|のご案内|のお知らせ)$/, '');
        sectionId++;
        continue;
      }
      // In a page pasted as plain text, a line that is only a short name (「入塾金」) names what
      // the sentence under it says; it states nothing itself.
      // A cell of a table broken over lines (「数・英理 |」) names no sentence under it: the
      // next line is the next cell, another column's figure (「¥3,500×2日」, the running costs).
      const brokenCell = /[|｜]\s*$/.test(line);
      const bareName = bulleted || brokenCell ? undefined : BARE_NAME.exec(text)?.[1];
      // A name that is a heading by its last word (「キャンセルポリシー」「注意事項」「オプション」)
      // heads the lines under it, not only the next one.
      if (bareName && HEADING_WORD.test(bareName)) {
        flushList();
        section = bareName;
        subjectSection = false;
        sectionId++;
        continue;
      }
      if (bareName) {
        flushList();
        named = bareName;
        continue;
      }
      const listed = pricedList(body);
      if (listed) {
        for (const [name, value] of listed)
          pushPair(push, `${name} ${value}`, name, value, section);
        continue;
      }
      const pair =
        PAIR.exec(body) ??
        PRICED_ITEM.exec(body) ??
        SPACED_ITEM.exec(body) ??
        (bulleted ? SPACED_LIST_ITEM.exec(body) : null);
      // 「免税 30,000 150,000 200,000」: a table row whose header was lost. Which figure belongs
      // to which column cannot be told, so the row is not stated at all.
      if (pair && UNLABELLED_FIGURES.test(pair[2]!.trim())) continue;
      // 「※注意:前日のお昼11時以降は…全額のお支払いとなります」: the flag names no item.
      if (pair && FLAG.test(pair[1]!.trim())) {
        for (const sentence of splitJapaneseSentences(pair[2]!.trim()))
          push({ kind: 'sentence', text: sentence });
        continue;
      }
      if (
        pair &&
        !/[。！？]/.test(pair[2]!.slice(0, -1)) &&
        !/[はがを]$|(?:ごと|毎)に$/.test(pair[1]!)
      ) {
        pushPair(push, body, pair[1]!, pair[2]!, section);
        if (!PRICE_CELL.test(pair[2]!) && /料|代|費/.test(pair[1]!)) {
          named = pair[1]!.trim();
          namedByPair = true;
        }
        continue;
      }
      // An item that states something (「浦和区内は…配達無料」) is a sentence, not a list entry.
      const statesSomething = /[はがを]/.test(body.replace(/[（(][^）)]*[）)]/g, ''));
      if (bulleted && !/[。！？]/.test(body) && body.length <= 40 && !statesSomething) {
        listItems.push(body);
        continue;
      }
      // 「次の事項を行ってはならない。」 over 「(5)施設敷地内での喫煙」: each item is a rule of its
      // own, and a rules page told no customer whether smoking was allowed (graded: no question).
      if (PROHIBITING.test(body)) prohibitedIn = sectionId;
      else if (prohibitedIn === sectionId && !/^(?:ただし|但し|なお|尚)/.test(body)) {
        const item = bulleted || /^\s*(?:[(（]\d{1,2}[)）]|\d{1,2}[.．)）、]|[①-⑳])/.test(line);
        if (
          item &&
          !/[。！？]/.test(body) &&
          body.length <= 60 &&
          !/禁止|ません|ない$/.test(body)
        ) {
          push({ kind: 'sentence', text: `${body}は禁止です。` });
          continue;
        }
        prohibitedIn = -1;
      }
      for (const sentence of splitJapaneseSentences(body)) {
        if (/[？?]$/.test(sentence) || sentence.length > MAX_SENTENCE_CHARS) continue;
        push({ kind: 'sentence', text: sentence, ...(note ? { note } : {}) });
      }
    }
    endTable();
    flushList();
    flushAnswer();
  }
  return passages;
}

/** What retrieval reads of a passage: its heading, the question it answers, its text. */
export function searchableText(passage: Passage): string {
  return `${passage.section} ${passage.kind === 'qa' ? (passage.label ?? '') : ''} ${passage.text}`;
}

const passagesByPages = new WeakMap<SourcePage[], Passage[]>();

/**
 * The passages of one set of pages, cut once: the answers of a run all read the same pages,
 * and each would otherwise cut (and tokenise around) the whole content again.
 */
export function passagesOf(pages: SourcePage[]): Passage[] {
  let passages = passagesByPages.get(pages);
  if (!passages) {
    passages = withCaptions(toPassages(pages));
    passagesByPages.set(pages, passages);
  }
  return passages;
}
