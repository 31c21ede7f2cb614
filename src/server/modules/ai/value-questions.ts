import type { ClauseFacts } from './clauses.ts';
import {
  ACCESS,
  ATTRIBUTE_NOUNS,
  BUSINESS_KIND,
  DISCOUNT,
  MEANS,
  PAYMENT,
  PLACE,
  PRICE,
  SERVICE_AREA,
  SURCHARGE,
  TIME_POINT,
  TIME_RANGE,
  WEEKDAY,
  accessQuestion,
} from './fact-patterns.ts';
import type { Polarity } from './question-candidate.ts';

/** What the sentence rules know about one clause of a passage. */
export interface ClauseContext {
  /** The clause as written, and without its final mark or closing note in brackets. */
  text: string;
  tail: string;
  /** Its topic (は／も, or the sentence's own when the clause has none). */
  topic: string;
  topics: ClauseFacts;
  /** The noun the clause ends on before its copula (「…が定休日です」 → 定休日). */
  predicate: string;
  negative: boolean;
  position: number;
  clauseCount: number;
  /** The passage is the content's first sentence, where a business introduces itself. */
  isFirst: boolean;
  /** The whole sentence the clause belongs to. */
  sentence: string;
  /** The clause's final verb phrase (「受け付けています」), if it ends on one. */
  verb: string;
  /** The heading the passage sits under ('' when none). */
  section: string;
  /** The service a clause with no topic names in its verb (「ご宿泊いただけます」 → 宿泊). */
  serviceNoun: string | undefined;
  add: (question: string, priority: number, clause: number, polarity?: Polarity) => void;
}

// Headings that name a kind of information, not a service: 「料金」「よくある質問」「当院について」.
const CATEGORY_HEADING =
  /料金|価格|費用|報酬|メニュー|時間|アクセス|所在地|概要|案内|情報|お知らせ|質問|FAQ|その他|について|特徴|対象|申し込|申込|予約|問い合わせ|支払|流れ|業務|サービス|プラン|コース|一覧|紹介/i;
// Fee words that need the service they are for: 「新規申請の報酬」 under ### 建設業許可.
const BARE_FEE =
  /^(?:新規|更新|変更|初回|基本|追加|月額|年間)?(?:申請|依頼|相談)?の?(?:報酬|料金|費用|手数料|代金)$|^(?:新規|更新|変更)申請の(?:報酬|料金|費用|手数料)$/;

/** A bare fee named with the service its heading names: 「建設業許可の新規申請の報酬」. */
function ofService(topic: string, section: string): string {
  const service = section.trim();
  if (!BARE_FEE.test(topic) || !service || service.length > 12) return topic;
  if (CATEGORY_HEADING.test(service) || /[、。はがを？]/.test(service)) return topic;
  return `${service}の${topic}`;
}

/**
 * Questions whose answer is a value the clause states: who and where the business is, its
 * days and hours, how to pay and get there, group sizes and ages, prices, discounts and
 * surcharges, the means and deadlines of a booking. Tried before the yes/no and echo
 * questions of offline-questions.ts; true when the clause got its question here.
 */
export function askForValue(context: ClauseContext): boolean {
  const { text, tail, topic, topics, predicate, negative, position, isFirst, serviceNoun, add } =
    context;
  // The business introducing itself: 「〇〇は、金沢市にある天然酵母のパン屋です。」
  const introduces =
    PLACE.test(text) ||
    /(?:店|屋|院|所|社|工場|スタジオ|教室|サロン|ホテル|旅館|クリニック|事務所|ショップ|カフェ|レストラン|センター|施設)$/.test(
      predicate,
    );
  if (isFirst && position === 0 && topics.wa && introduces && !/\d/.test(predicate)) {
    if (PLACE.test(text)) add(`${topics.wa}はどこにありますか？`, 2, position);
    const kind = predicate.length > 0 && predicate.length <= 8 ? predicate : 'お店';
    add(`${topics.wa}はどのような${kind}ですか？`, 1.5, position);
    return true;
  }
  // 「〇〇は、横浜市と川崎市でハウスクリーニングを行っています」: who they are and where they work.
  // 「個別指導塾まなびやは、…学習塾です」: the kind is the name's end or the predicate.
  const kind =
    BUSINESS_KIND.exec(topics.wa)?.[1] ??
    (predicate.length <= 8 && BUSINESS_KIND.test(predicate) ? predicate : undefined);
  const serves = SERVICE_AREA.test(text);
  if (isFirst && position === 0 && topics.wa && !negative && (kind || serves)) {
    if (serves) add(`${topics.wa}はどの地域で利用できますか？`, 2, position);
    add(
      kind ? `${topics.wa}はどのような${kind}ですか？` : `${topics.wa}について教えてください。`,
      1.5,
      position,
    );
    return true;
  }
  // 「対応エリアは所沢市・狭山市…です」: a place-like attribute is asked as where.
  if (topic && /(?:エリア|地域|範囲)$/.test(topic) && !negative) {
    add(`${topic}はどこですか？`, 3, position);
    return true;
  }
  // 「年末年始を除き年中無休で営業しています」: whether there are days off.
  if (/年中無休|無休で/.test(text) && !negative) {
    add('定休日はありますか？', 2.5, position, 'no');
    return true;
  }
  // 「ご来店は予約なしでも大丈夫です」: whether a booking is needed.
  if (/予約(?:なしでも|は不要|不要|なしで(?:も)?(?:ご利用|大丈夫|結構))/.test(text)) {
    add('予約は必要ですか？', 2.5, position, 'no');
    return true;
  }
  // 「…の方には無料で査定を行っており」: the service is free.
  const freeService =
    /無料(?:で|の)([^\s、。をでの（(]{2,10})(?:[（(][^）)]*[）)])?を(?:行|実施|承|お受け)/u.exec(
      text,
    )?.[1];
  // 「浦和区内は3,000円以上のご注文で配達無料」: free on a condition, asked as whether it is free.
  const freeIf =
    /(?:以上|で)[^、。]*?([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:料)?(?:が|は)?無料(?:です|になります|となります)?$/u.exec(
      tail,
    )?.[1];
  if (freeIf && !negative) {
    add(`${freeIf}は無料ですか？`, 2.5, position, 'yes');
    return true;
  }
  if (freeService && !negative) {
    add(`${freeService}は無料ですか？`, 2.5, position, 'yes');
    return true;
  }
  for (const [pattern, build] of ATTRIBUTE_NOUNS) {
    if (pattern.test(predicate)) {
      add(build(predicate.match(pattern)![1]!), 3, position);
      return true;
    }
    if (topic && pattern.test(topic) && (WEEKDAY.test(text) || /不定休|なし|年中無休/.test(text))) {
      add(build(topic), 3, position);
      return true;
    }
  }
  if (topic && PAYMENT.test(topic)) {
    add(`${/^支払/.test(topic) ? `お${topic}` : topic}にはどの方法が使えますか？`, 3, position);
    return true;
  }
  if (ACCESS.test(text) && /徒歩|分|車で|すぐ/.test(text)) {
    add(accessQuestion(text), 3, position);
    return true;
  }
  // 「所要時間は犬種や毛量によりますが、2〜3時間ほどです」: the dependence qualifies the fact
  // in the next clause and is answered with it, not asked on its own.
  if (
    position < context.clauseCount - 1 &&
    /(?:によります|によって異なります|次第です)$/.test(tail)
  )
    return true;
  // 「1クラス最大4名で」: the size of one group, asked as how many at most.
  const perGroup = /1(クラス|グループ|組|回|部屋)(?:あたり)?\s*(?:最大)?\s*\d+\s*(名|人)/.exec(
    text,
  );
  if (topic && perGroup && !PRICE.test(text)) {
    add(`${topic}は1${perGroup[1]}何${perGroup[2]}までですか？`, 2.5, position);
    return true;
  }
  // 「3歳のお子さまから大人の方まで通っていただけます」: the age asked as from when.
  const fromAge = /\d+\s*歳[^、。]{0,12}から/.exec(text);
  if (fromAge && !PRICE.test(text) && !negative) {
    const verb = /通/.test(tail) ? '通えますか？' : '利用できますか？';
    add(
      topic && !/\d/.test(topic) ? `${topic}は何歳から${verb}` : `何歳から${verb}`,
      2.5,
      position,
    );
    return true;
  }
  // 「…証明書をお持ちください」: what to bring.
  if (/をお持ちください$/.test(tail)) {
    add(
      topic ? `${topic}は何を持っていけばよいですか？` : '持ち物は何が必要ですか？',
      2.5,
      position,
    );
    return true;
  }
  // 「1コマ80分です」: the length of one unit of the service.
  const perUnit = /1(コマ|回|レッスン|クラス|枠|コース)(?:あたり)?\s*(?:約)?\d+\s*(分|時間)/.exec(
    text,
  );
  if (topic && perUnit && !negative && !PRICE.test(text)) {
    add(`${topic}は1${perUnit[1]}何${perUnit[2]}ですか？`, 2.5, position);
    return true;
  }
  // 「大浴場は24時間ご入浴いただけます」: open all day is an answer to when.
  if (topic && /24時間/.test(text) && !negative) {
    // 「順番予約は24時間受付しています」: when it is taken, not how late it can be used.
    add(
      /受付|受け付け|承/.test(text)
        ? `${topic}はいつ受け付けていますか？`
        : `${topic}は何時まで利用できますか？`,
      2.5,
      position,
    );
    return true;
  }
  // 「早朝夜間(21時~翌9時)、土日祝日は30%割増」: the hours name the topic; they are not asked.
  // 「午前：10:00~13:00（森林公園スイス村は9時から）」: a topic found only in a bracket is a note's.
  const outsideBrackets = text.replace(/[（(][^）)]*[）)]/g, '');
  if (
    topic &&
    TIME_RANGE.test(text) &&
    !TIME_RANGE.test(topic) &&
    outsideBrackets.includes(topic)
  ) {
    add(`${topic}は何時から何時までですか？`, 3, position);
    return true;
  }
  if (topic && DISCOUNT.test(text) && !negative && /の方$/.test(topic)) {
    add(`${topic.replace(/の方$/, '')}割引はありますか？`, 2.5, position, 'yes');
    return true;
  }
  if (topic && DISCOUNT.test(text) && !negative && !/料$|代$|費$/.test(topic)) {
    add(
      PRICE.test(text) || /ポイント|カード|会員/.test(topic)
        ? `${topic}にはどのような特典がありますか？`
        : `${topic}に割引はありますか？`,
      2.5,
      position,
      PRICE.test(text) || /ポイント|カード|会員/.test(topic) ? undefined : 'yes',
    );
    return true;
  }
  if (topic && /無料(?:に|と)なり/.test(text) && !negative) {
    add(`${topic}は無料になりますか？`, 2.5, position, 'yes');
    return true;
  }
  if (topic && SURCHARGE.test(text) && !/(?:料|代|費)$/.test(topic)) {
    add(
      /キャンセル$/.test(topic) ? `${topic}料はいくらですか？` : `${topic}の料金はいくらですか？`,
      3,
      position,
    );
    return true;
  }
  // 「送迎サービスがございます（片道550円）」: a price in brackets details the service; the
  // question is whether there is one. 「家賃の0.5か月分」 is a fee's amount too.
  // 「総額50万円以下のお手頃なお車もございます」: a price inside the topic only describes it.
  const topicAt = topic ? text.indexOf(topic) : -1;
  const stated = topicAt >= 0 ? text.slice(topicAt + topic.length) : text;
  const priceOutsideBrackets = PRICE.test(stated.replace(/[（(][^）)]*[）)]/g, ''));
  if (
    topic &&
    (priceOutsideBrackets ||
      (/(?:料|代|費)$/.test(topic) &&
        /\d+\s*[%％]|\d+(?:\.\d+)?\s*(?:か月|ヶ月|カ月)分/.test(text)))
  ) {
    add(`${ofService(topic, context.section)}はいくらですか？`, 3, position);
    return true;
  }
  // A price with no topic of its own: the service is the verb (「…円からご宿泊いただけます」).
  if (!topic && PRICE.test(text) && serviceNoun) {
    add(`${serviceNoun}の料金はいくらですか？`, 3, position);
    return true;
  }
  // 「ご予約はホームページまたはお電話で承っております」: asked as how.
  if (
    topic &&
    MEANS.test(text) &&
    !TIME_POINT.test(text) &&
    /承|受け付け|受付|申し込|問い合わせ|ご連絡/.test(tail)
  ) {
    add(`${topic}はどの方法でできますか？`, 3, position);
    return true;
  }
  // 「送迎は前日までにご予約ください」: a deadline the customer must meet.
  const request =
    /までに.*?(?:ご|お)?([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:ください|をお願いします|が必要です)$/u.exec(
      tail,
    );
  if (topic && request) {
    add(`${topic}はいつまでに${request[1]}すればよいですか？`, 3, position);
    return true;
  }
  return false;
}

/**
 * 「ご予約は前日の19時まで受け付けています」「8時から開所します」「配達のご注文は前日の18時まで」:
 * a clause with one time in it, asked for that time. Tried late, after the yes/no and count
 * questions of offline-questions.ts, since many clauses mention a time in passing.
 */
export function askForTime(context: ClauseContext): boolean {
  const { text, tail, topic, position, clauseCount, add } = context;
  if (topic && TIME_POINT.test(text)) {
    // 「配達のご注文は前日の18時まで」: a deadline stated without a verb (not 「夜24時まで、
    // 翌朝は6時から…」, where the sentence goes on).
    if (/まで$/.test(tail) && position === clauseCount - 1) {
      add(`${topic}はいつまでですか？`, 3, position);
      return true;
    }
    if (/まで(?:に)?/.test(text) && /受け付け|受付|承|予約|申し込|ご連絡|お電話/.test(text)) {
      add(`${topic}はいつまで受け付けていますか？`, 3, position);
      return true;
    }
    const verb = context.verb;
    // 「大浴場は夜24時まで、翌朝は6時からご利用いただけます」: when it can be used.
    if (verb && /(?:いただけ|でき)ます$/.test(verb) && /利用|入浴|入場|来店|入館/.test(tail)) {
      const whole = context.sentence;
      const span =
        /から/.test(whole) && /まで/.test(whole)
          ? '何時から何時まで'
          : /まで/.test(whole)
            ? '何時まで'
            : '何時から';
      add(`${topic}は${span}利用できますか？`, 3, position);
      return true;
    }
    // 「8時から開所します」: the noun goes with its する, and から asks from when.
    const action = /([\p{Script=Han}]{2,4})(?:いた)?します$/u.exec(tail)?.[1];
    const when = /\d+\s*時(?:\d+分|半)?から/.test(text) ? '何時から' : '何時に';
    if (verb && action) {
      add(`${topic}は${when}${action}しますか？`, 3, position);
      return true;
    }
    if (verb) {
      add(`${topic}は${when}${verb}か？`, 3, position);
      return true;
    }
    if (/です$/.test(tail)) {
      // 「利用時間は下校時から19時までです」: one end given, asked for that end.
      const end = /\d+\s*時(?:\d+分|半)?まで/.test(text)
        ? '何時まで'
        : /\d+\s*時(?:\d+分|半)?から/.test(text)
          ? '何時から'
          : '何時';
      add(`${topic}は${end}ですか？`, 3, position);
      return true;
    }
  }
  return false;
}
