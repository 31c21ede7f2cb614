import { DEMONSTRATIVE, POINTS_ELSEWHERE, PRICE } from './fact-patterns.ts';
import { fieldQuestions } from './field-questions.ts';
import { contentWords, normalizeText, type Analyzer } from './japanese.ts';
import { halfWidthFigures } from './page-lines.ts';
import type { Passage } from './passages.ts';

/**
 * The pieces an offline answer is built from (offline-answer.ts): the evidence's whole
 * sentence, the conditions that qualify it, and the related sentences of the same evidence a
 * longer answer is filled with.
 */

const ENDS_SENTENCE = /[。！？!?」』）)]$/;
// A line that stops where its sentence goes on (「確定申告をすれば還付金を」「…になりますので」):
// a page wrapped or cut it there.
const RUNS_ON =
  /(?:[をがにへやも、]|(?<!で|ま|ん|ちら|ち)は|(?<![んま])で|ので|ため|けど|ては|ても|して|により|による|および|又は|または)$/;
// What a sentence states ends on a predicate: a heading or a cell left in the text (「報酬(税込)」
// 「遺産分割協議書の作成の報酬」) names something and states nothing.
const PREDICATE =
  /(?:ます|です|ません|ください|下さい|でした|ました|ない|なし|無し|不要|可能|不可|無料|[るたいだう])[。！!]?$/;

export function runsOn(text: string): boolean {
  return !ENDS_SENTENCE.test(text.trim()) && RUNS_ON.test(text.trim());
}

export function statesSomething(text: string): boolean {
  const plain = text.trim();
  if (RUNS_ON.test(plain.replace(/。$/, ''))) return false;
  return PREDICATE.test(plain.replace(/[（(][^）)]*[）)]。?$/, ''));
}

export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (ENDS_SENTENCE.test(trimmed)) return trimmed;
  // A list item written without a predicate (「配達のご注文は前日の18時まで」「…で配達無料」)
  // is said as a sentence; one that ends on a verb or copula already is one.
  const predicateless =
    /[はが]/.test(trimmed) && /(?:まで|から|無料|円|〜|～|分|名|台)$/.test(trimmed);
  return predicateless ? `${trimmed}です。` : `${trimmed}。`;
}

/**
 * The passages one sentence of the page spans: a line that runs on (wrapped mid-sentence in
 * the page) continues on the next lines of its section, up to the end of the sentence.
 */
export function sentenceRun(passages: Passage[], first: Passage): Passage[] {
  const run = [first];
  let last = first;
  while (runsOn(last.text) && run.length < 4) {
    const next = passages[last.index + 1];
    if (!next || next.kind !== 'sentence' || next.sectionId !== first.sectionId) break;
    run.push(next);
    last = next;
  }
  return run;
}

/**
 * A text said as whole sentences: a trailing piece that stops mid-sentence (the page cut it
 * off) is left out when whole sentences come before it.
 */
export function wholeSentences(text: string): string {
  const sentences = text.split(/(?<=[。！？!?])/).filter((sentence) => sentence.trim());
  const last = sentences.at(-1)?.trim().replace(/。$/, '') ?? '';
  if (sentences.length > 1 && runsOn(last)) return sentences.slice(0, -1).join('');
  return text;
}

/** A passage as an answer says it: a table row or 「項目：値」 line as sentences, not raw cells. */
export function spokenPassage(passage: Passage): string {
  if (passage.kind === 'sentence' || passage.kind === 'qa') return asSentence(passage.text);
  const statements = fieldQuestions(passage).map((candidate) => candidate.statement ?? '');
  return statements.join('') || asSentence(passage.text);
}

export const QUALIFIES = /^(?:ただし|但し|なお|それ以外|その他の|それ以降|それより)/;
// What a note says when it is a condition (「※大型犬は要相談」「※土日を除く」).
const CONDITION = /場合|のみ|除|要|別途|限り|以外|対象外|不可|できません|必要|まで|以上|以下|未満/;
// Under a table, a note on tax, units or surcharges (「※表示は税抜です」「※30分単位」「※土日は
// 30%割増」) is every row's condition.
const TABLE_CONDITION = /単位|税|あたり|当たり|1名|一名|お一人|割増|割引|加算|別途|倍/;

/**
 * A ※ note qualifies the statement above it when it speaks of the same thing or states a
 * condition. A page that marks item after item with ※ lists separate facts: a note in such a
 * run is no one's condition.
 */
export function notesOn(
  analyzer: Analyzer,
  passages: Passage[],
  note: Passage,
  statement: Passage,
): boolean {
  if (!note.note || statement.note || passages[note.index + 1]?.note) return false;
  if (CONDITION.test(note.text)) return true;
  const words = new Set(contentWords(analyzer, statement.text));
  return contentWords(analyzer, note.text).some((word) => words.has(word));
}

/**
 * The ※ notes under a table or price list (the rows, then 「※予約は2時間以上、30分単位で…」
 * 「※表示は税抜です」): the conditions of every row, so any row's answer carries the first few that
 * speak of tax, units or surcharges, or of what the row says.
 */
export function tableNotes(
  analyzer: Analyzer,
  passages: Passage[],
  row: Passage,
  statement: string,
): Passage[] {
  let index = row.index + 1;
  while (passages[index]?.kind === row.kind && passages[index]!.sectionId === row.sectionId)
    index++;
  // A row with no price (「大木6m-以上 別途お見積り」) or the table's own caption in brackets may
  // stand between the last row and the notes under the table.
  let skipped = 0;
  for (; skipped < 2; skipped++) {
    const between = passages[index];
    if (!between || between.note || between.sectionId !== row.sectionId) break;
    const rowLike = /^[(（][^)）]*[)）]$/.test(between.text) || /\S[ \u3000]+\S/.test(between.text);
    if (between.text.length > 30 || /[。！？]$/.test(between.text) || !rowLike) break;
    index++;
  }
  const notes: Passage[] = [];
  const words = new Set(contentWords(analyzer, statement));
  const end = index + 4;
  for (
    ;
    index < end && passages[index]?.note && passages[index]!.sectionId === row.sectionId;
    index++
  ) {
    const note = passages[index]!;
    if (!statesSomething(note.text)) continue;
    const speaksOf = contentWords(analyzer, note.text).some((word) => words.has(word));
    // A condition of its own (「※ワクチン未接種はご利用できません」) is another rule, not the rows'.
    // Past a line that is no row, the notes are the table's only when the first speaks of it.
    if (skipped > 0 && notes.length === 0 && !speaksOf) break;
    if (TABLE_CONDITION.test(note.text) || speaksOf) notes.push(note);
  }
  return notes;
}

// A sentence that points to what follows it (「下記キャンセル料が発生します」「以下の通りです」).
const POINTS_BELOW = /下記|以下|次の|下の表|こちら(?:の通り|です)/;

/**
 * The list, rows or pairs right under a sentence that points to them: what 「下記」 means, said
 * with it, as the page does.
 */
export function pointedTo(passages: Passage[], sentence: Passage): Passage[] {
  if (!POINTS_BELOW.test(sentence.text)) return [];
  const items: Passage[] = [];
  for (let index = sentence.index + 1; items.length < 8; index++) {
    const item = passages[index];
    if (!item || item.kind === 'sentence' || item.kind === 'qa') break;
    if (item.url !== sentence.url) break;
    items.push(item);
  }
  return items;
}

// One step of a fee that changes with timing (「前日:50%」「当日7:00まで :無料」「無断:100%」).
const TIMING =
  /前日|当日|前々日|日前|時間前|週間前|[かヶケ]月前|以降|以前|以内|までに?|無断|不泊|ノーショウ|ノーショー|(?:無|ご?)連絡(?:なし|なく|の無い|のない)|無連絡/;
// The fee of a step, or that there is none (「前日の午前中までにご連絡いただければ、キャンセル料は
// かかりません」 is the first step of the schedule under it).
const FEE =
  /\d+\s*[%％]|無料|全額|半額|\d[\d,]*\s*円|(?:料|料金)は(?:かかりません|発生しません|いただきません|頂きません)/;
const isTier = (passage: Passage) => TIMING.test(passage.text) && FEE.test(passage.text);
// 「但し、振込手数料は差し引かせていただきます。」 between two steps belongs to the one before it.
const TIER_NOTE = /^(?:※|但し|ただし|なお)/;

/**
 * The other steps of a fee that changes with timing, when the evidence is one of them: a
 * cancellation policy told one line at a time is answered with every line, or 「前日50%」 alone
 * would say nothing of 当日 or of a week before. Only the unbroken run of such lines around the
 * evidence, in its section, in page order.
 */
export function otherTiers(passages: Passage[], evidence: Passage): Passage[] {
  if (!isTier(evidence)) return [];
  // A step told at length (「前日17:00以降のキャンセル、当日のキャンセル…は、施術料金の100%を頂戴
  // いたします」) still completes the step beside it; further off, only short lines are steps.
  const sibling = (index: number) => {
    const passage = passages[index];
    return passage &&
      passage.sectionId === evidence.sectionId &&
      passage.kind !== 'qa' &&
      passage.text.length <= (Math.abs(index - evidence.index) === 1 ? 200 : 80) &&
      isTier(passage)
      ? passage
      : undefined;
  };
  // A note between two steps is kept with them; one after the last step is the answer's own.
  const noteAt = (index: number) => {
    const passage = passages[index];
    return passage &&
      passage.sectionId === evidence.sectionId &&
      passage.kind === 'sentence' &&
      passage.text.length <= 80 &&
      TIER_NOTE.test(passage.text)
      ? passage
      : undefined;
  };
  const tiers: Passage[] = [];
  for (let index = evidence.index - 1; tiers.length < 6; index--) {
    if (sibling(index)) tiers.unshift(sibling(index)!);
    else if (noteAt(index) && sibling(index - 1)) tiers.unshift(noteAt(index)!);
    else break;
  }
  for (let index = evidence.index + 1; tiers.length < 8; index++) {
    if (sibling(index)) tiers.push(sibling(index)!);
    else if (noteAt(index) && sibling(index + 1)) tiers.push(noteAt(index)!);
    else break;
  }
  return tiers;
}

/** What a sentence or question is about: the phrase before its first は／には／では／も. */
function subjectOf(text: string): string {
  const match = /^(.{2,24}?)(?:には|では|は|も)/.exec(
    normalizeText(text).replace(/^(?:はい|いいえ)、/, ''),
  );
  return match ? match[1]!.replace(/^(?:\d+[^の]{0,3}の|人気の|当店の|当社の)/, '') : '';
}

/**
 * The sentences of the same evidence a longer answer may add, nearest first: in its section,
 * near it, and speaking of what the question and the evidence speak of, by a word that is not
 * said all over the section (「禁止」 in a list of rules ties no two rules together). Another
 * Q&A of the page, a table's other rows, a whole list and a heading left in the text are never
 * related: each is another fact. `reach` widens the neighbourhood for a longer answer; at 0
 * (短め) only sentences beside the evidence about its same subject.
 */

export function relatedSentences(
  analyzer: Analyzer,
  passages: Passage[],
  evidence: Passage[],
  question: string,
  reach: number,
): Passage[] {
  const first = evidence[0]!;
  const last = evidence.at(-1)!;
  const section = passages.filter(
    (passage) => passage.sectionId === first.sectionId && passage.kind === 'sentence',
  );
  const wordsOf = new Map(
    section.map((passage) => [passage, new Set(contentWords(analyzer, passage.text))]),
  );
  const frequency = new Map<string, number>();
  for (const words of wordsOf.values())
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const common = Math.max(2, Math.ceil(section.length * 0.25));
  const rare = (text: string) =>
    new Set(contentWords(analyzer, text).filter((word) => (frequency.get(word) ?? 0) <= common));
  // What is asked about: the words before 「について」 or the question's topic, and the words
  // an intent's topic found in the evidence (askedWith appends them after a space). The rest of
  // the question (「自由に利用できますか」) is how it is asked, and ties any two rules together.
  const [questionText = '', ...intentWords] = question.split(' ');
  const topicText = /^(.{2,30}?)について/.exec(questionText)?.[1] ?? subjectOf(questionText);
  const asked = rare(topicText ? [topicText, ...intentWords].join(' ') : question);
  const subject = subjectOf(first.named ? `${first.named}は` : questionText);
  const priced = evidence.some((passage) => PRICE.test(passage.text));
  const used = new Set(evidence.map((passage) => normalizeText(passage.text)));
  return section
    .filter((passage) => {
      if (passage.index >= first.index && passage.index <= last.index) return false;
      if (used.has(normalizeText(passage.text)) || !statesSomething(passage.text)) return false;
      const after = passage.index - last.index;
      const distance = after > 0 ? after : first.index - passage.index;
      // A row or 「項目：値」 line is one item of a list: only the notes under it, and what
      // follows it at once, say more of it; the sentences around the list are about other things.
      if (first.kind !== 'sentence' && !passage.note && distance > 1) return false;
      // A sentence under a name of its own (「月謝」) speaks of that item, not of the evidence's.
      if (passage.named && passage.named !== first.named) return false;
      // 「その際、…」「こちらは…」 speak of the sentence right before them only,
      // and a line in brackets 「(犬:…)」 is a note on the line above it.
      if ((DEMONSTRATIVE.test(passage.text) || /^[（(]/.test(passage.text)) && after !== 1)
        return false;
      // 「次の事項を行ってはならない。」「上記以降は…」 point at a list or a rule the answer does
      // not hold: added to fill a length, they left graders asking 「どの事項？」.
      if (POINTS_ELSEWHERE.test(passage.text)) return false;
      const words = [...wordsOf.get(passage)!];
      // What the question asks weighs more than what the evidence happens to mention (「講師と
      // 1対1で」 ties no sentence about the teachers to a question on the lesson's length).
      const onQuestion = words.filter((word) => asked.has(word)).length;
      const sameSubject =
        subject.length >= 2 &&
        (subjectOf(passage.text).startsWith(subject) ||
          normalizeText(passage.text).startsWith(subject));
      // A short answer takes only what goes on about the same subject right beside it, or its
      // price when the evidence names the item without one (「入塾金」: 「入塾時のみいただく金額
      // です」 … 「入塾金¥5,000」).
      if (reach === 0)
        return sameSubject && (distance <= 2 || (PRICE.test(passage.text) && !priced));
      // Blind graders marked a 標準 answer down far more often than up when it reached beyond
      // the sentence beside its evidence (36 worse, 3 better at 54e2a45): a sentence further
      // away that shares a word is most often another rule. A longer answer takes what goes on
      // about the same subject, and the sentence right beside it when it speaks of what is asked.
      return sameSubject || (onQuestion >= 1 && distance <= reach);
    })
    .sort(
      (left, right) =>
        Math.abs(left.index - first.index) - Math.abs(right.index - first.index) ||
        left.index - right.index,
    );
}

const FULL_WIDTH_FIGURE = /[０-９][０-９，,．.：:]*[０-９]|[０-９]/g;

/**
 * Figures quoted as the page writes them: passages read 「４，４００円」 as 4,400円 for matching,
 * and the answer gives back the page's own full-width form. A figure the page also writes in
 * half-width, or writes in two ways, stays as it is.
 */
export function figuresAsWritten(answer: string, markdowns: string[]): string {
  const written = new Map<string, string | null>();
  for (const markdown of markdowns)
    for (const [figure] of markdown.matchAll(FULL_WIDTH_FIGURE)) {
      const plain = halfWidthFigures(figure);
      const known = written.get(plain);
      written.set(plain, known === undefined || known === figure ? figure : null);
    }
  if (written.size === 0) return answer;
  const everywhere = markdowns.join('\n');
  return answer.replace(/\d[\d,.:]*\d|\d/g, (figure, offset: number) => {
    const original = written.get(figure);
    const inWord = /[\d,.:]/.test(answer[offset - 1] ?? '');
    if (
      !original ||
      inWord ||
      new RegExp(`(?<![\\d,.:])${escape(figure)}(?![\\d])`).test(everywhere)
    )
      return figure;
    return original;
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
