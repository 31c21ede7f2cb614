/**
 * What a line of a page is, read one line at a time (passages.ts puts them together): a heading,
 * a 「項目：値」 pair, a menu line and its price, a page's own question, a rules lead-in, or
 * furniture that states nothing.
 */
import { normalizeText } from './japanese.ts';

const MIN_CHARS = 6;
// A table cell that is a price, never a column's name.
export const MAX_SENTENCE_CHARS = 400;

// 「キャンセルについて」「受付時間のご案内」: a line that announces the topic of the lines under it,
// named without its 「について」 (「小学生の料金」).
export const SUBJECT_LINE = /^([^。、！？!?\s]{2,20}?(?:について|に関して|のご案内|のお知らせ))$/;

// A 「項目：値」 line. The colon of a clock time (「10:00〜19:00」) is not the separator.
export const PAIR =
  /^((?:[^：:。、]|(?<=\d)[：:](?=\d)){1,20}?)(?:(?<!\d)[：:]|[：:](?!\d))\s*(.{1,200})$/;
// 【診療時間】午前9時〜午後6時: the bracketed name of a field, or alone on its line a heading.
export const BRACKETED = /^[【［[〈《≪＜<]([^】］\]〉》≫＞>]{1,20})[】］\]〉》≫＞>]\s*(.{0,200})$/;
// Words in brackets that flag a line rather than name a field (【重要】本日は臨時休業です).
export const FLAG = /^(?:重要|お知らせ|注意|ご注意|NEW|new|新着|PR|速報|告知|必読)$/;
// A menu line 「カット 4,400円」「シャンプーコース（小型犬）4,950円〜」: an item and its price.
export const PRICED_ITEM =
  /^([^\s。、：:]{2,30}?(?:[（(][^）)]{1,12}[）)])?)[\s\u3000]*(?:[…‥・.\-－―]{2,}\s*)?((?:約)?(?:[¥￥][\d,]+|[\d,]+(?:円|万円))(?:〜|～|から)?(?:[（(][^）)]{1,12}[）)])?)$/;
// The same with a space between item and value, for counts and times too (「駐車場 5台」), and
// with a longer note after the price (「介助保定料 ¥500〜(噛む・暴れる・嫌がる、高齢犬で…)」).
// 「料理+ドリンク飲み放題3時間 お一人様6,000円(税込)」: a price per person is a value too.
export const SPACED_ITEM =
  /^([^\s。、：:]{2,20})[\s\u3000]+((?:約|最大|毎週|午前|午後|(?:お一人|おひとり|お1人|1名|一名)様?(?:につき)?\s*)?[¥￥]?\d[^。]{0,40})$/;
// In a bulleted list, any short value after a space: 「・日曜日・祝日 休診」.
export const SPACED_LIST_ITEM = /^([^\s。、：:]{2,20})[\s\u3000]+([^\s。]{1,12})$/;
export const BARE_NAME = /^([\p{Script=Han}\p{Script=Katakana}ー・]{2,10})$/u;
export const PROHIBITING =
  /(?:次の|以下の|下記の)(?:事項|行為|こと)[^。]{0,12}(?:ならない|禁止(?:します|いたします|とします|です)|ご遠慮ください|おやめください)/;
export const HEADING_WORD = /(?:ポリシー|規約|事項|料金表|一覧|案内|オプション|メニュー|プラン)$/;
export const UNLABELLED_FIGURES =
  /^[¥￥]?[\d,.]+\s*(?:円|万円)?[~〜～]?(?:\s+[¥￥]?[\d,.]+\s*(?:円|万円)?[~〜～]?)+$/;
// 「Q. 駐車場はありますか？」「Ｑ１：…？」 and their 「A. …」 on a よくある質問 page.
// 「Q. 駐車場はありますか？」「Ｑ１：…？」「Q③…?」 on a よくある質問 page; its answer, with or
// without 「A.」, runs on every line up to a blank line, the next question or a heading.
export const QUESTION_LINE =
  /^(?:Q|Ｑ|質問|問)\s*(?:[\d０-９]{1,2}|[A-Z@＠①-⑳](?=[^A-Za-z\s]))?\s*(?:[.．:：、)）]?\s*(.{4,120}[？?])|[.．:：、)）\s]\s*([^。]{4,80})。?)$/;
// In a block of questions (under よくある質問, or after a marked question) a line that is one
// question is asked without a marker.
export const FAQ_SECTION = /よくある|質問|FAQ|Q\s*[&＆]\s*A/i;
export const MAX_PAGE_ANSWER_CHARS = 1200;
const BOILERPLATE =
  /copyright|all rights reserved|©|ページの先頭|トップへ戻る|クッキー|cookie|javascript|メニューを開く|^(ホーム|トップ|home)$/i;

export function isUsable(text: string): boolean {
  const plain = normalizeText(text);
  if (plain.length < MIN_CHARS) return false;
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(plain)) return false;
  return !BOILERPLATE.test(plain);
}

export const POSTED_ON =
  /^(?:掲載日|投稿日|更新日|公開日|最終更新日?)?\s*[:：]?\s*\d{4}\s*[./年-]\s*\d{1,2}\s*[./月-]\s*\d{1,2}日?$/;

// A caption names what its prices are for; one of these words alone says only that they are prices.
export const GENERIC_CAPTION =
  /^(?:(?:料金|価格|費用|報酬)(?:表|一覧|システム|体系|額)?|メニュー|プラン|コース|オプション|その他)$/;
