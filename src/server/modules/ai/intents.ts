/**
 * The intent bank's table (issue 23, item 3): what customers of a small business ask, common to
 * all and by sector, in the order customers care about. Each intent carries the question as a
 * customer words it, how its evidence shows on a page (topic words in the passage or its
 * heading, and the shape of the value when the answer is one), and its own examples: a short
 * page text with the question it must ask, and one where it must not fire. intent-bank.test.ts
 * runs every example. General business vocabulary only: the pages graded are unseen.
 */

export type Sector =
  | 'clinic'
  | 'salon'
  | 'lodging'
  | 'restaurant'
  | 'school'
  | 'legal'
  | 'pet'
  | 'rental'
  | 'repair'
  | 'shop';

export interface IntentExample {
  text: string;
  /** The question the intent asks on this text; absent when it must not fire. */
  question?: string;
}

export interface Intent {
  id: string;
  sectors: Sector[] | 'common';
  /** The customer's question; 「{name}」 is the topic word the evidence itself uses. */
  question: string;
  /** Words for 「{name}」, the first the evidence holds is used (「診療時間」 at a clinic). */
  names?: string[];
  /** Words that name the topic, in the passage or its heading. */
  topic: RegExp;
  /** The shape of the answer when it is a value (a time, a price), looked for in the passage. */
  value?: RegExp;
  /** A passage with these is about something else (「キャンセル待ち」 is no cancellation rule). */
  not?: RegExp;
  /** Yes/no intents: what the evidence says for はい and for いいえ (else no はい／いいえ). */
  yes?: RegExp;
  no?: RegExp;
  /** Listed on the results screen when the page does not answer it (issue 23, item 6). */
  listed?: boolean;
  examples: IntentExample[];
}

const TIME = /\d{1,2}\s*(?::\s*\d{2}|時)/;
const TIME_SPAN = /\d{1,2}\s*(?::\s*\d{2}|時)[^。]{0,12}(?:[〜～~\-－–ー]|から)/;
const DAYS = /[月火水木金土日](?:曜|[・、,]|祝)|祝日|祝祭日|年中無休|無休|土日|年末年始|不定休/;
const MONEY = /\d[\d,]*\s*(?:円|万円)|[¥￥]\s*\d|無料|\d+\s*[%％]|全額|半額/;
const WHEN = /前日|\d+\s*(?:日|時間|週間|か月|ヶ月)前|までに|まで[のはにで]|\d\s*(?:時|:\d{2})まで/;
const NEGATIVE = /ありません|ございません|なし|無し|不可|できません|お断り|ご遠慮|禁止|不要/;

export const INTENTS: Intent[] = [
  {
    id: 'hours',
    sectors: 'common',
    question: '{name}は何時から何時までですか？',
    names: ['営業時間', '診療時間', '受付時間', '開館時間', '開塾時間', '開室時間', '利用時間'],
    topic: /営業時間|受付時間|診療時間|診察時間|開館時間|開塾時間|開室時間|営業|開店/,
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
    ],
  },
  {
    id: 'booking-how',
    sectors: 'common',
    question: '予約はどうすればできますか？',
    topic: /予約/,
    value: /電話|メール|LINE|ネット|ウェブ|WEB|Web|フォーム|オンライン|窓口|アプリ/,
    not: /キャンセル|変更|取消|遅れ|遅刻/,
    examples: [
      { text: 'ご予約はお電話またはLINEで承ります。', question: '予約はどうすればできますか？' },
      { text: 'キャンセルはお電話でご連絡ください。' },
    ],
  },
  {
    id: 'cancellation-fee',
    sectors: 'common',
    question: 'キャンセル料はかかりますか？',
    topic: /キャンセル|取消|取り消し/,
    value: MONEY,
    not: /キャンセル待ち/,
    listed: true,
    examples: [
      {
        text: '当日のキャンセルは料金の100%を頂戴します。',
        question: 'キャンセル料はかかりますか？',
      },
      { text: 'キャンセル料：前日50%、当日100%', question: 'キャンセル料はかかりますか？' },
      { text: 'キャンセル待ちも承ります。' },
    ],
  },
  {
    id: 'cancellation-deadline',
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
    topic: /支払|決済|お会計|精算/,
    value: /現金|クレジット|カード|振込|振り込み|PayPay|電子マネー|QR|引落|引き落とし|口座/i,
    not: /レシート|領収書|明細/,
    listed: true,
    examples: [
      {
        text: 'お支払いは現金またはクレジットカードでお願いします。',
        question: 'お支払いにはどの方法が使えますか？',
      },
      { text: 'お支払いは施術後にお願いします。' },
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
    topic: /持ち物|お持ち|ご持参|持参|ご用意ください|お持ちください/,
    not: /持ち込み|お持ち帰り|お持ちの方/,
    examples: [
      {
        text: '当日は動きやすい服装とタオルをご持参ください。',
        question: '当日は何を持っていけばよいですか？',
      },
      { text: '食べ物のお持ち込みはご遠慮ください。' },
    ],
  },
  {
    id: 'age',
    sectors: 'common',
    question: '何歳から利用できますか？',
    topic: /対象|年齢|歳|才/,
    value: /\d+\s*(?:歳|才)(?:以上|から|以下|未満|〜|～)/,
    examples: [
      { text: '対象は5歳以上のお子様です。', question: '何歳から利用できますか？' },
      { text: '創業から30年以上の歴史があります。' },
    ],
  },
  {
    id: 'duration',
    sectors: ['clinic', 'salon', 'school', 'repair'],
    question: '所要時間はどのくらいですか？',
    topic: /所要時間|施術時間|かかる時間|時間は(?:約|およそ)|レッスン時間|授業時間/,
    value: /\d+\s*(?:分|時間)/,
    examples: [
      { text: '施術時間は約60分です。', question: '所要時間はどのくらいですか？' },
      { text: '営業時間は10時からです。' },
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
  {
    id: 'pets-allowed',
    sectors: ['lodging', 'restaurant', 'rental', 'shop', 'salon'],
    question: 'ペットを連れて行けますか？',
    topic: /ペット(?:同伴|連れ|可|不可|の同伴|のご同伴|とご一緒|の持ち込み)|ペットは/,
    yes: /(?<!不)可|できます|OK|歓迎|大丈夫/,
    no: NEGATIVE,
    examples: [
      { text: 'ペット同伴は不可です。', question: 'ペットを連れて行けますか？' },
      { text: 'ペットフードも販売しています。' },
    ],
  },
  {
    id: 'insurance',
    sectors: ['clinic'],
    question: '保険は使えますか？',
    topic: /保険(?:適用|診療|証|が使え|の適用|治療)|自賠責|労災/,
    not: /スポーツ安全保険|賠償保険/,
    listed: true,
    examples: [
      { text: '交通事故の施術は自賠責保険が適用されます。', question: '保険は使えますか？' },
      { text: 'スポーツ安全保険料800円が必要です。' },
    ],
  },
  {
    id: 'first-visit',
    sectors: ['clinic', 'salon', 'school'],
    question: '初めての時はどうすればよいですか？',
    topic: /初診|初めての方|初回|はじめての方|新規の方/,
    value: /ください|お願い|必要|お持ち|ご持参|お越し/,
    not: /円|料金|[%％]|入会金|入塾金/,
    examples: [
      {
        text: '初診の方は保険証をお持ちください。',
        question: '初めての時はどうすればよいですか？',
      },
      { text: '初回限定価格は3,000円です。' },
    ],
  },
  {
    id: 'checkin-out',
    sectors: ['lodging', 'pet', 'rental'],
    question: 'チェックイン・チェックアウトの時間は何時ですか？',
    topic: /チェックイン|チェックアウト|お預かり時間|お迎え時間|入室|退室/,
    value: TIME,
    listed: true,
    examples: [
      {
        text: 'チェックインは15時から、チェックアウトは10時までです。',
        question: 'チェックイン・チェックアウトの時間は何時ですか？',
      },
      { text: 'チェックインの際は身分証をご提示ください。' },
    ],
  },
  {
    id: 'meals',
    sectors: ['lodging'],
    question: '食事は付いていますか？',
    topic: /朝食|夕食|食事付|素泊まり|お食事/,
    examples: [
      { text: '朝食は7時から9時までご用意します。', question: '食事は付いていますか？' },
      { text: '近くのレストランをご紹介します。' },
    ],
  },
  {
    id: 'allergies',
    sectors: ['restaurant', 'school', 'shop'],
    question: 'アレルギーには対応してもらえますか？',
    topic: /アレルギー|アレルゲン/,
    listed: true,
    examples: [
      {
        text: 'アレルギーのある方はご予約時にお知らせください。',
        question: 'アレルギーには対応してもらえますか？',
      },
      { text: '小麦粉を使ったパンを焼いています。' },
    ],
  },
  {
    id: 'trial',
    sectors: ['school', 'salon', 'clinic'],
    question: '体験はできますか？',
    topic: /体験(?:レッスン|授業|入会|コース|会)|無料体験|お試し/,
    listed: true,
    examples: [
      { text: '無料体験レッスンを随時行っています。', question: '体験はできますか？' },
      { text: '豊富な経験を持つ講師が指導します。' },
    ],
  },
  {
    id: 'makeup-lesson',
    sectors: ['school'],
    question: '休んだときの振替はできますか？',
    topic: /振替|振り替え/,
    value: /欠席|休ん|お休み/,
    examples: [
      {
        text: '欠席された場合は月内で振替ができます。',
        question: '休んだときの振替はできますか？',
      },
      { text: '授業は毎週行います。' },
    ],
  },
  {
    id: 'withdrawal',
    sectors: ['school', 'rental'],
    question: '退会や休会はどうすればできますか？',
    topic: /退会|休会|退塾|休塾届|退塾届/,
    examples: [
      {
        text: '退会は前月15日までにお申し出ください。',
        question: '退会や休会はどうすればできますか？',
      },
      { text: '入会金は10,000円です。' },
    ],
  },
  {
    id: 'consultation-fee',
    sectors: ['legal', 'clinic', 'repair'],
    question: '相談は無料ですか？',
    topic:
      /相談料|初回相談|ご相談(?:は|が)?(?:無料|有料)|無料相談|見積(?:もり)?(?:は|が)?(?:無料|有料)|お見積り無料/,
    yes: /無料/,
    no: /有料|\d[\d,]*\s*円/,
    listed: true,
    examples: [
      { text: '初回相談は30分無料です。', question: '相談は無料ですか？' },
      { text: 'お気軽にご相談ください。' },
    ],
  },
  {
    id: 'vaccination',
    sectors: ['pet'],
    question: '預けるにはワクチン接種が必要ですか？',
    topic: /ワクチン|予防接種|狂犬病/,
    listed: true,
    examples: [
      {
        text: '混合ワクチンを1年以内に接種していることが条件です。',
        question: '預けるにはワクチン接種が必要ですか？',
      },
      { text: 'トリミングは予約制です。' },
    ],
  },
  {
    id: 'travel-fee',
    sectors: ['repair', 'clinic'],
    question: '出張費はかかりますか？',
    topic: /出張費|出張料|交通費|訪問料/,
    examples: [
      { text: '出張費は市内無料です。', question: '出張費はかかりますか？' },
      { text: '出張施術も行っています。' },
    ],
  },
  {
    id: 'area',
    sectors: ['repair', 'clinic', 'shop'],
    question: '対応エリアはどこまでですか？',
    topic: /対応エリア|対応地域|出張エリア|訪問エリア|配達エリア|エリア外|対応範囲/,
    examples: [
      { text: '対応エリアは市内全域です。', question: '対応エリアはどこまでですか？' },
      { text: '広いエリアでくつろげます。' },
    ],
  },
  {
    id: 'warranty',
    sectors: ['repair', 'shop'],
    question: '保証はありますか？',
    topic: /保証/,
    not: /保証人|保証金/,
    examples: [
      { text: '修理後3か月の保証が付きます。', question: '保証はありますか？' },
      { text: '保証人の署名が必要です。' },
    ],
  },
  {
    id: 'shipping',
    sectors: ['shop'],
    question: '送料はいくらですか？',
    topic: /送料|配送料|配送|発送/,
    value: MONEY,
    listed: true,
    examples: [
      { text: '送料は全国一律800円です。', question: '送料はいくらですか？' },
      { text: 'ご注文後すぐに準備します。' },
    ],
  },
  {
    id: 'returns',
    sectors: ['shop'],
    question: '返品や交換はできますか？',
    topic: /返品|交換|返金/,
    listed: true,
    examples: [
      { text: '商品到着後7日以内であれば返品を承ります。', question: '返品や交換はできますか？' },
      { text: '季節ごとに商品を入れ替えます。' },
    ],
  },
  {
    id: 'smoking',
    sectors: ['restaurant', 'lodging', 'rental'],
    question: 'たばこは吸えますか？',
    topic: /禁煙|喫煙|たばこ|タバコ/,
    yes: /喫煙(?:可|所|スペース|できます)/,
    no: /禁煙|喫煙(?:は)?(?:不可|禁止|できません|ご遠慮)/,
    examples: [
      { text: '館内は全面禁煙です。', question: 'たばこは吸えますか？' },
      { text: '落ち着いた雰囲気の店内です。' },
    ],
  },
];

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
};
