import { MONEY, NEGATIVE, TIME, type Intent } from './intent-types.ts';

/**
 * The sector intents of the bank (intents.ts): asked only of a page whose words name its sector
 * (a clinic's insurance, a lodging's check-in, a school's trial lesson, a shop's returns).
 */
export const SECTOR_INTENTS: Intent[] = [
  {
    id: 'duration',
    sectors: ['clinic', 'salon', 'school', 'repair', 'activity'],
    question: '所要時間はどのくらいですか？',
    topic: /所要時間|施術時間|かかる時間|時間は(?:約|およそ)|レッスン時間|授業時間/,
    value: /\d+\s*(?:分|時間)/,
    examples: [
      { text: '施術時間は約60分です。', question: '所要時間はどのくらいですか？' },
      { text: '営業時間は10時からです。' },
    ],
  },
  {
    id: 'pets-allowed',
    sectors: ['lodging', 'restaurant', 'rental', 'shop', 'salon', 'activity'],
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
    // A traffic accident's or work injury's cover is the special case; the health insurance's
    // terms are what is asked first.
    exceptions: /交通事故|自賠責|労災/,
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
    // Asked of what the page tells: a page that gives only the check-out time is not asked
    // when check-in is (graded a half answer).
    question: '{name}の時間は何時ですか？',
    names: ['チェックイン・チェックアウト', 'チェックイン', 'チェックアウト'],
    topic: /チェックイン|チェックアウト|お預かり時間|お迎え時間|入室|退室/,
    value: TIME,
    listed: true,
    examples: [
      {
        text: 'チェックインは15時から、チェックアウトは10時までです。',
        question: 'チェックイン・チェックアウトの時間は何時ですか？',
      },
      { text: 'チェックインの際は身分証をご提示ください。' },
      {
        text: 'チェックアウト時間は11時までにお願い致します。',
        question: 'チェックアウトの時間は何時ですか？',
      },
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
    question: 'ワクチンの接種は必要ですか？',
    topic: /ワクチン|予防接種|狂犬病/,
    listed: true,
    examples: [
      {
        text: '混合ワクチンを1年以内に接種していることが条件です。',
        question: 'ワクチンの接種は必要ですか？',
      },
      { text: 'トリミングは予約制です。' },
    ],
  },
  {
    id: 'travel-fee',
    sectors: ['repair', 'clinic'],
    question: '出張費はかかりますか？',
    topic: /出張費|出張料|交通費|訪問料/,
    // What it costs, or that it costs nothing: a sentence under the heading that says neither
    // (「排雪のサービスは行っておりません」) answers nothing.
    value: /\d[\d,]*\s*円|無料|かかりません|不要|いただきません|頂きません|込み|実費/,
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
    sectors: ['restaurant', 'lodging', 'rental', 'activity'],
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
