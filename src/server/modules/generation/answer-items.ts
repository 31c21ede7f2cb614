import type { FaqItem } from '../../../shared/generations.ts';
import { ANSWER_FAILED, type AiRun } from '../ai/faq-ai.ts';

type ContentAnswer = { answer: string; failed?: boolean; sourceUrl?: string | undefined };

/** The FAQ item for one answer grounded in fetched content (URL/text mode). */
export function contentItem(run: AiRun, question: string, result: ContentAnswer): FaqItem {
  const offline = run.engine.kind === 'offline';
  return {
    question,
    answer: result.failed && !offline ? ANSWER_FAILED : result.answer,
    answerSource: offline ? 'offline' : result.failed ? 'fallback' : 'ai_direct',
    approved: !result.failed,
    ...(result.failed ? { failed: true } : {}),
    ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
  };
}
