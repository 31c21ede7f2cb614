import type { AnswerLength } from '../../../shared/limits.ts';
import { HttpError } from '../../lib/http-error.ts';
import { jobFailureError, ParserJobFailed, ParserPool } from '../ingestion/parser-pool.ts';
import type { OfflineAnswer } from './offline-answer.ts';
import type { ContentPage, DraftQuestion, OfflineQuestionSet } from './offline-engine.ts';

/**
 * The built-in engine runs in child processes (docs/adr/028-engine-off-main-thread.md): its
 * morphology and rules take seconds on a long paste, which on the server's thread would hold
 * every other user's request. The pool is the parsers' (ADR 022), with the engine's own limits.
 */
export type EngineJob =
  | { type: 'questions'; pages: ContentPage[]; count: number; avoid: string[] }
  | { type: 'answers'; pages: ContentPage[]; questions: DraftQuestion[]; length: AnswerLength };

export type EngineAnswer =
  | { ok: true; type: 'questions'; value: OfflineQuestionSet }
  | { ok: true; type: 'answers'; value: OfflineAnswer[] }
  | { ok: false; message: string };

/** Engines running at once per server process; more generations wait their turn. */
const ENGINE_CHILDREN = 2;
/**
 * A job's time from when its child is listening. 100 questions on 60,000 characters took
 * about 5 s (measured); the limit only stops an engine that will never finish.
 */
export const ENGINE_TIME_LIMIT_MS = 120_000;
/** A child with its dictionary is about 400 MB resident; on a 99,000-character paste, 540 MB. */
const ENGINE_HEAP_MB = 1024;
const ENGINE_MAX_RSS_BYTES = 1536 * 1024 * 1024;
/** Loading the dictionary costs a second or more: a child waits a while for the next job. */
const ENGINE_IDLE_MS = 5 * 60_000;
/**
 * A child loads its dictionary before it listens; at its niceness on a machine busy with other
 * work that took over 30 s (the parsers' default), so start-up gets as long as a job.
 */
const ENGINE_START_LIMIT_MS = 120_000;
/**
 * Below the server's thread, above the parsers' 10: the engine is the user's own wait, and at
 * 10 a machine busy with other processes gave it a tenth of a core (a 100-question run took
 * minutes in tests); at 5 the server's thread still weighs three times a child.
 */
const ENGINE_NICENESS = 5;

export const ENGINE_TOO_HEAVY_MESSAGE =
  'FAQの作成に必要な処理が大きすぎるため中止しました。内容を分けてお試しください';
export const ENGINE_FAILED_MESSAGE =
  'FAQの作成中に問題が発生しました。時間をおいてもう一度お試しください';

// A child whose engine threw may hold a half-built state: it is retired.
const pool = new ParserPool<EngineJob, EngineAnswer>(
  new URL('./engine-child.ts', import.meta.url),
  {
    size: ENGINE_CHILDREN,
    heapMb: ENGINE_HEAP_MB,
    maxRssBytes: ENGINE_MAX_RSS_BYTES,
    timeLimitMs: ENGINE_TIME_LIMIT_MS,
    startLimitMs: ENGINE_START_LIMIT_MS,
    idleMs: ENGINE_IDLE_MS,
    pollMs: 100,
    niceness: ENGINE_NICENESS,
  },
  (answer) => answer.ok,
);

/** Process ids of the engine children working now (tests end one mid-job). */
export function engineBusyPids(): number[] {
  return pool.busyPids();
}

/** Ends the children for good (a bench or test run that is done with the engine). */
export function closeEnginePool(): void {
  pool.close();
}

async function runJob(job: EngineJob): Promise<EngineAnswer & { ok: true }> {
  let answer: EngineAnswer;
  try {
    answer = await pool.run(job);
  } catch (error) {
    if (!(error instanceof ParserJobFailed)) throw error;
    // Every failure is the generation's: a failed generation is charged nothing.
    throw jobFailureError(error, {
      tooHeavy: ENGINE_TOO_HEAVY_MESSAGE,
      failed: ENGINE_FAILED_MESSAGE,
    });
  }
  if (answer.ok) return answer;
  throw new HttpError(422, ENGINE_FAILED_MESSAGE, { cause: new Error(answer.message) });
}

export async function offlineQuestionsInChild(
  pages: ContentPage[],
  count: number,
  avoid: string[],
): Promise<OfflineQuestionSet> {
  const answer = await runJob({ type: 'questions', pages, count, avoid });
  return answer.value as OfflineQuestionSet;
}

export async function offlineAnswersInChild(
  pages: ContentPage[],
  questions: DraftQuestion[],
  length: AnswerLength,
): Promise<OfflineAnswer[]> {
  const answer = await runJob({ type: 'answers', pages, questions, length });
  return answer.value as OfflineAnswer[];
}
