import { cleanTopic } from './clauses.ts';
import { PRICE, TIME_RANGE, WEEKDAY, DURATION, COUNT } from './fact-patterns.ts';
import type { Passage } from './passages.ts';
import type { QuestionCandidate } from './question-candidate.ts';

// A table cell or list value that only says yes or no: 「Wi-Fi あり」「ペット同伴 不可」.
const YES_NO = /^(?:あり|有り?|完備|なし|無し?|可|可能|不可|OK|NG)$/i;
const YES_NO_STATEMENT: Record<string, string> = {
  あり: 'あります',
  有: 'あります',
  有り: 'あります',
  完備: '完備しています',
  なし: 'ありません',
  無: 'ありません',
  無し: 'ありません',
  可: 'できます',
  可能: 'できます',
  ok: 'できます',
  不可: 'できません',
  ng: 'できません',
};

/** The field said as a sentence: 「カットは4,400円です。」「Wi-Fiはあります。」 */
function fieldStatement(subject: string, value: string): string {
  const plain = value.replace(/。$/, '');
  const yesNo = YES_NO.test(plain) ? YES_NO_STATEMENT[plain.toLowerCase()] : undefined;
  return yesNo ? `${subject}は${yesNo}。` : `${subject}は${plain}です。`;
}

function valueKind(name: string, value: string): string {
  if (PRICE.test(value) || /料金|価格|費用|会費|代金/.test(name)) return 'はいくらですか？';
  if (TIME_RANGE.test(value)) return 'は何時から何時までですか？';
  if (WEEKDAY.test(value) || /日$/.test(name)) return 'はいつですか？';
  if (/住所|所在地|場所|アクセス/.test(name)) return 'はどこですか？';
  if (DURATION.test(value) && /期間|時間|日数|納期/.test(name)) return 'はどのくらいですか？';
  if (YES_NO.test(value)) return /可|ok/i.test(value) ? 'はできますか？' : 'はありますか？';
  if (COUNT.test(value)) {
    const unit = COUNT.exec(value)![2]!;
    return /台|部屋|席|種類|店舗/.test(unit) ? `は何${unit}ありますか？` : `は何${unit}ですか？`;
  }
  return 'を教えてください。';
}

// Names that only say for whom or when (「・大人 1,000円」 under 料金): the heading says what.
const QUALIFIER =
  /^(?:大人|子ども|子供|こども|小人|お子さま|幼児|未就学児|小学生|中学生|高校生|大学生|学生|シニア|一般|会員|非会員|平日|土日祝?日?|土曜日?|日曜日?|祝日|土日祝|午前|午後|夜間|初回|2回目以降)$/;
const CLOSED = /^(?:休診|休業|定休日?|休館|お?休み)$/;

/** The heading a list sits under, as a noun: 「料金（税込）」 → 「料金」. */
function sectionNoun(section: string): string {
  const noun = section.replace(/[（(][^）)]*[）)]/g, '').trim();
  return noun.length >= 2 && noun.length <= 10 && !/[、。はがを]/.test(noun) ? noun : '';
}

/** Table rows and 「項目：値」 lines: one question per attribute, answered by the attribute. */
export function fieldQuestions(passage: Passage): QuestionCandidate[] {
  const label = cleanTopic(passage.label ?? '') || passage.label || '';
  if (!label || !passage.fields) return [];
  const heading = sectionNoun(passage.section);
  return passage.fields.map((field, position) => {
    // 「・日曜日・祝日 休診」: the days are the answer to when the place is closed.
    if (passage.kind === 'pair' && CLOSED.test(field.value) && WEEKDAY.test(field.name)) {
      const closedDay = /休診/.test(field.value) ? '休診日' : '定休日';
      return {
        question: `${closedDay}はいつですか？`,
        passageIndex: passage.index,
        statement: `${field.name}は${field.value}です。`,
        priority: 2.8,
        clause: position,
      };
    }
    const subject =
      passage.kind === 'pair'
        ? QUALIFIER.test(label) && heading
          ? `${label}の${heading}`
          : label
        : field.name.includes(label)
          ? field.name
          : // 「| Wi-Fi | あり |」 under 有無: the item itself is what there is.
            YES_NO.test(field.value) && /有無|可否|設置|利用/.test(field.name)
            ? label
            : `${label}の${field.name}`;
    const question = `${subject}${valueKind(heading && subject.endsWith(heading) ? heading : field.name, field.value)}`;
    return {
      question,
      passageIndex: passage.index,
      statement: fieldStatement(subject, field.value),
      priority: 2.8,
      clause: position,
      ...(YES_NO.test(field.value)
        ? {
            polarity: /^(?:なし|無し?|不可|NG)$/i.test(field.value)
              ? ('no' as const)
              : ('yes' as const),
          }
        : {}),
    };
  });
}
