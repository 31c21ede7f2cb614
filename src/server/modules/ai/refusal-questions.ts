import type { Analyzer } from './japanese.ts';

/**
 * What a page refuses or forbids, asked as the customer asks it: 「小さなお子様を連れての来院は
 * できますか？」 from 「小さなお子様(幼稚園児・保育園児まで)を連れての来院はご遠慮ください。」,
 * 「電話での時間予約はできますか？」 from 「現在、当院ではお電話での時間予約は承っておりません。」.
 *
 * The whole phrase before the refusal is the question's topic. Asking only its last noun
 * (「来院はできますか？」, 「飼育相談はできますか？」) would make 「いいえ」 cover what the page does
 * not refuse, so the narrower half used to be dropped. Of the 218 facts of the development pages
 * that no answer held, 19 stood in such a sentence (2026-11-28, ff659f8).
 */
const REFUSING =
  /^(.+?)(?:は|を|の)?(?:[、,]?(?:原則(?:として)?|基本的に(?:は)?|現在|当面の間)[、,]?)?(?:ご遠慮(?:ください|下さい|願います|(?:いただいて|頂いて|させていただいて|させて頂いて)(?:い|おり)ます)|お断り(?:して(?:い|おり)ます|いたします|致します|です|させていただいて(?:い|おり)ます)|(?:承って|受け付けて|受付けて|お受けして|お引き受けして|お引受けして|お受け付けして|取り扱って)おりません|禁止(?:です|となります|となっております|して(?:い|おり)ます|(?:と)?させていただきます|(?:と)?させて頂きます|致します|いたします)?|厳禁(?:です|となります|となっております)?)$/;

// Words that open a sentence without being part of what is refused, a reason included
// (「トラブル防止のため、」).
const OPENING =
  /^(?:現在|現時点で|当面の間|当(?:院|店|社|館|サロン|事務所|施設|教室|スタジオ)では|誠に|大変|申し訳ございませんが|申し訳ありませんが|恐れ入りますが|恐縮ですが|(?:大変)?恐縮ではございますが|原則(?:として|的に)?|基本的に(?:は)?|なお|尚|また|※|・|[^、]{1,15}(?:のため|ため|ので)(?=[、,]))[、,\s]*/;

// A phrase that depends on another sentence, holds a case of its own (「…していない場合」), a
// second topic (「管理棟内は衛生管理上、ペットの入室」) or a catch-all (「その他…行為」) is no
// question a customer asks in those words.
const NOT_ASKABLE =
  /場合|際|とき|こと|事項|これ|それ|あれ|こちら|上記|下記|以下|以上|その他|など|等|行為|[はがもで]、|[0-9０-９]|[。？！]/;

// Work the business does not take on is asked as a request: 「ペットのお世話はお願いできますか？」.
const TAKEN_ON = /(?:お受け|お引き?受け)して(?:い|おり)ません$/;

// A bare 「禁止」 line (「音響機器のお持込禁止」「直火の禁止。」) is answered as a sentence.
const BARE_ENDING = /(?:禁止|厳禁)。?$/;

// Nouns of doing that take 「できますか」 besides the サ変 ones the dictionary marks:
// 「立ち入り」「持ち込み」「出入り」「乗り入れ」.
const DOING = /(?:入り|込み|込|出し|入れ|替え|扱い|渡し|付け|飼い)$/;

export interface RefusalQuestion {
  question: string;
  /** The answer's core when the page says it as a bare list line. */
  statement?: string;
}

function withoutBrackets(text: string): string {
  return text
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[「」『』]/g, '')
    .trim();
}

export function refusalQuestion(analyzer: Analyzer, sentence: string): RefusalQuestion | undefined {
  const text = sentence.replace(/\s+/g, '').replace(/[。！]$/, '');
  const refused = REFUSING.exec(text);
  if (!refused) return undefined;
  let phrase = refused[1]!;
  for (let before = ''; before !== phrase;) {
    before = phrase;
    phrase = phrase.replace(OPENING, '');
  }
  phrase = withoutBrackets(phrase);
  if (phrase.length < 2 || phrase.length > 28 || NOT_ASKABLE.test(phrase)) return undefined;
  // A list inside the phrase reads as one: 「ドローンの飛行、撮影」 → 「ドローンの飛行・撮影」.
  phrase = phrase.replaceAll('、', '・');
  const tokens = analyzer.tokenize(phrase);
  const last = tokens.at(-1);
  if (!last || last.pos !== '名詞') return undefined;
  // 「…の依頼」「…の滞在」 are done; 「ペット」「土足」 are things, and 「ペットはできますか」 asks
  // nothing.
  if (last.detail !== 'サ変接続' && !DOING.test(last.surface)) return undefined;
  // A topic inside the phrase is a second clause (「管理棟内は…ペットの入室」).
  if (tokens.some((token) => token.detail === '係助詞')) return undefined;
  return {
    question: `${phrase}は${TAKEN_ON.test(text) && !/(?:依頼|予約|申し?込み?)$/.test(phrase) ? 'お願い' : ''}できますか？`,
    ...(BARE_ENDING.test(sentence.trim())
      ? { statement: `${withoutBrackets(refused[1]!).replaceAll('、', '・')}は禁止です。` }
      : {}),
  };
}
