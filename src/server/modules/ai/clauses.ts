import type { Token } from './japanese.ts';

/**
 * Sentences as clauses, and the phrases that matter in each: the topic before は, the subject
 * before が, the object before を, the phrase before に, and the verb the clause ends on. The
 * offline engine asks its questions from these.
 */
// Particles inside a condition (「空きがあれば」) do not mark the clause's own subject.
const CONDITIONAL = new Set(['ば', 'たら', 'なら']);

const EVALUATIVE_PREFIX =
  /^(?:当店|当社|弊社|当院|当サロン|当スタジオ|当教室|当ホテル|当館|人気|大人気|自慢|おすすめ|オススメ|話題)の/;

export interface Clause {
  tokens: Token[];
  text: string;
}

export function joinTokens(tokens: Token[]): string {
  return tokens.map((token) => token.surface).join('');
}

const isComma = (token: Token | undefined) => token?.surface === '、' || token?.surface === ',';

/** Clause boundaries: 「…で、」 (copula), 「…が、」, 「…ので、」, 「…し、」 and 連用中止 「…あり、」. */
export function splitClauses(tokens: Token[]): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  tokens.forEach((token, position) => {
    if (!isComma(token)) return;
    const previous = tokens[position - 1];
    if (!previous) return;
    const rest = tokens.slice(position + 1);
    const restHasPredicate = rest.some((item) => ['動詞', '助動詞', '形容詞'].includes(item.pos));
    if (!restHasPredicate) return;
    const boundary =
      (previous.pos === '助動詞' && previous.surface === 'で') ||
      (previous.pos === '助詞' &&
        previous.detail === '接続助詞' &&
        ['が', 'ので', 'けれど', 'けど', 'し'].includes(previous.surface)) ||
      // 「駐車場があり、…」 ends a clause; 「掃除、洗濯、料理の作り置き、…」 only lists nouns
      // (a clause has a particle that is more than の).
      (['動詞', '形容詞'].includes(previous.pos) &&
        previous.form.startsWith('連用') &&
        tokens
          .slice(start, position)
          .some(
            (item) => item.pos === '助詞' && item.detail !== '連体化' && item.detail !== '並立助詞',
          ) &&
        !['て', '限り', 'つき', 'あたり', 'おき', 'より', '除き', '含め'].includes(
          previous.surface,
        )) ||
      // 「チェックインは15時、チェックアウトは10時です」: two topics, two facts.
      (tokens
        .slice(start, position)
        .some((item) => item.detail === '係助詞' && item.surface === 'は') &&
        rest.some((item) => item.detail === '係助詞' && item.surface === 'は') &&
        previous.pos === '名詞') ||
      (previous.surface === 'まで' &&
        rest.some((item) => item.detail === '係助詞' || item.surface === 'が')) ||
      // 「お見積もりは無料で、出張費もかかりません」: the dictionary reads this copula で as a
      // case particle; a topic on each side still makes two facts.
      (previous.surface === 'で' &&
        previous.detail === '格助詞' &&
        tokens[position - 2]?.pos === '名詞' &&
        tokens.slice(start, position).some((item) => item.detail === '係助詞') &&
        rest.some((item) => item.detail === '係助詞' && ['は', 'も'].includes(item.surface)));
    if (!boundary) return;
    clauses.push(asClause(tokens.slice(start, position)));
    start = position + 1;
  });
  const last = tokens.slice(start);
  if (last.length) clauses.push(asClause(last));
  return clauses;
}

/** A clause cut from its sentence, ended as a sentence would be: 「…までで」 → 「…までです」. */
function asClause(tokens: Token[]): Clause {
  const body = [...tokens];
  while (body.length && body.at(-1)!.pos === '助詞' && body.at(-1)!.detail === '接続助詞')
    body.pop();
  let text = joinTokens(body);
  const last = body.at(-1);
  if (last?.surface === 'で' && (last.pos === '助動詞' || last.detail === '格助詞'))
    text = `${text.slice(0, -1)}です`;
  else if (last && ['動詞'].includes(last.pos) && last.form.startsWith('連用'))
    text = `${text}ます`;
  else if (last?.pos === '名詞' && body.some((token) => token.detail === '係助詞'))
    text = `${text}です`;
  return { tokens: body, text };
}

/** Walks back from a particle to the start of the noun phrase it marks. */
const FORMAL_NOUNS = new Set(['場合', '際', 'とき', '時']);

export function phraseBefore(tokens: Token[], particle: number): string {
  let start = particle;
  // 「急な痛みがある場合は」: a condition ending in a formal noun is one phrase with its verb's
  // subject, not 「ある場合」.
  const condition = FORMAL_NOUNS.has(tokens[particle - 1]?.surface ?? '');
  while (start > 0) {
    const token = tokens[start - 1]!;
    if (token.pos === '記号' && !['・', 'ー'].includes(token.surface) && token.detail !== '空白')
      break;
    if (token.pos === '助詞') {
      const keeps =
        token.detail === '連体化' ||
        token.detail === '並立助詞' ||
        (token.detail === '格助詞' && token.surface === 'を') ||
        // 「オンラインでの面談」「連れてのご宿泊」: a particle inside a noun phrase.
        (['格助詞', '接続助詞'].includes(token.detail) && tokens[start]?.detail === '連体化') ||
        (condition &&
          token.detail === '格助詞' &&
          ['が', 'に'].includes(token.surface) &&
          tokens.slice(start, particle).some((later) => ['動詞', '形容詞'].includes(later.pos))) ||
        // 「撮影にかかる時間は」: a phrase opening on a verb takes that verb's argument along.
        (token.detail === '格助詞' &&
          ['が', 'に', 'で', 'の'].includes(token.surface) &&
          tokens[start]?.pos === '動詞');
      if (!keeps) break;
    }
    // A name read as an adverb (「ドッグサロン ぽかぽかは」) still names the topic.
    if (token.pos === '接続詞' || (token.pos === '副詞' && start < particle)) break;
    start--;
  }
  // Leading adverbial nouns (毎朝, 毎週, 当日) and numbers belong to the predicate, not the topic.
  while (
    start < particle &&
    ((tokens[start]!.detail === '副詞可能' && tokens[start + 1]?.detail !== '連体化') ||
      tokens[start]!.pos === '助詞' ||
      tokens[start]!.detail === '連体化')
  )
    start++;
  return cleanTopic(joinTokens(tokens.slice(start, particle)));
}

export function cleanTopic(raw: string): string {
  let topic = raw
    .replace(/^.*(?:のほか|以外にも|だけでなく|に加えて)/, '')
    .replace(
      /(?:最大|最短|約|およそ)?[\d,，.]+\s*(?:円|万円|台分?|名|人|種類|クラス|個|本|件|席|分|時間|日|回|斤|%|％)(?![目前後様]|以上|以下|未満)(?:分)?(?:から|まで)?の?/g,
      '',
    )
    // What a stripped figure leaves (「総額50万円以下の…」 → 「総額以下の…」) goes with it.
    .replace(/^[^のをにがは、\s]{0,4}(?:以下|以上|未満)の/, '')
    .replace(/^[のをにがは、\s]+|[のをにがは、\s]+$/g, '')
    .trim();
  topic = topic.replace(EVALUATIVE_PREFIX, '');
  if (topic.length < 2 || topic.length > 30) return '';
  if (/^[\d\s,.]+$/.test(topic)) return '';
  // A phrase ending in a case particle is an adverbial (「予約なしで」), not a topic.
  if (/(?:で|に|と|から|まで|より|へ)$/.test(topic)) return '';
  return topic;
}

function firstParticle(tokens: Token[], surfaces: string[], detail?: string): number {
  return tokens.findIndex(
    (token) =>
      token.pos === '助詞' &&
      surfaces.includes(token.surface) &&
      (!detail || token.detail === detail),
  );
}

export function predicateNounTopic(clause: Clause): string {
  // 「XはYです」「XがYです」: Y right before the final copula.
  const tokens = clause.tokens.filter((token) => token.pos !== '記号');
  const last = tokens.at(-1);
  if (!last || last.pos !== '助動詞') return '';
  let end = tokens.length - 1;
  let start = end;
  while (start > 0 && tokens[start - 1]!.pos === '名詞') start--;
  if (start === end) return '';
  end = tokens.length - 1;
  return joinTokens(tokens.slice(start, end));
}

export interface ClauseFacts {
  wa: string;
  ga: string;
  ni: string;
  mo: string;
  /** The phrase marked by the particle (を, が or も) nearest the predicate: what the verb acts on. */
  object: string;
}

export function clauseTopics(clause: Clause): ClauseFacts {
  // Particles inside a condition (「空きがあれば」「予約をいただければ」) do not mark the clause's own
  // subject or object: only what follows the last conditional counts for those.
  const lastCondition = clause.tokens.findLastIndex(
    (token) =>
      token.pos === '助詞' && token.detail === '接続助詞' && CONDITIONAL.has(token.surface),
  );
  const tokens = clause.tokens;
  const main = (index: number) => (index > lastCondition ? index : -1);
  const wa = firstParticle(tokens, ['は'], '係助詞');
  const mo = firstParticle(tokens, ['も'], '係助詞');
  const ga = main(
    tokens.findIndex(
      (token, index) =>
        index > lastCondition &&
        token.pos === '助詞' &&
        token.surface === 'が' &&
        token.detail === '格助詞',
    ),
  );
  const ni = tokens.findLastIndex(
    (token) => token.pos === '助詞' && token.surface === 'に' && token.detail === '格助詞',
  );
  const objectParticle = main(
    tokens.findLastIndex(
      (token) =>
        token.pos === '助詞' &&
        ((token.surface === 'を' && token.detail === '格助詞') ||
          (token.surface === 'が' && token.detail === '格助詞') ||
          (token.surface === 'も' && token.detail === '係助詞')),
    ),
  );
  // 「お支払いには…」「当店では…」: the topic is the phrase before the case particle.
  const waPhrase =
    wa > 0 && tokens[wa - 1]!.pos === '助詞' && ['に', 'で'].includes(tokens[wa - 1]!.surface)
      ? phraseBefore(tokens, wa - 1)
      : wa >= 0
        ? phraseBefore(tokens, wa)
        : '';
  return {
    wa: waPhrase,
    mo: mo >= 0 ? phraseBefore(tokens, mo) : '',
    ga: ga >= 0 ? phraseBefore(tokens, ga) : '',
    ni: ni >= 0 ? phraseBefore(tokens, ni) : '',
    object: objectParticle >= 0 ? phraseBefore(tokens, objectParticle) : '',
  };
}

/** The verb chain a clause ends on: 「焼き上がります」 from 「…8時と11時に焼き上がります」. */
export function finalVerb(tokens: Token[]): string {
  const body = tokens.filter((token) => token.pos !== '記号');
  let start = body.length;
  while (start > 0 && ['動詞', '助動詞'].includes(body[start - 1]!.pos)) start--;
  while (start > 0 && body[start - 1]!.pos === '接頭詞') start--;
  const verb = joinTokens(body.slice(start));
  return /ます$/.test(verb) && body[start]?.pos !== '助動詞' ? verb : '';
}
