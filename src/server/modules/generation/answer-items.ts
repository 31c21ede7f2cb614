import type { FaqItem } from '../../../shared/generations.ts';
import { ANSWER_FAILED, type AnswerResult } from '../ai/faq-ai.ts';
import type { AiRun } from '../ai/model-run.ts';

/** The FAQ item for one answer grounded in fetched content (URL/text mode). */
export function contentItem(run: AiRun, question: string, result: AnswerResult): FaqItem {
  const offline = run.engine.kind === 'offline';
  return {
    question,
    answer: result.failed && !offline ? ANSWER_FAILED : result.answer,
    answerSource: offline ? 'offline' : result.failed ? 'fallback' : 'ai_direct',
    approved: !result.failed,
    ...(result.failed ? { failed: true } : {}),
    ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
    ...(result.evidence && !result.failed ? { evidence: result.evidence } : {}),
    ...(result.model && !result.failed ? { model: result.model } : {}),
    ...(result.belowLength && !result.failed ? { belowLength: true } : {}),
    ...(result.unverified?.length && !result.failed
      ? { unverified: { phrases: result.unverified } }
      : {}),
    ...(result.rewrittenFor?.length && !result.failed ? { rewrittenFor: result.rewrittenFor } : {}),
  };
}
