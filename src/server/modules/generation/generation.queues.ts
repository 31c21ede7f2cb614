import type { CreateGenerationRequest } from '../../../shared/generations.ts';

/** The generation's queues (docs/adr/038-jobs-on-pg-boss.md); their handlers: generation.jobs.ts. */
export const GENERATION_QUEUES = {
  /** A question phase: a new record's, or a draft's regeneration (`previous` = its questions). */
  questions: 'generation-questions',
  /** A record's answer run, holding the reservation made with its claim. */
  answers: 'generation-answers',
  /** One answer's regeneration, holding one credit; the request waits for its outcome. */
  regeneration: 'generation-regeneration',
  /** Where a job goes after its last attempt: what was not produced is released. */
  dead: 'generation-dead',
} as const;

export interface QuestionJob {
  id: string;
  input: CreateGenerationRequest;
  previous: string[] | null;
}

export interface AnswerJob {
  id: string;
  reservationId: string;
  questions: string[];
}

export interface RegenerationJob {
  id: string;
  userId: string;
  reservationId: string;
  index: number;
  /** The record's message before the claim, put back when the regeneration ends. */
  message: string;
}
