import type { Analyzer } from './japanese.ts';
import { offlineAnswer } from './offline-answer.ts';
import { offlineQuestionsFromContent } from './offline-engine.ts';

/** The engine's questions on a page of these lines, each with its 短め answer, as a test reads them. */
export function shortAnswersOf(analyzer: Analyzer, lines: string[]): Map<string, string> {
  const content = [{ url: 'https://example.jp/', title: '', markdown: lines.join('\n') }];
  return new Map(
    offlineQuestionsFromContent(analyzer, content, 10).drafts.map((draft) => [
      draft.question,
      offlineAnswer(analyzer, content, draft, 'short').answer,
    ]),
  );
}
