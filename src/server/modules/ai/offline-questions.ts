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
  DURATION,
  COUNT,
  ASKS,
  FREE,
  NEGATIVE,
  ONE_FIGURE,
  DEMONSTRATIVE,
  MEANS,
  SERVICE_VERBS,
  statementToQuestion,
  durationNoun,
} from './fact-patterns.ts';
import { askedByCustomer } from './customer-phrasing.ts';
import { fieldQuestions } from './field-questions.ts';
import { askForTime, askForValue, type ClauseContext } from './value-questions.ts';
import { gateRefusal } from './question-gate.ts';
import { wholeSentenceQuestions } from './whole-sentence-questions.ts';
import { topicOf, type QuestionSource } from './question-reading.ts';
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
 * asked in field-questions.ts; the kinds of fact are recognised by fact-patterns.ts. Questions
 * whose answer is a value (where, when, how much) are tried first, in value-questions.ts; this
 * file asks the rest: availability, services, durations, counts, and the statement asked back.
 */

// Topics that name no thing a customer asks about on their own: a case or a time (「…場合」
// 「…の際」), an adverb (「基本的には」), a clause (「診察を一度」), a figure asked for (「何回以上…」),
// the business or its customers (「当店」「皆さま」).
const VAGUE_TOPIC =
  /(?:場合|際|時|とき|こと|事|ため|的|につきまして|について)$|[をが]|何|^(?:当|弊|皆|お客様)/;
const GREETING = /^(?:こんにちは|こんばんは|はじめまして|初めまして|いつも|ようこそ)/;
const PRICE_IN = /[\d,]+\s*円/;

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
  const whole = wholeSentenceQuestions(analyzer, passage);
  if (whole.only) return whole.candidates;
  candidates.push(...whole.candidates);
  let also = '';
  const add = (question: string, priority: number, clause: number, polarity?: Polarity) => {
    if (question)
      candidates.push({
        question: askedByCustomer(
          also && question.startsWith(`${also}も`)
            ? `${also}は${question.slice(also.length + 1)}`
            : question,
        ),
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
    // 「こんにちは、講師の森です」 greets; 「ネイリストは1名のため、…」 gives a reason for the
    // clause after it, which carries the fact.
    if (GREETING.test(passage.text)) return;
    if (position < clauses.length - 1 && /(?:ため|ので)(?:です)?$/.test(clause.text)) return;
    // 「ただし、出産から2か月以降の方が対象です」 qualifies the sentence before it and is
    // answered with it (offline-engine.ts), not asked on its own.
    if (/^(?:ただし|但し)/.test(passage.text)) return;
    const topic = named;
    // A clause before this one that is no reason (「管理棟内は衛生管理上、」) sets where it holds.
    const scoped =
      position > 0 && !/(?:ため|ので|から)(?:です)?[、,]?$/.test(clauses[position - 1]!.text);
    // A note in brackets at the end (「…がございます（片道550円）」) does not change the predicate.
    const tail = text.replace(/[。！]$/, '').replace(/[（(][^）)]*[）)]$/, '');
    const predicate = cleanTopic(predicateNounTopic(clause));

    const serviceNoun =
      /(?:ご|お)?([\p{Script=Han}\p{Script=Katakana}ー]{2,6})(?:いただけ|いただき|でき|し|を承り)ます$/u.exec(
        tail,
      )?.[1];
    const context: ClauseContext = {
      text,
      tail,
      topic,
      topics,
      predicate,
      negative,
      position,
      clauseCount: clauses.length,
      isFirst,
      section: passage.section,
      sentence: passage.text,
      verb: finalVerb(clause.tokens),
      serviceNoun,
      add,
    };
    if (askForValue(context)) return;

    // 「専用駐車場はありませんので、近隣の…をご利用ください」: the absence is the fact asked about.
    if (topic && /(?:ありません|ございません)ので/.test(tail)) {
      add(`${topic}はありますか？`, 2.5, position, 'no');
      return;
    }
    // 「ご予約は3日前までにお電話でお願いします」「初診の方はWeb予約でご予約ください」: what the
    // customer has to do, asked as when or how.
    // 「利用日の1か月前から前々日まで、お電話でご予約ください」: when a booking can be made.
    if (!topic && /予約/.test(tail) && ASKS.test(tail) && /まで/.test(tail)) {
      add(
        /から/.test(tail) ? '予約はいつからいつまでできますか？' : '予約はいつまでに必要ですか？',
        3,
        position,
      );
      return;
    }
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
          who.endsWith(action) || /(?:場合|際|とき|時)$/.test(who)
            ? `${who}はどうすればよいですか？`
            : `${who}の${action}はどうすればよいですか？`,
          3,
          position,
        );
        return;
      }
    }
    // 「むち打ちや、捻挫・打撲などの施術を行っています」: which kinds, asked as which.
    const kinds =
      /などの([\p{Script=Han}\p{Script=Katakana}ー]{1,6})を(行って|承って|提供して|取り扱って|扱って)(?:い|おり)ます$/u.exec(
        tail,
      );
    if (kinds && !negative) {
      add(`どのような${kinds[1]}を${kinds[2]}いますか？`, 2.5, position);
      return;
    }
    const service = SERVICE_VERBS.find(([pattern]) => pattern.test(tail.slice(-10)));
    // 「ご予約の際に」 is when, not what is handled.
    // 「…、買い物代行などに対応しています」 is asked of the item named: 「買い物代行に…」.
    const handled = /(?:間|中|際|時|とき|場合|前|後)$/.test(topics.ni)
      ? ''
      : topics.ni.replace(/など$/, '');
    const needs = /^(.{2,16}?)(?:のある|をお持ちの|が必要な|の)方$/.exec(topics.wa)?.[1];
    if (service?.[0].source.includes('対応') && needs && !negative) {
      add(`${needs}に対応していますか？`, 2.5, position, 'yes');
      return;
    }
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
        `${service[0].source.includes('対応') && handled ? handled : object.replace(/など$/, '')}${service[1]}`,
        2.5,
        position,
        'yes',
      );
      return;
    }
    if (service && service[0].source.includes('対応') && handled && !negative) {
      // 「洗面台交換は平日の夜間の作業にも対応しています」: the service stays in the question.
      const owner =
        topics.wa && topics.wa !== handled && !/(?:間|中|際|時|とき|場合|前|後)$/.test(topics.wa)
          ? `${topics.wa}は`
          : '';
      add(`${owner}${handled}${service[1]}`, 2.5, position, 'yes');
      return;
    }
    const frameTopic = /(?:間|中|際|時|とき|場合|前|後)$/.test(topic);
    // 「お子さま連れも歓迎です」: whether they are welcome, asked as whether they can come.
    // 「男性の方や、お料理がはじめての方も大歓迎です」: without a clean topic, what precedes も.
    const welcomed =
      topics.mo || topic || (/^(.{2,30}?)も大?歓迎/.exec(tail)?.[1] ?? '').replaceAll('、', '');
    if (welcomed && /歓迎/.test(tail) && !negative) {
      const ask = /(?:工事|作業|依頼|修理|注文)$/.test(welcomed)
        ? 'もお願いできますか？'
        : /(?:撮影|相談|参加|見学|体験)$/.test(welcomed)
          ? 'もできますか？'
          : 'も利用できますか？';
      add(`${welcomed}${ask}`, 2, position, 'yes');
      return;
    }
    // 「無料体験レッスンは…」 says it is free in its name: no 「…は無料ですか？」.
    if (topic && FREE.test(text) && !negative && !frameTopic && !FREE.test(topic)) {
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
    // A count before the topic (「80台以上の在庫をそろえ、…お車も」) is about something else.
    const count = COUNT.exec(
      topic && text.includes(topic) ? text.slice(text.indexOf(topic)) : text,
    );
    // 「奥の座敷は最大20名まで貸切にできます」: how many people at most, for what.
    const upTo = /\d+\s*(名|人)(?:様)?まで([^、。]{1,10}?)(?:いただけ|でき)ます$/.exec(tail);
    if (upTo && topic) {
      add(`${topic}は何${upTo[1]}まで${upTo[2] || '利用'}できますか？`, 2.5, position);
      return;
    }
    if (count && (topic || object) && /あり|ござい|開講|用意|開催|在籍|収容|でき/.test(text)) {
      const subject = topic || object;
      const amount = /\d+\s*(?:日|週)/.test(text) ? `1${/日/.test(text) ? '日' : '週'}に` : '';
      add(`${subject}は${amount}何${count[2]}ありますか？`, 2.5, position);
      return;
    }
    // 「定員は1日5名です」: the number itself.
    if (count && topic && /です$/.test(tail) && !PRICE_IN.test(text)) {
      // 「週1回」: the count is per week (「週に何回」), not per 「1回」.
      const perPeriod = new RegExp(`(?<!\\d)(週|月|日|年)\\s*${count[1]}\\s*${count[2]}`).exec(
        text,
      );
      const per = perPeriod ? `${perPeriod[1]}に` : (/1(日|週|回|クラス|組)/.exec(text)?.[0] ?? '');
      add(`${topic}は${per}何${count[2]}ですか？`, 2.5, position);
      return;
    }
    if (askForTime(context)) return;
    // Existence and ability: 「駐車場があります」「取り置きができます」「イートインはございません」.
    const exists = /(?:あり|ござい)(?:ます|ません)$/.test(tail) || /があり$/.test(tail);
    const able = /(?:でき|いただけ)(?:ます|ません)$/.test(tail) || /可能です$/.test(tail);
    const subject =
      exists || able ? topics.ga || topics.wa || (/可能です$/.test(tail) ? topics.mo : '') : '';
    const humble = /いただけます$/.test(tail);
    if (subject && !(able && humble && !topics.ga)) {
      const ending = exists ? 'はありますか？' : humble ? 'は利用できますか？' : 'はできますか？';
      if (!negative || (!narrowedBefore(text, subject) && !scoped))
        add(`${subject}${ending}`, 2.5, position, negative ? 'no' : 'yes');
      return;
    }
    if (negative && topic && /(?:ございません|ありません)$/.test(tail)) {
      add(`${topic}はありますか？`, 2, position, 'no');
      return;
    }
    if (negative && topic && /お断り|ご遠慮/.test(tail)) {
      // A refusal of something narrower than the topic asked (「電話での病気に関する質問…はお断り」,
      // 「管理棟内は…、ペットのご入室はご遠慮」) read as 「いいえ」 to the whole topic misleads.
      if (!narrowedBefore(text, topic) && !scoped) add(`${topic}はできますか？`, 2, position, 'no');
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
    // 「…は買い取り、回収料金から差し引きます」: a later clause without a topic of its own goes
    // on with the clause before; asked back alone it means nothing.
    if (position > 0 && !topics.wa && !topics.mo && !topics.ga) return;
    // 「入塾金」 above 「入塾時のみいただく金額です。」: a sentence without a topic of its own,
    // right under a line that only names something, says what that is.
    const heading = passage.named;
    if (position === 0 && !topics.wa && !topics.mo && !topics.ga && heading) {
      const defines =
        /です。$/.test(passage.text) &&
        !/^[(（\d¥￥]/.test(passage.text) &&
        !DEMONSTRATIVE.test(passage.text);
      if (defines && !text.includes(heading))
        candidates.push({
          question: `${heading}について教えてください。`,
          passageIndex: passage.index,
          statement: `${heading}は、${passage.text}`,
          priority: 1.5,
          clause: position,
        });
      return;
    }
    const echo = statementToQuestion(text);
    // 「打ち合わせを行ってから、ご利用開始となります」: what comes after is no question.
    if (position > 0 && /(?:てから|た後|後に)$/.test(clauses[position - 1]!.text)) return;
    if (/お願いして(?:い|おり)ます$/.test(tail)) return;
    const figure = ONE_FIGURE.exec(echo);
    const inBrackets = figure && /[（(][^）)]*$/.test(echo.slice(0, figure.index));
    if (
      figure &&
      !inBrackets &&
      echo.replace(figure[0], '').search(/\d/) < 0 &&
      echo.length <= 40
    ) {
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

/** A question the page already asks and answers (よくある質問): the business's own words. */
function pageQuestion(passage: Passage): QuestionCandidate {
  return {
    question: passage.label!,
    passageIndex: passage.index,
    statement: passage.text,
    priority: 3.5,
    clause: 0,
  };
}

export function questionsFromPassages(
  analyzer: Analyzer,
  passages: Passage[],
): QuestionCandidate[] {
  const firstSentence = passages.find((passage) => passage.kind === 'sentence')?.index;
  const sourceOf = (passage: Passage): QuestionSource =>
    passage.kind === 'sentence' ? 'sentence' : passage.kind === 'qa' ? 'page' : 'field';
  // Only what passes the grammar gate is asked: a broken or echoed question is left out, not
  // shown as filler (question-gate.ts).
  const gated = (candidate: QuestionCandidate, passage: Passage): QuestionCandidate[] => {
    if (!isWellFormedQuestion(candidate.question)) return [];
    const source = sourceOf(passage);
    const refusal = gateRefusal(analyzer, candidate.question, source, passage.text);
    if (!refusal) return [{ ...candidate, origin: source === 'page' ? 'page-qa' : source }];
    // 「お席の指定はお受け致しかねますか？」: the business's own voice is the answer; its topic
    // is what a customer asks about (「お席の指定について教えてください。」), with no はい／いいえ.
    const named = refusal === 'business-voice' ? topicOf(analyzer, candidate.question) : '';
    const topic = named.length > 2 && !VAGUE_TOPIC.test(named) ? named : '';
    const about = `${topic}について教えてください。`;
    if (
      !topic ||
      !isWellFormedQuestion(about) ||
      gateRefusal(analyzer, about, source, passage.text)
    )
      return [];
    return [
      {
        question: about,
        passageIndex: candidate.passageIndex,
        ...(candidate.statement ? { statement: candidate.statement } : {}),
        priority: Math.min(candidate.priority, 1.5),
        clause: candidate.clause,
        origin: 'gate:business-voice',
      },
    ];
  };
  return passages.flatMap((passage) =>
    (passage.kind === 'sentence'
      ? sentenceQuestions(analyzer, passage, passage.index === firstSentence)
      : passage.kind === 'qa'
        ? [pageQuestion(passage)]
        : fieldQuestions(passage)
    ).flatMap((candidate) => gated(candidate, passage)),
  );
}

/** Whether words before the topic narrow it (「電話での病気に関する」質問, 「当院の」入院施設). */
function narrowedBefore(text: string, topic: string): boolean {
  const at = text.indexOf(topic);
  return at > 0 && /(?:の|に関する|での|への|する|な)$/.test(text.slice(0, at));
}
