import { cleanTopic } from './clauses.ts';
import { PRICE, TIME_RANGE, WEEKDAY, DURATION, COUNT } from './fact-patterns.ts';
import type { Passage } from './passages.ts';
import type { QuestionCandidate } from './question-candidate.ts';

function valueKind(name: string, value: string): string {
  if (PRICE.test(value) || /料金|価格|費用|会費|代金/.test(name)) return 'はいくらですか？';
  if (TIME_RANGE.test(value)) return 'は何時から何時までですか？';
  if (WEEKDAY.test(value) || /日$/.test(name)) return 'はいつですか？';
  if (/住所|所在地|場所|アクセス/.test(name)) return 'はどこですか？';
  if (DURATION.test(value) && /期間|時間|日数|納期/.test(name)) return 'はどのくらいですか？';
  if (COUNT.test(value)) return `は何${COUNT.exec(value)![2]}ですか？`;
  return 'を教えてください。';
}

/** Table rows and 「項目：値」 lines: one question per attribute, answered by the attribute. */
export function fieldQuestions(passage: Passage): QuestionCandidate[] {
  const label = cleanTopic(passage.label ?? '') || passage.label || '';
  if (!label || !passage.fields) return [];
  return passage.fields.map((field, position) => {
    const subject =
      passage.kind === 'pair'
        ? label
        : field.name.includes(label)
          ? field.name
          : `${label}の${field.name}`;
    const question = `${subject}${valueKind(field.name, field.value)}`;
    return {
      question,
      passageIndex: passage.index,
      statement: `${subject}は${field.value.replace(/。$/, '')}です。`,
      priority: 2.8,
      clause: position,
    };
  });
}
