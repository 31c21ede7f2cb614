import {
  clauseTopics,
  cleanTopic,
  finalVerb,
  joinTokens,
  phraseBefore,
  predicateNounTopic,
  splitClauses,
} from './clauses.ts';
import type { Analyzer } from './japanese.ts';
import type { Passage } from './passages.ts';
import {
  PRICE,
  TIME_POINT,
  TIME_RANGE,
  WEEKDAY,
  DURATION,
  COUNT,
  ACCESS,
  SERVICE_AREA,
  ASKS,
  PLACE,
  FREE,
  PAYMENT,
  NEGATIVE,
  DISCOUNT,
  SURCHARGE,
  ONE_FIGURE,
  DEMONSTRATIVE,
  BUSINESS_KIND,
  MEANS,
  ATTRIBUTE_NOUNS,
  SERVICE_VERBS,
  statementToQuestion,
  durationNoun,
  accessQuestion,
} from './fact-patterns.ts';
import { fieldQuestions } from './field-questions.ts';
import {
  isWellFormedQuestion,
  type Polarity,
  type QuestionCandidate,
} from './question-candidate.ts';

/**
 * Questions born from passages. A sentence is cut into clauses; each clause's topic (the
 * phrase before は／も／が／を) and the kind of fact it states (a price, a time, a count, an
 * availability…) decide the question a customer would ask about it, in natural Japanese:
 * 「ホワイトニングはいくらですか？」, not 「料金はいくらですか？」. Table rows and 「項目：値」 lines are
 * asked in field-questions.ts; the kinds of fact are recognised by fact-patterns.ts.
 */

/** The questions one sentence can answer, its main fact first. */
function sentenceQuestions(
  analyzer: Analyzer,
  passage: Passage,
  isFirst: boolean,
): QuestionCandidate[] {
  const tokens = analyzer.tokenize(passage.text.replace(/\s+/g, ' '));
  const clauses = splitClauses(tokens);
  const candidates: QuestionCandidate[] = [];
  const sentenceTopics = clauseTopics(clauses[0] ?? { tokens, text: passage.text });
  let also = '';
  const add = (question: string, priority: number, clause: number, polarity?: Polarity) => {
    if (question)
      candidates.push({
        question:
          also && question.startsWith(`${also}も`)
            ? `${also}は${question.slice(also.length + 1)}`
            : question,
        passageIndex: passage.index,
        priority,
        clause,
        ...(polarity ? { polarity } : {}),
      });
  };

  clauses.forEach((clause, position) => {
    const text = clause.text;
    const topics = clauseTopics(clause);
    also = topics.mo;
    const negative = NEGATIVE.test(`${text}。`);
    const inherited = position > 0 ? sentenceTopics.wa || sentenceTopics.ga : '';
    const named = topics.wa || topics.mo || (position > 0 ? topics.ga : '') || inherited;
    // 「それ以外は…」「こちらは…」 mean nothing without the sentence before: no question of their own.
    if (DEMONSTRATIVE.test(named)) return;
    const topic = named;
    const tail = text.replace(/[。！]$/, '');
    const predicate = cleanTopic(predicateNounTopic(clause));

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
      return;
    }
    // 「〇〇は、横浜市と川崎市でハウスクリーニングを行っています」: who they are and where they work.
    const kind = BUSINESS_KIND.exec(topics.wa)?.[1];
    const serves = SERVICE_AREA.test(text);
    if (isFirst && position === 0 && topics.wa && !negative && (kind || serves)) {
      if (serves) add(`${topics.wa}はどの地域で利用できますか？`, 2, position);
      add(
        kind ? `${topics.wa}はどのような${kind}ですか？` : `${topics.wa}について教えてください。`,
        1.5,
        position,
      );
      return;
    }
    for (const [pattern, build] of ATTRIBUTE_NOUNS) {
      if (pattern.test(predicate)) {
        add(build(predicate.match(pattern)![1]!), 3, position);
        return;
      }
      if (
        topic &&
        pattern.test(topic) &&
        (WEEKDAY.test(text) || /不定休|なし|年中無休/.test(text))
      ) {
        add(build(topic), 3, position);
        return;
      }
    }
    if (topic && PAYMENT.test(topic)) {
      add(
        `${topic.startsWith('お') ? topic : `お${topic}`}にはどの方法が使えますか？`.replace(
          /^おお/,
          'お',
        ),
        3,
        position,
      );
      return;
    }
    if (ACCESS.test(text) && /徒歩|分|車で|すぐ/.test(text)) {
      add(accessQuestion(text), 3, position);
      return;
    }
    // 「1コマ80分です」: the length of one unit of the service.
    const perUnit = /1(コマ|回|レッスン|クラス|枠|コース)(?:あたり)?\s*(?:約)?\d+\s*(分|時間)/.exec(
      text,
    );
    if (topic && perUnit && !negative && !PRICE.test(text)) {
      add(`${topic}は1${perUnit[1]}何${perUnit[2]}ですか？`, 2.5, position);
      return;
    }
    // 「大浴場は24時間ご入浴いただけます」: open all day is an answer to when.
    if (topic && /24時間/.test(text) && !negative) {
      add(`${topic}は何時まで利用できますか？`, 2.5, position);
      return;
    }
    if (topic && TIME_RANGE.test(text)) {
      add(`${topic}は何時から何時までですか？`, 3, position);
      return;
    }
    if (topic && DISCOUNT.test(text) && !negative && /の方$/.test(topic)) {
      add(`${topic.replace(/の方$/, '')}割引はありますか？`, 2.5, position, 'yes');
      return;
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
      return;
    }
    if (topic && /無料(?:に|と)なり/.test(text) && !negative) {
      add(`${topic}は無料になりますか？`, 2.5, position, 'yes');
      return;
    }
    if (topic && SURCHARGE.test(text) && !/(?:料|代|費)$/.test(topic)) {
      add(
        /キャンセル$/.test(topic) ? `${topic}料はいくらですか？` : `${topic}の料金はいくらですか？`,
        3,
        position,
      );
      return;
    }
    if (topic && (PRICE.test(text) || (/(?:料|代|費)$/.test(topic) && /\d+\s*[%％]/.test(text)))) {
      add(`${topic}はいくらですか？`, 3, position);
      return;
    }
    // A price with no topic of its own: the service is the verb (「…円からご宿泊いただけます」).
    const serviceNoun =
      /(?:ご|お)?([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:いただけ|いただき|でき|し|を承り)ます$/u.exec(
        tail,
      )?.[1];
    if (!topic && PRICE.test(text) && serviceNoun) {
      add(`${serviceNoun}の料金はいくらですか？`, 3, position);
      return;
    }
    // 「ご予約はホームページまたはお電話で承っております」: asked as how.
    if (
      topic &&
      MEANS.test(text) &&
      !TIME_POINT.test(text) &&
      /承|受け付け|受付|申し込|問い合わせ|ご連絡/.test(tail)
    ) {
      add(`${topic}はどの方法でできますか？`, 3, position);
      return;
    }
    // 「送迎は前日までにご予約ください」: a deadline the customer must meet.
    const request =
      /までに.*?(?:ご|お)?([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:ください|をお願いします|が必要です)$/u.exec(
        tail,
      );
    if (topic && request) {
      add(`${topic}はいつまでに${request[1]}すればよいですか？`, 3, position);
      return;
    }
    // 「専用駐車場はありませんので、近隣の…をご利用ください」: the absence is the fact asked about.
    if (topic && /(?:ありません|ございません)ので/.test(tail)) {
      add(`${topic}はありますか？`, 2.5, position, 'no');
      return;
    }
    // 「ご予約は3日前までにお電話でお願いします」「初診の方はWeb予約でご予約ください」: what the
    // customer has to do, asked as when or how.
    if (topic && ASKS.test(tail)) {
      if (/までに/.test(tail)) {
        add(`${topic}はいつまでに必要ですか？`, 3, position);
        return;
      }
      const action = /(?:ご|お)([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:ください)$/u.exec(
        tail,
      )?.[1];
      const who = topic.replace(/(?:の方|の場合|の際|のとき)$/, '');
      if (action && MEANS.test(tail)) {
        add(
          who.endsWith(action)
            ? `${who}はどうすればよいですか？`
            : `${who}の${action}はどうすればよいですか？`,
          3,
          position,
        );
        return;
      }
    }
    const service = SERVICE_VERBS.find(([pattern]) => pattern.test(tail.slice(-10)));
    const object = topics.object;
    if (service && object && !negative) {
      // A time frame (「車検の間は」「ご宿泊の際は」) stays in the answer; the question asks for
      // the thing itself, as customers do (「代車は借りられますか？」).
      const frame = /(?:間|中|際|時|とき|場合|前|後)$/.test(topics.wa);
      if (topics.wa && topics.wa !== object && !frame) {
        // 「夕食は地元の食材を使った会席料理をご用意します」 is about 夕食, not the dish.
        add(`${topics.wa}について教えてください。`, 2, position);
        return;
      }
      add(
        `${service[0].source.includes('対応') && topics.ni ? topics.ni : object}${service[1]}`,
        2.5,
        position,
        'yes',
      );
      return;
    }
    if (service && service[0].source.includes('対応') && topics.ni && !negative) {
      add(`${topics.ni}${service[1]}`, 2.5, position, 'yes');
      return;
    }
    const frameTopic = /(?:間|中|際|時|とき|場合|前|後)$/.test(topic);
    if (topic && FREE.test(text) && !negative && !frameTopic) {
      add(`${topic}は無料ですか？`, 2.5, position, 'yes');
      return;
    }
    if (topic && DURATION.test(text) && /(?:時間|期間|日数|工期|納期)(?:の目安)?$/.test(topic)) {
      add(`${topic}はどのくらいですか？`, 3, position);
      return;
    }
    if (!topic && DURATION.test(text) && serviceNoun) {
      add(`${serviceNoun}までどのくらいかかりますか？`, 3, position);
      return;
    }
    if (
      topic &&
      DURATION.test(text) &&
      /かかり|お返し|お渡し|完了|仕上|納品|以内|最短|で(?:お|ご)?[^、]*ます$/.test(text)
    ) {
      add(`${topic}にはどのくらいの${durationNoun(text)}がかかりますか？`, 3, position);
      return;
    }
    const count = COUNT.exec(text);
    if (count && (topic || object) && /あり|ござい|開講|用意|開催|在籍|収容|でき/.test(text)) {
      const subject = topic || object;
      const amount = /\d+\s*(?:日|週)/.test(text) ? `1${/日/.test(text) ? '日' : '週'}に` : '';
      add(`${subject}は${amount}何${count[2]}ありますか？`, 2.5, position);
      return;
    }
    if (topic && TIME_POINT.test(text)) {
      if (/まで(?:に)?/.test(text) && /受け付け|受付|承|予約|申し込|ご連絡|お電話/.test(text)) {
        add(`${topic}はいつまで受け付けていますか？`, 3, position);
        return;
      }
      const verb = finalVerb(clause.tokens);
      if (verb) {
        add(`${topic}は何時に${verb}か？`, 3, position);
        return;
      }
      if (/です$/.test(tail)) {
        add(`${topic}は何時ですか？`, 3, position);
        return;
      }
    }
    // Existence and ability: 「駐車場があります」「取り置きができます」「イートインはございません」.
    const exists = /(?:あり|ござい)(?:ます|ません)$/.test(tail) || /があり$/.test(tail);
    const able = /(?:でき|いただけ)(?:ます|ません)$/.test(tail) || /可能です$/.test(tail);
    const subject =
      exists || able ? topics.ga || topics.wa || (/可能です$/.test(tail) ? topics.mo : '') : '';
    const humble = /いただけます$/.test(tail);
    if (subject && !(able && humble && !topics.ga)) {
      const ending = exists ? 'はありますか？' : humble ? 'は利用できますか？' : 'はできますか？';
      add(`${subject}${ending}`, 2.5, position, negative ? 'no' : 'yes');
      return;
    }
    if (negative && topic && /(?:ございません|ありません)$/.test(tail)) {
      add(`${topic}はありますか？`, 2, position, 'no');
      return;
    }
    if (negative && topic && /お断り|ご遠慮/.test(tail)) {
      add(`${topic}はできますか？`, 2, position, 'no');
      return;
    }
    const woIndex = clause.tokens.findLastIndex(
      (token) => token.surface === 'を' && token.detail === '格助詞',
    );
    if (negative && woIndex >= 0 && /ません$/.test(tail)) {
      // 「合成香料を使っていません」 → 「合成香料を使っていますか？」
      const object = phraseBefore(clause.tokens, woIndex);
      const verb = joinTokens(clause.tokens.slice(woIndex + 1)).replace(/ません。?$/, 'ます');
      if (object && verb) {
        add(`${object}を${verb}か？`, 2, position, 'no');
        return;
      }
    }
    if (negative) {
      add(statementToQuestion(text.replace(/ません(?:。)?$/, 'ます')), 1, position, 'no');
      return;
    }
    // 「夕食は地元の食材を使った会席料理です」: a description of its topic.
    if (topic && /です$/.test(tail) && !/\d/.test(text) && predicate && predicate !== topic) {
      add(`${topic}について教えてください。`, 1.5, position);
      return;
    }
    // The statement asked back: natural when short, but a long one or one with figures would
    // hand the answer over in the question (「…1コマ80分ですか？」), so it is asked about instead.
    const echo = statementToQuestion(text);
    if (/お願いして(?:い|おり)ます$/.test(tail)) return;
    const figure = ONE_FIGURE.exec(echo);
    if (figure && echo.replace(figure[0], '').search(/\d/) < 0 && echo.length <= 40) {
      add(echo.replace(figure[0], `何${figure[1]}`), 2.5, position);
      return;
    }
    if (echo && (/\d/.test(echo) || echo.length > 28)) {
      // 「無料体験授業を2回まで受けられます」 → 「無料体験授業は受けられますか？」
      const verb = finalVerb(clause.tokens);
      if (!topic && topics.object && verb && /(?:られ|でき|いただけ|れ)ます$/.test(verb)) {
        add(`${topics.object}は${verb}か？`, 2, position, 'yes');
        return;
      }
      // 「定期テスト前には、…対策講座を開いています」 → 「定期テスト前の対策講座について…」
      const objectHead = /[\p{Script=Han}\p{Script=Katakana}ー]{2,}$/u.exec(topics.object)?.[0];
      const about = frameTopic ? (objectHead ? `${topic}の${objectHead}` : '') : topic;
      if (about && !/\d/.test(about)) add(`${about}について教えてください。`, 1.5, position);
      // 「万が一の破損に備えて、損害賠償保険に加入しています」: the main clause alone.
      const main = echo.slice(echo.lastIndexOf('、') + 1);
      if (!about && main !== echo && main.length >= 8 && !/\d/.test(main))
        add(main, 2, position, 'yes');
      return;
    }
    add(echo, echo.length <= 24 ? 2 : 1, position, 'yes');
  });
  return candidates;
}

export function questionsFromPassages(
  analyzer: Analyzer,
  passages: Passage[],
): QuestionCandidate[] {
  const firstSentence = passages.find((passage) => passage.kind === 'sentence')?.index;
  return passages
    .flatMap((passage) =>
      passage.kind === 'sentence'
        ? sentenceQuestions(analyzer, passage, passage.index === firstSentence)
        : fieldQuestions(passage),
    )
    .filter((candidate) => isWellFormedQuestion(candidate.question));
}
