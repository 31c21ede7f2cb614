import { MONEY, NEGATIVE, TIME, type Intent } from './intent-types.ts';

/**
 * The intents of the bank (intents.ts) about the visit itself, asked after the first ones: being
 * late, how many may come, what to wear, what may be brought, what the price includes, changes
 * and refunds, the weather, and a stay's or a rental's house rules. Blind graders found these
 * facts on most real pages and never asked (pattern 7 of GRADING.md): a page states them in
 * sentences the strict gate rightly refuses to echo, and a customer asks them in a few plain
 * words.
 */
export const VISIT_INTENTS: Intent[] = [
  {
    id: 'late',
    circumstance: true,
    sectors: 'common',
    question: '予約の時間に遅れたらどうなりますか？',
    topic: /遅刻|遅れ(?:る|た|て|の|そう)|遅れる場合|遅延/,
    // What happens or what to do (a shortened session, a fee, a call), not the case alone
    // (「当日15分以上の遅刻をされた場合。」).
    value:
      /短縮|キャンセル(?:\s*扱い|と(?:判断|み|させ))|ご連絡|お電話|料金|終了時間|お断り|できません|いただきます/,
    // Being late again and again is an exception to the rule asked about.
    exceptions: /続く|繰り返|[2２二3３三]回以上|[2２二3３三]度以上/,
    // Late payments, deliveries, flights and a rental's late return are other questions.
    not: /遅延損害金|配送|発送|お届け|電車|運休|航空|フライト|到着|返却|支払/,
    examples: [
      {
        text: 'ご予約時間に遅れる場合は、必ずお電話でご連絡ください。',
        question: '予約の時間に遅れたらどうなりますか？',
      },
      {
        text: 'ご連絡なく15分以上遅刻された場合は、無断キャンセル扱いとなります。',
        question: '予約の時間に遅れたらどうなりますか？',
      },
      { text: 'お支払いが遅れた場合は年3%の遅延損害金がかかります。' },
      // A wrapped line whose sentence points to a list elsewhere.
      { text: '遅刻された場合のご連絡について、\n下記の通りお願いいたします。' },
      { text: '遅刻しないように早めにお越しください。' },
    ],
  },
  {
    id: 'capacity',
    sectors: 'common',
    question: '何名まで利用できますか？',
    topic: /定員|収容|何名|何人|最大\s*\d+\s*(?:名|人)|\d+\s*(?:名|人)(?:様)?(?:まで|以内)|人数/,
    value:
      /\d+\s*(?:名|人)(?:様)?(?:まで|以内|以下)|定員[^。]*\d+\s*(?:名|人)|最大\s*\d+\s*(?:名|人)/,
    // A price per person or a discount by group size is a price, asked as one.
    not: /円|[%％]|割引|料金|\d+\s*(?:名|人)(?:様)?(?:以上|から)/,
    examples: [
      { text: '会議室の定員は12名です。', question: '何名まで利用できますか？' },
      { text: '1部屋最大4名様までご宿泊いただけます。', question: '何名まで利用できますか？' },
      { text: '1名様あたり3,000円です。' },
      { text: '5名以上のご予約で10%割引いたします。' },
    ],
  },
  {
    id: 'clothing',
    sectors: ['clinic', 'salon', 'school', 'rental', 'activity'],
    question: 'どんな服装で行けばよいですか？',
    topic: /服装|着替え|ジャージ|動きやすい/,
    value: /ください|おすすめ|お勧め|推奨|ご用意|貸し出し|お貸し|自由|大丈夫|結構/,
    not: /持ち物全て|名前/,
    examples: [
      {
        text: '服装は自由ですが、ジャージなどの動きやすい服装がおすすめです。',
        question: 'どんな服装で行けばよいですか？',
      },
      { text: '当院の着替え室は清潔に保っています。' },
    ],
  },
  {
    id: 'bring-in',
    sectors: ['lodging', 'rental', 'restaurant'],
    question: '飲食物の持ち込みはできますか？',
    topic: /持ち込み|持込|持参の飲食|飲食/,
    yes: /(?<!不)可能|できます|OK|大丈夫|ご自由|いただけます/,
    no: NEGATIVE,
    // Equipment or dangerous goods (「持ち込み機器・音響機器の使用は禁止です」) are no food.
    not: /ペット|ゴミ|ごみ|持ち帰|機器|音響|物品|危険/,
    examples: [
      { text: '持ち込み機器・音響機器の使用は禁止です。' },
      {
        text: '飲食物のお持ち込みは可能です。',
        question: '飲食物の持ち込みはできますか？',
      },
      {
        text: '飲食物の持ち込みはご遠慮ください。',
        question: '飲食物の持ち込みはできますか？',
      },
      { text: '飲食店が近くにたくさんあります。' },
    ],
  },
  {
    id: 'tax-included',
    sectors: 'common',
    question: '料金は税込ですか？',
    topic: /税込|税抜|税別|消費税/,
    yes: /(?:すべて|全て|価格|料金|金額|表示)[^。]{0,10}税込|税込(?:価格|表示|み)?です/,
    no: /税抜|税別|別途消費税|消費税(?:は)?別/,
    // A single row's price (「カット 3,300円(税込)」) is asked as that item's price.
    not: /\d[\d,]*\s*円/,
    examples: [
      { text: '表示価格はすべて税込です。', question: '料金は税込ですか？' },
      { text: '料金はすべて税別表示です。', question: '料金は税込ですか？' },
      { text: 'カット 3,300円(税込)' },
    ],
  },
  {
    id: 'extension',
    sectors: ['rental', 'lodging', 'pet', 'school', 'salon'],
    question: '延長はできますか？',
    topic: /延長/,
    value: /\d[\d,]*\s*円|できます|可能|承ります|お受け|不可|できません/,
    examples: [
      {
        text: '延長は30分ごとに1,000円で承ります。',
        question: '延長はできますか？',
      },
      { text: '営業期間を延長しました。' },
    ],
  },
  {
    id: 'refund',
    sectors: ['school', 'rental', 'lodging', 'salon', 'clinic', 'activity'],
    question: '支払った料金は返金されますか？',
    topic: /返金|払い戻し|払戻/,
    // Whether it is refunded, said in a predicate: not a table cell or a rate's note.
    value:
      /(?:返金|払い戻し|払戻)(?:いたし|致し|し|でき|は(?:いたし|致し|でき|し))|ご返金(?:と|に)なり|返金不可|返金なし/,
    // A shop's returns are asked as returns (intents-sector.ts).
    // How a refund is paid (「ご返金の場合、振込手数料は…」) is not whether there is one.
    not: /返品|返金の場合|返金の際|返金時/,
    examples: [
      {
        text: '一度お支払いいただいた月謝は返金いたしかねます。',
        question: '支払った料金は返金されますか？',
      },
      { text: 'お得な回数券をご用意しています。' },
    ],
  },
  {
    id: 'weather',
    circumstance: true,
    sectors: 'common',
    question: '雨や台風のときはどうなりますか？',
    topic: /雨天|荒天|台風|悪天候|警報|大雨|大雪/,
    value: /中止|休|キャンセル|延期|振替|ご連絡|お知らせ|決行|開催|営業/,
    examples: [
      {
        text: '台風や警報が出た場合は休講とし、振替日をお知らせします。',
        question: '雨や台風のときはどうなりますか？',
      },
      { text: '雨の日も楽しめる施設です。' },
    ],
  },
  {
    id: 'bathing',
    sectors: ['clinic', 'salon'],
    question: '施術の後にお風呂に入ってもよいですか？',
    topic: /入浴|お風呂|シャワー/,
    value: /施術|鍼|はり|針|脱毛|後/,
    examples: [
      {
        text: '鍼をした場合は2時間空けてからご入浴ください。',
        question: '施術の後にお風呂に入ってもよいですか？',
      },
      { text: '当院にはシャワー室がございます。' },
    ],
  },
  {
    id: 'house-rules',
    sectors: ['lodging', 'rental', 'activity'],
    question: '門限や消灯の時間はありますか？',
    topic: /門限|消灯|静粛|お静か/,
    value: TIME,
    examples: [
      { text: '門限は23時です。', question: '門限や消灯の時間はありますか？' },
      { text: '夜は静かな環境です。' },
    ],
  },
  {
    id: 'garbage',
    sectors: ['lodging', 'rental', 'activity'],
    question: 'ゴミはどうすればよいですか？',
    topic: /ゴミ|ごみ/,
    value: /持ち帰|お持ち|分別|処分|捨て|まとめ|ゴミ袋|回収/,
    examples: [
      {
        text: 'ゴミはすべてお持ち帰りください。',
        question: 'ゴミはどうすればよいですか？',
      },
      { text: 'ゴミひとつない清潔な客室です。' },
    ],
  },
  {
    // Allowed in one form and not another (手持ち花火可, 打ち上げ花火禁止): no はい／いいえ, the
    // page's rule is the answer, with its other cases (rule-cases.ts).
    id: 'fireworks',
    sectors: ['lodging', 'rental', 'activity'],
    question: '花火はできますか？',
    topic: /花火/,
    value:
      /禁止|厳禁|不可|可(?:能)?(?:です)?$|可[（(。、]|できます|できません|ご遠慮|のみ|OK|\d\s*時まで/,
    examples: [
      {
        text: '打ち上げ花火は禁止です。手持ち花火は駐車場付近のみ可能です。',
        question: '花火はできますか？',
      },
      { text: '夏には近くで花火大会があります。' },
    ],
  },
  {
    id: 'campfire',
    sectors: ['lodging', 'rental', 'activity'],
    question: '焚き火はできますか？',
    topic: /焚き?火|たき火|直火/,
    value:
      /禁止|厳禁|不可|可(?:能)?(?:です)?$|可[（(。、]|できます|できません|ご遠慮|のみ|必須|OK|お使いください|ご使用ください/,
    examples: [
      {
        text: '直火は禁止です。焚き火台をご使用ください。',
        question: '焚き火はできますか？',
      },
      { text: '焚き火を囲んでゆっくりお過ごしください。' },
    ],
  },
  {
    id: 'damage',
    circumstance: true,
    sectors: ['lodging', 'rental', 'activity'],
    question: '備品を壊してしまったらどうなりますか？',
    topic: /破損|汚損|紛失|壊し|損傷/,
    value: /実費|弁償|請求|ご負担|賠償|ご連絡|お申し出/,
    examples: [
      {
        text: '備品を破損された場合は、実費を請求させていただきます。',
        question: '備品を壊してしまったらどうなりますか？',
      },
      { text: '破損しにくい食器を使っています。' },
    ],
  },
  {
    id: 'id-documents',
    sectors: ['legal', 'lodging', 'rental'],
    question: '本人確認の書類は必要ですか？',
    // 「本人確認を要するため来所が必要」 is about coming in person, not a document.
    topic: /本人確認(?:の)?書類|身分証|免許証|パスポート|マイナンバーカード|保険証/,
    value: /必要|ご提示|お持ち|ご持参|ご用意|提出|確認/,
    examples: [
      {
        text: 'チェックインの際に、パスポートのご提示が必要です。',
        question: '本人確認の書類は必要ですか？',
      },
      { text: 'パスポートの更新手続きを代行します。' },
      { text: '法的な本人確認を要するため、原則として当事務所に来所が必要です。' },
    ],
  },
  {
    id: 'holidays',
    sectors: 'common',
    // Asked of the holidays the page names: 「年末年始やお盆は…」 over a line on お盆 alone was
    // graded C (年末年始 not answered).
    question: '{name}は営業していますか？',
    names: ['年末年始やお盆', '年末年始', 'お盆'],
    topic: /年末年始|お盆|夏季休|冬季休|夏期休|冬期休/,
    // Whether it is open or closed, said in the line: a bare date range under a heading is
    // not (「年末年始 : 12/31〜1/3」 under the school's holidays reads as opening days).
    value: /休|営業|閉/,
    // A season's prices or bookings are other questions.
    not: /料金|円|[%％]|予約|送迎/,
    examples: [
      {
        text: '年末年始(12/30〜1/3)とお盆はお休みをいただきます。',
        question: '年末年始やお盆は営業していますか？',
      },
      {
        text: '年末年始(12/30〜1/3)はお休みをいただきます。',
        question: '年末年始は営業していますか？',
      },
      {
        text: '8月に「お盆休講期間」として、1週間休講期間があります。',
        question: 'お盆は営業していますか？',
      },
      { text: '年末年始・GW・夏休みはオンシーズン料金となります。' },
    ],
  },
  {
    id: 'frequency',
    sectors: ['clinic', 'salon'],
    question: 'どのくらいの間隔で通えばよいですか？',
    topic: /頻度|間隔|ペース|通院|通う|通って/,
    value:
      /週\s*[1-9１-９一二三]|月\s*[1-9１-９一二三]\s*回|\d+\s*(?:日|週間|か月|ヶ月|カ月)(?:に\s*[1１一]|おき|ごと|毎)|[1１一]\s*(?:週間|か月|ヶ月|カ月)に/,
    examples: [
      {
        text: '通院の頻度は、初めは週1〜2回、その後は月1回程度が望ましいです。',
        question: 'どのくらいの間隔で通えばよいですか？',
      },
      { text: '通いやすい駅前の院です。' },
    ],
  },
  {
    id: 'prepayment',
    sectors: 'common',
    question: '料金は前払いですか？',
    topic:
      /前払い|前金|前納|先払い|事前(?:の)?(?:お支払|決済|ご入金|入金|お振込|振込)|内金|デポジット/,
    examples: [
      {
        text: 'ご利用料金は事前のお振込みにてお願いいたします。',
        question: '料金は前払いですか？',
      },
      { text: '事前にご予約ください。' },
    ],
  },
  {
    id: 'return-by',
    sectors: ['rental'],
    question: '返却はいつまでにすればよいですか？',
    topic: /返却|ご返却/,
    value: /\d{1,2}\s*(?::\s*\d{2}|時)|まで|翌日|当日/,
    not: /返金/,
    examples: [
      {
        text: 'ご返却は翌日の18時までにお願いします。',
        question: '返却はいつまでにすればよいですか？',
      },
      { text: '返却の際は汚れを落としてください。' },
    ],
  },
  {
    id: 'discount',
    sectors: 'common',
    question: '割引はありますか？',
    topic: /割引|割り引き|学割|兄弟割|家族割|早割|割安/,
    value: MONEY,
    // A table row with its prices and a discount in it is asked as the prices.
    not: /キャンセル|無断|\d[\d,]*\s*円[^。]*\d[\d,]*\s*円/,
    examples: [
      {
        text: 'ご兄弟で入会される場合は、月謝を10%割引いたします。',
        question: '割引はありますか？',
      },
      { text: '当日のキャンセルは料金の半額を頂戴します。' },
    ],
  },
];
