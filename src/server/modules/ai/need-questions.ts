import type { Analyzer, Token } from './japanese.ts';

/**
 * What a page requires of the customer, asked as 「…は必要ですか？」: 「未就園児は事前申込みが
 * 必要ですか？」 from 「未就園児のかたは、事前申込みが必要になります。」, 「宿泊者名簿の記入は必要
 * ですか？」 from 「宿泊者名簿の記入をお願い致します。」, 「焚き火シートは必要ですか？」 from a rules
 * list's 「焚き火シート必須」. No sentence rule asked these before.
 */
const NEEDED =
  /^(?<before>.+?)(?:が|は)?(?:必要|必須)(?:です|となります|になります|となっております|でございます)?$/;
const ASKED_FOR =
  /^(?<before>.+?)(?:を|の)(?:お願い(?:いた|致)?します|お願い申し上げます|お願いしております|お願いいたしております)$/;
// What a customer is asked to do, as a noun: the request is a requirement only then
// (「ご理解をお願いします」 is not).
const DUTY =
  /(?:記入|提示|持参|連絡|予約|提出|申込み?|申し込み|登録|支払い?|同意|署名|本人確認|予防接種|接種|説明|相談|入金)$/;
// 「の方は」「のかたは」 opens on who the rule is for.
const FOR_WHOM = /^(?<who>[^、。はがをに]{2,12}?)(?:の方|のかた|の方々|の皆様|様|さま)は[、,]?/;
const NOT_ASKABLE = /場合|際|とき|その|この|それ|これ|こちら|上記|下記|以下|[0-9０-９]|[?？!！]/;

/**
 * The nouns that end a phrase, whole: 「当事務所に来所」 → 「来所」, 「同意書へのご記入」 whole.
 * A chain that a verb or an adverb modifies (「慣らし保育」「含んでのお申込み」「速やかに連絡」) is
 * only part of what is asked for: nothing.
 */
function nounTail(tokens: Token[]): string | undefined {
  const joins = (token: Token, last: boolean) =>
    (last && token.pos === '動詞' && token.form.startsWith('連用')) ||
    token.pos === '名詞' ||
    token.pos === '接頭詞' ||
    token.surface === '・';
  let start = tokens.length;
  while (start > 0 && joins(tokens[start - 1]!, start === tokens.length)) start--;
  // 「同意書への」「宿泊者名簿の」: a noun joined by の (with へ／で／と before it) belongs to it.
  for (;;) {
    const linked = tokens[start - 1];
    if (linked?.surface !== 'の' || linked.detail !== '連体化') break;
    let head = start - 1;
    if (['へ', 'で', 'と', 'から'].includes(tokens[head - 1]?.surface ?? '')) head--;
    let nounStart = head;
    while (nounStart > 0 && joins(tokens[nounStart - 1]!, false)) nounStart--;
    if (nounStart === head) return undefined;
    start = nounStart;
  }
  const before = tokens[start - 1];
  if (before && before.pos !== '助詞' && before.pos !== '記号') return undefined;
  // 「速やかに連絡」: how, not what.
  if (before?.surface === 'に' && tokens[start - 2]?.detail === '形容動詞語幹') return undefined;
  const tail = tokens
    .slice(start)
    .map((token) => token.surface)
    .join('');
  return tail || undefined;
}

export interface NeedQuestion {
  question: string;
  /** The answer's core when the page says it as a bare list line. */
  statement?: string;
}

export function needQuestion(analyzer: Analyzer, sentence: string): NeedQuestion | undefined {
  const text = sentence
    .trim()
    .replace(/[。！]$/, '')
    .replace(/[（(][^）)]*[）)]/g, '');
  if (NOT_ASKABLE.test(text)) return undefined;
  const statesNeed = NEEDED.exec(text);
  const match = statesNeed ?? ASKED_FOR.exec(text);
  if (!match) return undefined;
  const request = !statesNeed;
  const who = FOR_WHOM.exec(text)?.groups?.who;
  const before = match.groups!.before!.replace(FOR_WHOM, '');
  const needed = nounTail(analyzer.tokenize(before))?.replace(
    /(?<![\p{Script=Han}])[おご](?=\p{Script=Han})/gu,
    '',
  );
  // 「ご予約の変更は前日までにご連絡を…」: a request about another topic, or by a deadline, is
  // asked as that topic's (「変更はいつまでに…」), not as whether a call is needed.
  if (request && /[はも]|までに/.test(before)) return undefined;
  if (
    !needed ||
    needed.length < 2 ||
    needed.length > 20 ||
    /^(?:所定|各種|一定|必要)/.test(needed) ||
    (request && !DUTY.test(needed))
  )
    return undefined;
  // 「焚き火シート必須」: a rules list's line is answered as a sentence.
  const bare = /必須$/.test(text) && !/[はが]/.test(text);
  return {
    question: who ? `${who}は${needed}が必要ですか？` : `${needed}は必要ですか？`,
    ...(bare ? { statement: `${needed}は必須です。` } : {}),
  };
}
