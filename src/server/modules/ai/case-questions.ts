/**
 * A sentence that opens on a case and says what follows (「ホテルのご利用が24時間を超過した場合
 * は、ショートステイ料金を追加料金として申し受けます。」) answers the customer's 「…場合はどうなり
 * ますか？」; one that says what to do then (「返却が遅れる場合は、必ず電話にてご連絡をお願いしま
 * す。」) answers 「…場合はどうすればよいですか？」. The pages' rules are mostly written so, and the
 * sentence rules asked none of them: of the 127 facts of the development pages that no answer
 * held and no rule asked about, 11 stood in such a sentence (2026-11-28).
 */
const OPENS_ON_CASE =
  /^(?:(?:ただし|但し|なお|尚|また|万が一|万一|もし|原則として)[、,\s]*)*(?<case>[^。！？]{4,50}?)場合(?:に?は|でも|も)?[、,\s]+(?<then>[^。]{6,}?)。?$/;

// The customer's own words for the page's honorific verbs: 「超過された」 → 「超過した」.
const PLAIN_VERBS: [RegExp, string][] = [
  [/お休み(?:をされ|され|になら|にな)?る$/, '休む'],
  [/を(?:ご)?希望の$/, 'を希望する'],
  [/(?:お|ご)(\p{Script=Han}+)になる$/u, '$1する'],
  [/(?:お|ご)?(\p{Script=Han}+)い(?:いただく|頂く)$/u, '$1う'],
  [/(?:いただけ|頂け)(?:ない|なかった)$/, 'できない'],
  [/を(?:いただいた|頂いた)$/, 'をした'],
  [/されなかった$/, 'しなかった'],
  [/されない$/, 'しない'],
  [/された$/, 'した'],
  [/されている$/, 'している'],
  [/される$/, 'する'],
];

// What the customer is told to do; a warning (「…のでご注意ください」) says what happens instead.
const TELLS_TO_DO = /(?:ください|下さい|お願い(?:いた|致)?します|お願い申し上げます|ませ)$/;
const WARNS =
  /ので[、,]?\s*(?:ご|お)?(?:注意|了承|理解|承知)|(?:ご|お)?(?:注意|了承)(?:ください|下さい)$/;

const FEE_WORD = /料金|料|代金?|費|報酬|[0-9０-９]\s*円|[%％]/;
const CHARGED = /別途|追加|加算|割増|請求|申し受け|頂戴|いただき|頂き|発生|かかり|必要/;

// A case that leans on another sentence, names the business, is said in its voice, or holds a
// reason or a second clause of its own is no question a customer asks.
const NOT_ASKABLE =
  /その|この|それ|これ|こちら|上記|下記|以下|以上の|前述|当(?:院|店|社|館|方)|弊社|いただ|頂|させ|くださ|ので|ため|となり|[はがもで]、|[、,?？!！:：]|^[0-9０-９]|例えば/;

function plainCase(text: string): { phrase: string; noun: boolean } | undefined {
  let phrase = text
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[「」『』【】]/g, '')
    .replace(/^(?:お客様|お客さま|ご利用者様?|利用者)(?:が|は)[、,]?/, '')
    .replace(/\s+/g, '');
  for (const [pattern, plain] of PLAIN_VERBS) phrase = phrase.replace(pattern, plain);
  const noun = /の$/.test(phrase);
  phrase = phrase
    .replace(/の$/, '')
    .replace(/(?<![\p{Script=Han}])[おご](?=\p{Script=Han})/gu, '')
    // 「紛失、損傷した」: two things that happen, listed.
    .replace(/(\p{Script=Han}{2,4})、(?=\p{Script=Han}{2,4}等?(?:した|する)$)/u, '$1・');
  // Graded at a00dbef: a short case names no thing of its own (「研修目的の場合」「空室がある場合」
  // 「連絡がない場合」: context lost, C), a long one or two cases in one echo the page (stiff, B);
  // a late arrival is the 遅刻 intent's question, asked again (C).
  if (
    phrase.length < 6 ||
    phrase.length > 24 ||
    (noun && phrase.length < 8) ||
    /^連絡[がの]|場合や|遅刻/.test(phrase) ||
    NOT_ASKABLE.test(phrase)
  )
    return undefined;
  return { phrase, noun };
}

export function caseQuestion(sentence: string): string | undefined {
  const match = OPENS_ON_CASE.exec(sentence.trim());
  if (!match) return undefined;
  // 「講師の指示に従っていただけない場合」: the business's request, not the customer's case.
  if (/て(?:いただけ|頂け)/.test(match.groups!.case!)) return undefined;
  const plain = plainCase(match.groups!.case!);
  if (!plain) return undefined;
  const then = match.groups!.then!.replace(/[（(][^）)]*[）)]$/, '').trim();
  // The sentence must say what follows, not stop at a list or a pointer.
  if (!/(?:ます|です|ません|ください|下さい|ませ|円|加算|可能|不可|無料|必要)$/.test(then))
    return undefined;
  // 「…場合は、別途年末調整業務報酬(15,000円~)が発生します」: what a customer asks is whether
  // it costs more (「どうなりますか」 was graded vague).
  const charges = FEE_WORD.test(then) && CHARGED.test(then);
  const asks = charges
    ? '費用がかかりますか？'
    : TELLS_TO_DO.test(then) && !WARNS.test(then)
      ? 'どうすればよいですか？'
      : 'どうなりますか？';
  return `${plain.phrase}${plain.noun ? 'の' : ''}場合は${asks}`;
}
