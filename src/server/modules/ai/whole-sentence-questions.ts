import { caseQuestion } from './case-questions.ts';
import type { Analyzer } from './japanese.ts';
import { needQuestion } from './need-questions.ts';
import type { Passage } from './passages.ts';
import type { QuestionCandidate } from './question-candidate.ts';
import { refusalQuestion } from './refusal-questions.ts';

/**
 * The questions a whole sentence answers as a rule: what happens in a case, what is required,
 * what is refused. A refusal is the sentence's main fact: its clauses are not asked besides it
 * (`only`); the others are asked beside the clauses' own questions.
 */
export function wholeSentenceQuestions(
  analyzer: Analyzer,
  passage: Passage,
): { candidates: QuestionCandidate[]; only: boolean } {
  const at = { passageIndex: passage.index, clause: 0 };
  const refusal = refusalQuestion(analyzer, passage.text);
  if (refusal)
    return {
      only: true,
      candidates: [
        {
          ...at,
          question: refusal.question,
          priority: 2.5,
          polarity: 'no',
          ...(refusal.statement ? { statement: refusal.statement } : {}),
        },
      ],
    };
  const candidates: QuestionCandidate[] = [];
  const asksCase = caseQuestion(passage.text);
  if (asksCase) candidates.push({ ...at, question: asksCase, priority: 2 });
  const need = needQuestion(analyzer, passage.text);
  if (need)
    candidates.push({
      ...at,
      question: need.question,
      priority: 2.5,
      polarity: 'yes',
      ...(need.statement ? { statement: need.statement } : {}),
    });
  return { candidates, only: false };
}
