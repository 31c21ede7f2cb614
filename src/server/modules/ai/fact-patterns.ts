/**
 * What a fact looks like in Japanese business text (a price, a time, a weekday, a count, a way
 * to get there, a refusal…) and the question shapes each kind of fact is asked in. The offline
 * engine's sentence and field questions read these.
 */
export const PRICE = /[\d,，.]+\s*(?:円|万円)|[\d,]+\s*円|¥\s?[\d,]+/;
/** A table cell that is a price in yen (「4,000円」「¥3,500」). */
export const PRICE_CELL = /\d[\d,]*\s*円|[¥￥]\s*\d/;
export const TIME_POINT = /\d{1,2}\s*(?:時(?!間)|:\d{2})/;
export const TIME_RANGE =
  /\d{1,2}\s*(?:時(?:\d{1,2}分|半)?|:\d{2})\s*(?:から|〜|～|~|-|－|―)\s*(?:夜|朝|午前|午後|翌|深夜)?\s*\d{1,2}\s*(?:時|:\d{2})/;
export const WEEKDAY = /[月火水木金土日](?:曜日?|・)|祝日|祝祭日|年末年始|土日/;
export const DURATION =
  /(?:最短|約|およそ|最大)?\s*\d+\s*(?:分|時間|営業日|日|週間|か月|ヶ月|カ月|年)(?:間|程度|ほど|以内)?/;
export const COUNT = /(\d+)\s*(台|名|人|種類|クラス|個|本|件|席|部屋|品|店舗|コース|回)/;
export const ACCESS =
  /(駅|バス停|停留所|バスターミナル|空港|港|インターチェンジ|IC)(?:[東西南北中央]{1,2}口|前|[A-Z]?\d*番?出口)?(?:から|より)/;
export const SERVICE_AREA =
  /[都道府県市区町村](?:内|全域)?(?:[とや・、][^、。]{1,12}[都道府県市区町村](?:内|全域)?)*(?:(?:で|を中心に)[^。]*(?:行って|対応|営業|承|支援|提供)|を対象に(?:した|して))/;
export const ASKS = /(?:ください|お願いします|お願いいたします|お願い致します)$/;
export const PLACE = /(?:[都道府県市区町村郡]|丁目)(?:の[^、。]{1,12})?に(?:ある|あります|位置)/;
export const FREE = /無料/;
export const PAYMENT = /支払|決済|お会計/;
export const NEGATIVE =
  /(?:ません|ないです|ございません|ありません|できません|不可|お断りして(?:おり|い)ます|ご遠慮(?:ください|いただいて(?:おり|い)ます))(?:[。！]|$)/;
export const DISCOUNT = /割引|値引|\d\s*(?:円|%|％)引き|OFF|オフ|還元|特典/;
export const SURCHARGE = /(?:\d+\s*[%％]|全額|半額).*(?:頂戴|いただき|かかり|請求|申し受け)/;
// One figure in a statement, to be asked for: 「3歳から」 → 「何歳から」.
export const ONE_FIGURE = /(?:約)?\d[\d,.]*\s*(歳|回|名|人|台|種類|日|分|時間|か月|ヶ月|週間|年)/;
// 「なお、」「また、」: a connective that ties a sentence to the one before it.
export const LEADING_CONNECTIVE =
  /^(?:なお|尚|また|さらに|そして|ちなみに|ただし|但し|上記について)、/;
export const DEMONSTRATIVE = /^(?:それ|これ|あれ|その|この|あの|そちら|こちら|そこ|ここ)/;
export const BUSINESS_KIND =
  /(事務所|クリニック|医院|歯科|病院|工場|スタジオ|教室|サロン|ホテル|旅館|塾|店|屋|本舗|工房|カフェ|レストラン|センター)$/;
export const MEANS =
  /(電話|ホームページ|ウェブ|web|メール|アプリ|LINE|窓口|オンライン|(?<!リ)フォーム|FAX)/i;
// Nouns a clause can end on that name the attribute itself: 「水曜日が定休日です」 is about 定休日.
const CLOSED_DAY: Record<string, string> = {
  休診: '休診日',
  休業: '休業日',
  休館: '休館日',
  休み: 'お休み',
};
export const ATTRIBUTE_NOUNS: [RegExp, (topic: string) => string][] = [
  [/(定休日|休業日|休診日|お休み|休館日)$/, (topic) => `${topic}はいつですか？`],
  // 「日曜日と祝日は休診です」「土日祝日はお休みです」: the days are the topic, closing the predicate.
  [/^(休診|休業|休館|休み)$/, (predicate) => `${CLOSED_DAY[predicate]}はいつですか？`],
  [/(営業日|診療日|開館日)$/, (topic) => `${topic}はいつですか？`],
  [/(所在地|住所)$/, (topic) => `${topic}はどこですか？`],
  [/(電話番号|連絡先|メールアドレス)$/, (topic) => `${topic}を教えてください。`],
];

// Service verbs told from the business's side, asked from the customer's.
export const SERVICE_VERBS: [RegExp, string][] = [
  [/お?貸し(?:し|出し)|レンタル/, 'は借りられますか？'],
  [/ご?用意|開講|取り揃え|ご?提供|設け|完備/, 'はありますか？'],
  [/販売/, 'は購入できますか？'],
  [/お?預かり/, 'は預けられますか？'],
  [/受け付け|受付/, 'はできますか？'],
  [/承/, 'はお願いできますか？'],
  [/運行|実施|行って|おこなって/, 'はありますか？'],
  [/対応/, 'に対応していますか？'],
];

// The potential form of a verb stem: 「選び」 → 「選べ」, 「楽しみ」 → 「楽しめ」; a noun (利用, 予約)
// takes できる.
const POTENTIAL: Record<string, string> = {
  い: 'え',
  き: 'け',
  ぎ: 'げ',
  し: 'せ',
  ち: 'て',
  に: 'ね',
  び: 'べ',
  み: 'め',
  り: 'れ',
};
function ableForm(stem: string): string {
  const last = stem.at(-1) ?? '';
  return POTENTIAL[last] ? `${stem.slice(0, -1)}${POTENTIAL[last]}` : `${stem}でき`;
}

/** A statement turned into the question it answers: 「予約なしでも作業できます」 → 「…できますか？」. */
export function statementToQuestion(text: string): string {
  const body = text.replace(/[。！!]+$/, '').trim();
  if (NEGATIVE.test(`${body}。`)) return '';
  const humble = /^(.*?)(?:ご|お)([^\s、。ごお]+?)いただけます$/.exec(body);
  if (humble) return `${humble[1]}${ableForm(humble[2]!)}ますか？`;
  if (/ます$/.test(body)) return `${body}か？`;
  if (/です$/.test(body)) return `${body}か？`;
  return '';
}

export function durationNoun(text: string): string {
  return /\d+\s*(?:分|時間)/.test(text) && !/\d+\s*(?:日|週間|か月|ヶ月|カ月|年)/.test(text)
    ? '時間'
    : '期間';
}

export function accessQuestion(text: string): string {
  const kind = ACCESS.exec(text)?.[1] ?? '駅';
  const place = kind === 'IC' || kind === 'インターチェンジ' ? 'インターチェンジ' : kind;
  return place === '駅'
    ? '最寄り駅からのアクセスを教えてください。'
    : `最寄りの${place}からのアクセスを教えてください。`;
}
// A sentence that leans on what the page says elsewhere (「上記以降にキャンセルした場合は…」
// 「そのため、…」「下記をお伺いしております」「次の事項を行ってはならない。」): alone, as evidence or
// as a sentence added to an answer, it says half of its fact.
export const POINTS_ELSEWHERE =
  /上記|下記|以下の|次の(?:事項|通り|とおり|もの|場合)|前述|それ以[外降]|これら|そのため/;
// A sentence that opens by leaning on the one before it (「その際、返金手数料は¥0です。」
// 「そのため、対面オーダーは…」): alone, its fact belongs to a case the reader never sees.
export const LEANS_BACK =
  /^(?:その際|そのため|その場合|この場合|そこで|それ以外|その後|それ以降|このため|これにより|それでも|上記|前記|同上)/;
