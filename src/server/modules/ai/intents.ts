import { SECTOR_INTENTS } from './intents-sector.ts';
import { VISIT_INTENTS } from './intents-visit.ts';
import {
  DAYS,
  MONEY,
  NEGATIVE,
  TIME_SPAN,
  WHEN,
  type Intent,
  type Sector,
} from './intent-types.ts';

export type { Intent, IntentExample, Sector } from './intent-types.ts';

/**
 * The intent bank's table (issue 23, item 3): what customers of a small business ask, common to
 * all and by sector, in the order customers care about. Each intent carries the question as a
 * customer words it, how its evidence shows on a page (topic words in the passage or its
 * heading, and the shape of the value when the answer is one), and its own examples: a short
 * page text with the question it must ask, and one where it must not fire. intent-bank.test.ts
 * runs every example. General business vocabulary only: the pages graded are unseen.
 */

const COMMON: Intent[] = [
  {
    id: 'hours',
    sectors: 'common',
    question: '{name}は何時から何時までですか？',
    names: ['営業時間', '診療時間', '受付時間', '開館時間', '開塾時間', '開室時間', '利用時間'],
    topic: /営業時間|受付時間|診療時間|診察時間|開館時間|開塾時間|開室時間|営業(?!日)|開店/,
    value: TIME_SPAN,
    not: /チェック|キャンセル|お迎え|送迎/,
    listed: true,
    examples: [
      { text: '営業時間は10:00〜19:00です。', question: '営業時間は何時から何時までですか？' },
      {
        text: '診療時間 9:00〜12:00 / 15:00〜19:00',
        question: '診療時間は何時から何時までですか？',
      },
      { text: '営業時間は季節によって変わります。' },
      // A deadline on working days is not the opening hours.
      { text: 'ご予約はご利用前営業日17時までにメール、予約フォーム、LINEからお願いします。' },
    ],
  },
  {
    id: 'closed-days',
    sectors: 'common',
    question: '{name}はいつですか？',
    names: ['定休日', '休診日', '休館日', '休業日', '休塾日', '休校日', '休み'],
    topic: /定休日|休業日|休診日|休館日|休塾|休校日|お休み|年中無休|無休/,
    value: DAYS,
    listed: true,
    examples: [
      { text: '定休日は毎週水曜日です。', question: '定休日はいつですか？' },
      { text: '休診日：木曜・日曜・祝日', question: '休診日はいつですか？' },
      { text: 'お休みの日はゆっくり過ごしましょう。' },
      // The day off named only in the case a sentence opens on answers another question.
      { text: '返却期限日が定休日の水曜日の場合、翌日の木曜日の返却で大丈夫です。' },
    ],
  },
  {
    id: 'booking',
    sectors: 'common',
    question: '予約は必要ですか？',
    topic:
      /予約(?:制|優先|の上|をお願い|をお取り)|予約(?:は|が)?(?:不要|必要)|完全予約|予約なし|飛び込み/,
    not: /キャンセル|変更|取消/,
    yes: /予約制|必要|お願い|お取り/,
    no: /不要|予約なし(?:でも|で)|飛び込み(?:でも|歓迎|OK)/,
    listed: true,
    examples: [
      { text: '当院は完全予約制です。', question: '予約は必要ですか？' },
      { text: '診察は受付順で予約は不要です。', question: '予約は必要ですか？' },
      { text: 'ご予約のキャンセルは前日までにご連絡ください。' },
      // A yes in one case, or only in brackets, is no answer to whether booking is needed.
      { text: '空室がある場合は、新たにご予約をお願い致します。' },
      {
        text: '開園期間は1月上旬〜5月中旬の予定です(空いている時には予約なしでもいちご狩りが可能です)。',
      },
    ],
  },
  {
    id: 'booking-how',
    sectors: 'common',
    question: '予約はどうすればできますか？',
    topic: /予約/,
    // The way of booking stands next to the booking: 「お電話またはLINEで承ります」, not a mail
    // that confirms it or an invoice sent after it.
    value:
      /(?:電話|メール|LINE|ネット|ウェブ|WEB|Web|フォーム|オンライン|窓口|アプリ|予約サイト)[^。]{0,12}(?:予約|受付|承|お申し?込)|予約[^。]{0,12}(?:電話|メール|LINE|ネット|ウェブ|WEB|Web|フォーム|オンライン|窓口|アプリ)/,
    // Only a refusal (「お電話での予約は承っておりません」) or what happens after booking.
    not: /キャンセル|変更|取消|遅れ|遅刻|確定|完了|確認メール|請求書|入金|(?:承|行|受け付け)って(?:おり|い)ません|できません|お断り|のみとさせて/,
    examples: [
      { text: 'ご予約はお電話またはLINEで承ります。', question: '予約はどうすればできますか？' },
      { text: 'キャンセルはお電話でご連絡ください。' },
      { text: '現在、当院ではお電話での時間予約は承っておりません。' },
      {
        text: '予約フォームからご予約された場合、「ご予約確定メール」にてご予約が確定となります。',
      },
      // The list it points to is elsewhere on the page: alone it says nothing.
      { text: 'ご予約の際はご予約フォームより下記をお伺いしております。' },
    ],
  },
  {
    id: 'cancellation-fee',
    sectors: 'common',
    question: 'キャンセル料はかかりますか？',
    topic: /キャンセル|取消|取り消し/,
    value: MONEY,
    not: /キャンセル待ち/,
    exceptions: /無断|無連絡|連絡(?:なし|無し)|繰り返|[2２二]回以上|[2２二]度以上|遅刻/,
    listed: true,
    examples: [
      {
        text: '当日のキャンセルは料金の100%を頂戴します。',
        question: 'キャンセル料はかかりますか？',
      },
      { text: 'キャンセル料：前日50%、当日100%', question: 'キャンセル料はかかりますか？' },
      {
        text: '承認なく本予約後にキャンセルを行う場合は100%利用料を支払わねばならない。',
        question: 'キャンセル料はかかりますか？',
      },
      { text: 'キャンセル待ちも承ります。' },
      // A qualifier of the sentence before it answers nothing alone.
      { text: '但し、2週間前までなら1回に限り変更できます(変更後のキャンセル料は100%)。' },
      { text: '上記の項目に該当する場合には、100%キャンセル料金が発生します。' },
    ],
  },
  {
    // The first bank's id, kept: the results screen's list refers to it.
    id: 'cancellation',
    sectors: 'common',
    question: 'キャンセルや変更はいつまでに連絡すればよいですか？',
    topic: /キャンセル|取消|取り消し|変更/,
    value: WHEN,
    not: /キャンセル待ち/,
    listed: true,
    examples: [
      {
        text: 'キャンセルや変更のご連絡は前日の18時までにお願いします。',
        question: 'キャンセルや変更はいつまでに連絡すればよいですか？',
      },

      { text: '予定の変更がありましたらお知らせします。' },
    ],
  },
  {
    id: 'payment-methods',
    sectors: 'common',
    question: 'お支払いにはどの方法が使えますか？',
    topic: /支払|決済|お会計|精算|現金のみ|現金払い/,
    value: /現金|クレジット|カード|振込|振り込み|PayPay|電子マネー|QR|引落|引き落とし|口座/i,
    // A card's details kept or destroyed, a refund or a cancellation fee's payment is not how a
    // customer pays for the service.
    // 「クレジットカード等の電子決済は使えません」 says what cannot be used, not which can.
    not: /レシート|領収書|明細|控え|破棄|返金|キャンセル|(?:使え|利用でき|ご利用いただけ|お取り?扱いでき)ません/,
    listed: true,
    examples: [
      {
        text: 'お支払いは現金またはクレジットカードでお願いします。',
        question: 'お支払いにはどの方法が使えますか？',
      },
      { text: 'お支払いは施術後にお願いします。' },
      { text: 'クレジット情報の控えはお支払い後に安全に破棄いたします。' },
      { text: 'お支払いの際、クレジットカード等の電子決済は使えません。' },
      { text: '現金のみの取扱となります。', question: 'お支払いにはどの方法が使えますか？' },
    ],
  },
  {
    id: 'parking',
    sectors: 'common',
    question: '駐車場はありますか？',
    topic: /駐車場|駐車スペース|パーキング|駐車/,
    not: /駐車禁止|違法駐車|路上駐車/,
    yes: /あります|有り|あり[(（。、]|あり$|ございます|完備|\d+\s*台|ご利用いただけ|無料/,
    no: NEGATIVE,
    listed: true,
    examples: [
      { text: '駐車場は3台分ございます。', question: '駐車場はありますか？' },
      {
        text: '駐車場はありませんので近隣のコインパーキングをご利用ください。',
        question: '駐車場はありますか？',
      },
      { text: '駐車禁止の場所にご注意ください。' },
    ],
  },
  {
    id: 'access',
    sectors: 'common',
    question: '最寄り駅からのアクセスを教えてください。',
    topic: /アクセス|徒歩|最寄|駅から|駅より/,
    value: /徒歩|駅|バス停|車で/,
    listed: true,
    examples: [
      { text: 'JR駅南口から徒歩5分です。', question: '最寄り駅からのアクセスを教えてください。' },
      { text: 'アクセスしやすいサイトを目指しています。' },
    ],
  },
  {
    id: 'bring',
    sectors: 'common',
    question: '当日は何を持っていけばよいですか？',
    // 「ガスボンベはご自身でご用意ください」 is one item's rule, not what to bring.
    topic: /持ち物|ご持参ください|持参してください|お持ちください/,
    value: /ください|必要/,
    // 「お持ちなら」「持参できる備品」「現金にてお持ちください」: a condition, a loan or a payment.
    not: /持ち込み|お持ち帰り|お持ちの方|お持ちなら|場合|持参できる|現金|費用|料金|円|返送|名前|記入/,
    examples: [
      { text: '持ち物全てに、児童の名前を記入してください。' },
      {
        text: '当日は動きやすい服装とタオルをご持参ください。',
        question: '当日は何を持っていけばよいですか？',
      },
      { text: '食べ物のお持ち込みはご遠慮ください。' },
      {
        text: 'カセットコンロは無料貸出をおこなっていますが、ガスボンベはご自身でご用意ください。',
      },
    ],
  },
  {
    id: 'age',
    sectors: 'common',
    question: '何歳から利用できますか？',
    topic: /対象|年齢|歳|才/,
    // 「何歳から」 is answered by a lower bound, or by who may not come at all (「16歳未満の方は
    // ご入会いただけません」). A case (「18歳未満の場合、保護者が同伴…」「ボルダリングを行わない
    // 18才未満の方は…お断り」) was graded C as an answer to it every time.
    value:
      /\d+\s*(?:歳|才)(?:以上|から|〜|～)|^\d+\s*(?:歳|才)未満の(?:方|お子様)は.*(?:いただけません|できません|お断り)/,
    // 「12歳未満 1,500円」 is a price by age, asked as a price.
    not: /円/,
    examples: [
      { text: '対象は5歳以上のお子様です。', question: '何歳から利用できますか？' },
      { text: '創業から30年以上の歴史があります。' },
      { text: '16歳未満の方はご入会いただけません。', question: '何歳から利用できますか？' },
      {
        text: 'ボルダリングを行わない18才未満の方は、ボルダリングエリアへの立ち入りをお断りいたします。',
      },
      { text: '18歳未満の場合、貸出期間中、親権者が同伴できる方。' },
    ],
  },
  {
    id: 'children',
    sectors: 'common',
    question: '子ども連れでも利用できますか？',
    topic: /お子様連れ|子連れ|お子さま連れ|お子様の同伴|キッズスペース|ベビーカー/,
    yes: /(?<!不)可能|できます|OK|歓迎|ございます|あります|大丈夫/,
    no: NEGATIVE,
    examples: [
      { text: 'お子様連れでのご来店も歓迎です。', question: '子ども連れでも利用できますか？' },
      { text: 'お子様の成長を見守ります。' },
    ],
  },
];

/**
 * Common intents first, then the sector ones (intents-sector.ts), then those about the visit
 * itself (intents-visit.ts), in the order customers care about.
 */
export const INTENTS: Intent[] = [...COMMON, ...SECTOR_INTENTS, ...VISIT_INTENTS];

/** The intent a question's origin names (`intent:hours`), if it is one of the bank's. */
export function intentOfOrigin(origin: string | undefined): Intent | undefined {
  return origin?.startsWith('intent:')
    ? INTENTS.find((entry) => `intent:${entry.id}` === origin)
    : undefined;
}

/** Every place the intent's topic words occur in the text (「ご入浴」 of 「入浴|お風呂」). */
export function topicMatches(intent: Intent, text: string): RegExpExecArray[] {
  const topic = new RegExp(intent.topic.source, intent.topic.flags.replace('g', '') + 'g');
  return Array.from(text.matchAll(topic));
}

/** Words a page of each sector uses; two different hits name the sector. */
export const SECTOR_WORDS: Record<Sector, RegExp> = {
  clinic: /診療|診察|施術|整骨|整体|鍼灸|歯科|医院|クリニック|治療|患者|保険証/g,
  salon: /サロン|ネイル|カット|カラー|ヘア|エステ|まつげ|まつ毛|美容|施術/g,
  lodging: /宿泊|チェックイン|チェックアウト|客室|旅館|民泊|ゲストハウス|素泊まり|ご一泊/g,
  restaurant: /ランチ|ディナー|料理|お席|テイクアウト|ドリンク|コース料理|飲食/g,
  school: /塾|教室|レッスン|授業|入会|月謝|受講|生徒|講師|スクール/g,
  legal: /報酬|税理士|行政書士|司法書士|弁護士|社労士|申告|相談料|着手金|登記/g,
  pet: /ペットホテル|ワンちゃん|わんちゃん|犬|猫|トリミング|お預かり|ワクチン/g,
  rental: /貸し|レンタル|会議室|スペース|利用料|貸切|ご利用時間|延長料金/g,
  repair: /修理|出張|作業|見積|工事|部品|点検|交換作業/g,
  shop: /送料|配送|返品|通販|ご注文|商品|発送|在庫/g,
  // Experiences and tours (陶芸体験, ダイビング, いちご狩り, キャンプ): what to wear and bring, how
  // long it takes and what the weather does are asked there as at a school.
  activity:
    /体験|ツアー|ご参加|参加者|参加費|アクティビティ|インストラクター|ガイド|集合場所|集合時間|陶芸|ダイビング|シュノーケ|狩り|キャンプ|テント|タープ|焚き?火|バーベキュー|BBQ|グランピング|カヌー|カヤック|ラフティング/g,
};
