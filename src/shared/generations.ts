import { z } from 'zod';
import { aiSettingsSchema } from './ai.ts';
import { GENERATION_TITLE_MAX } from './generation-title.ts';
import { MAX_FAQS_PER_BATCH, MAX_RESPONDERS, PASTED_TEXT_MAX_CHARS } from './limits.ts';
import { isValidUrl } from './url.ts';

export const URL_OR_TEXT_REQUIRED = 'URLまたはテキストを入力してください';
export const INVALID_URL = '無効なURLです。正しいURL（https://example.com など）を入力してください';
export const CATEGORY_REQUIRED = 'カテゴリー名と回答者を入力してください';
export const TEXT_TOO_LONG = `テキストは${PASTED_TEXT_MAX_CHARS.toLocaleString('ja-JP')}文字以内で入力してください`;

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const createGenerationSchema = z
  .object({
    method: z.enum(['url', 'category']),
    /** The owner's name for the job; empty: derived from the content (generation-title.ts). */
    title: optionalText(GENERATION_TITLE_MAX),
    url: optionalText(2000),
    textInput: z.string().max(PASTED_TEXT_MAX_CHARS, TEXT_TOO_LONG).optional(),
    faqCount: z.number().int().min(1).max(MAX_FAQS_PER_BATCH).default(10),
    includeSubpages: z.boolean().default(false),
    categoryName: optionalText(100),
    major: optionalText(100),
    medium: optionalText(100),
    minor: optionalText(100),
    responders: z
      .array(z.string().trim().max(50))
      .max(MAX_RESPONDERS, `回答者は${MAX_RESPONDERS}人までです`)
      .optional(),
    answerLength: z.enum(['short', 'medium', 'long']).default('medium'),
    ai: aiSettingsSchema.default({ provider: 'auto' }),
  })
  .superRefine((value, context) => {
    if (value.method === 'url') {
      if (!value.url && !value.textInput?.trim())
        context.addIssue({ code: 'custom', path: ['url'], message: URL_OR_TEXT_REQUIRED });
      if (value.url && !isValidUrl(value.url))
        context.addIssue({ code: 'custom', path: ['url'], message: INVALID_URL });
    } else if (
      !value.categoryName ||
      !(value.responders ?? []).some((responder) => responder.trim())
    ) {
      context.addIssue({ code: 'custom', path: ['categoryName'], message: CATEGORY_REQUIRED });
    }
  });
export type CreateGenerationRequest = z.infer<typeof createGenerationSchema>;

export const answersRequestSchema = z.object({
  questions: z
    .array(z.string().trim().min(1).max(500))
    .min(1, '回答を生成する質問を1つ以上選択してください')
    .max(MAX_FAQS_PER_BATCH),
});

/**
 * ai_direct: one model answer; synthesized: integrated from experts; fallback: canned text;
 * owner: written by the owner for a question the content left unanswered (nothing generated).
 */
export const answerSourceSchema = z.enum([
  'ai_direct',
  'synthesized',
  'fallback',
  'offline',
  'owner',
]);
export type AnswerSource = z.infer<typeof answerSourceSchema>;

export const expertAnswerSchema = z.object({ expert: z.string(), answer: z.string() });
export type ExpertAnswer = z.infer<typeof expertAnswerSchema>;

/**
 * docs/spec.md §3 FAQ item; `failed` marks an answer that could not be produced (never charged).
 */
export const faqItemSchema = z.object({
  question: z.string(),
  answer: z.string(),
  answerSource: answerSourceSchema,
  approved: z.boolean(),
  failed: z.boolean().optional(),
  expertAnswers: z.array(expertAnswerSchema).optional(),
  integratedAnswer: z.string().optional(),
  sourceUrl: z.string().optional(),
  /** The passage of the content the answer rests on (根拠), verbatim. */
  evidence: z.string().optional(),
  /** Which engine answered: 'offline' or 'provider:model'. */
  model: z.string().optional(),
  /** The user rewrote the answer (編集済み); exports carry the edited text. */
  edited: z.boolean().optional(),
  /** The page held less on this question than the length asked for: the answer is shorter. */
  belowLength: z.boolean().optional(),
  /**
   * 要確認: figures of the answer (amounts, times, dates, counts, phone numbers, addresses…)
   * its evidence does not say, as the answer writes them; in category mode the specific ones
   * nothing backs (docs/adr/036-figure-check.md). Kept and exported with the mark until the
   * owner clears it.
   */
  unverified: z
    .object({
      phrases: z.array(z.string()),
      /** Category mode: no page was given, so nothing backs a specific figure. */
      noSource: z.boolean().optional(),
    })
    .optional(),
  /** The first answer stated these figures the evidence did not say; it was written once more. */
  rewrittenFor: z.array(z.string()).optional(),
  /** The owner checked the flagged figures and cleared 要確認 (the phrases it named). */
  checkedByOwner: z.object({ phrases: z.array(z.string()) }).optional(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/**
 * The reply to regenerating one answer: the new item, or the unchanged one with the reason
 * nothing was charged (the same answer again, or no answer could be made).
 */
export const regeneratedItemSchema = faqItemSchema.extend({
  unchanged: z.boolean().optional(),
  regenerationFailed: z.boolean().optional(),
});
export type RegeneratedItem = z.infer<typeof regeneratedItemSchema>;

const storedItemSchema = faqItemSchema.extend({
  answerSource: answerSourceSchema.catch('fallback'),
  approved: z.boolean().catch(true),
  failed: z.boolean().optional().catch(undefined),
  expertAnswers: z.array(expertAnswerSchema).optional().catch(undefined),
  integratedAnswer: z.string().optional().catch(undefined),
  sourceUrl: z.string().optional().catch(undefined),
  evidence: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  edited: z.boolean().optional().catch(undefined),
  belowLength: z.boolean().optional().catch(undefined),
  unverified: z
    .object({ phrases: z.array(z.string()), noSource: z.boolean().optional() })
    .optional()
    .catch(undefined),
  rewrittenFor: z.array(z.string()).optional().catch(undefined),
  checkedByOwner: z
    .object({ phrases: z.array(z.string()) })
    .optional()
    .catch(undefined),
});

/** The phrases of an item still marked 要確認 (none once the owner cleared the flag). */
export const unverifiedPhrases = (item: Pick<FaqItem, 'unverified'>): string[] =>
  item.unverified?.phrases ?? [];

/**
 * Items as stored (JSON). One malformed entry must not break a whole history page, so
 * unknown flags fall back to safe values and entries without a question and answer are dropped.
 */
export function readFaqItems(value: unknown): FaqItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = storedItemSchema.safeParse(entry);
    if (!parsed.success) return [];
    return [
      Object.fromEntries(
        Object.entries(parsed.data).filter(([, field]) => field !== undefined),
      ) as FaqItem,
    ];
  });
}

/** docs/spec.md §3 Export item: what leaves the product in a file (plus a title). */
export const exportItemSchema = faqItemSchema.pick({
  question: true,
  answer: true,
  expertAnswers: true,
  integratedAnswer: true,
  sourceUrl: true,
  evidence: true,
  belowLength: true,
  unverified: true,
});
export type ExportItem = z.infer<typeof exportItemSchema>;
export interface ExportDocument {
  title: string;
  items: ExportItem[];
  /**
   * Questions customers commonly ask that the page did not answer and the owner has not yet:
   * the Word file lists them in an appendix, a to-do for the owner (the published formats omit it).
   */
  unanswered?: string[];
}

/** The questions of a record still unanswered, for the Word appendix. */
export const stillUnanswered = (intents: UnansweredIntent[] | undefined): string[] =>
  (intents ?? []).filter((intent) => intent.answeredItemIndex === undefined).map((i) => i.question);

/** Approved items that have an answer: what an export or a re-export contains. */
export function exportableItems(items: FaqItem[]): ExportItem[] {
  return items
    .filter((item) => item.approved && !item.failed)
    .map(
      ({
        question,
        answer,
        expertAnswers,
        integratedAnswer,
        sourceUrl,
        evidence,
        belowLength,
        unverified,
      }) => ({
        question,
        answer,
        ...(expertAnswers?.length ? { expertAnswers } : {}),
        ...(integratedAnswer ? { integratedAnswer } : {}),
        ...(sourceUrl ? { sourceUrl } : {}),
        ...(evidence ? { evidence } : {}),
        // The 要確認 note of the review copy (shared/exports.ts).
        ...(belowLength ? { belowLength } : {}),
        ...(unverified?.phrases.length ? { unverified } : {}),
      }),
    );
}

/**
 * inputData is JSON text in the record (docs/spec.md §3); older or hand-made records may lack
 * keys or hold odd types, so every field is read leniently instead of failing the whole history.
 */
const lenientText = z.string().optional().catch(undefined);
export const generationInputSchema = z.object({
  url: lenientText,
  textInput: lenientText,
  faqCount: z.number().optional().catch(undefined),
  includeSubpages: z.boolean().optional().catch(undefined),
  categoryName: lenientText,
  responders: z.array(z.string()).optional().catch(undefined),
  categoryFaqCount: z.number().optional().catch(undefined),
  major: lenientText,
  medium: lenientText,
  minor: lenientText,
});
export type GenerationInput = z.infer<typeof generationInputSchema>;

export function readGenerationInput(inputData: unknown): GenerationInput {
  const parsed = generationInputSchema.safeParse(inputData);
  return parsed.success ? parsed.data : {};
}

export const GENERATION_STAGES = [
  'fetching',
  'questions_ready',
  'answering',
  'completed',
  'failed',
] as const;

/**
 * A question customers commonly ask that the page or text did not answer (URL/text mode only).
 * Once the owner answers it, `answeredItemIndex` is the position of the FAQ item it became.
 */
export const unansweredIntentSchema = z.object({
  id: z.string(),
  question: z.string(),
  answeredItemIndex: z.number().int().min(0).optional(),
});
export type UnansweredIntent = z.infer<typeof unansweredIntentSchema>;

/** Stored lists are read leniently, like items: a malformed entry is dropped, not a 500. */
export function readUnansweredIntents(value: unknown): UnansweredIntent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = unansweredIntentSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export const generationSchema = z.object({
  id: z.string(),
  title: z.string(),
  method: z.enum(['url', 'category']),
  status: z.string(),
  stage: z.enum(GENERATION_STAGES),
  progress: z.number().int(),
  message: z.string(),
  inputData: z.record(z.string(), z.unknown()),
  questions: z.array(z.string()),
  questionSources: z.array(z.string().nullable()),
  answers: z.array(z.string()),
  items: z.array(faqItemSchema),
  creditsUsed: z.number().int(),
  engine: z.string().nullable(),
  error: z.string().nullable(),
  crawlReport: z
    .array(z.object({ url: z.string(), outcome: z.string(), message: z.string().optional() }))
    .nullable(),
  /** A cancel was requested and the running job has not stopped yet. */
  cancelRequested: z.boolean().optional(),
  /** 「ページに答えがない、よくある質問」: absent or empty in category mode. */
  unansweredIntents: z.array(unansweredIntentSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;

/**
 * What a record's realtime channel `generation:{id}` pushes on each change (event `progress`,
 * sent by the database trigger of migration 0002), and the owner's `user:{id}` as `generation`.
 */
export const generationProgressSchema = generationSchema.pick({
  stage: true,
  progress: true,
  message: true,
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** 202 of POST /api/generations: the record exists; its job runs on the server. */
export const generationCreatedSchema = z.object({ id: z.string() });

/** The record as the history list shows it; progress details stay in the single-record read. */
export const generationSummarySchema = generationSchema.pick({
  id: true,
  title: true,
  method: true,
  status: true,
  stage: true,
  inputData: true,
  questions: true,
  answers: true,
  items: true,
  creditsUsed: true,
  createdAt: true,
});
export type GenerationSummary = z.infer<typeof generationSummarySchema>;

/**
 * GET /api/generations/running: the user's jobs that are working now (crawling, writing
 * questions or answers), so /generate can show them and ask before the same job starts twice.
 */
export const runningGenerationSchema = generationSchema.pick({
  id: true,
  title: true,
  method: true,
  stage: true,
  progress: true,
  message: true,
  inputData: true,
  createdAt: true,
});
export type RunningGeneration = z.infer<typeof runningGenerationSchema>;
export const runningGenerationsSchema = z.object({
  generations: z.array(runningGenerationSchema),
});

const sameText = (left: unknown, right: unknown) =>
  (typeof left === 'string' ? left.trim() : '') === (typeof right === 'string' ? right.trim() : '');

/**
 * Whether a new request would make the same job as a stored record: the same method and the
 * same content (URL and pasted text, or category path and responders). Counts and lengths do
 * not make a different job: the user would still get two drafts of the same FAQ.
 */
export function sameGenerationInput(
  request: CreateGenerationRequest,
  record: Pick<Generation, 'method' | 'inputData'>,
): boolean {
  if (request.method !== record.method) return false;
  const input = readGenerationInput(record.inputData);
  if (request.method === 'url')
    return sameText(request.url, input.url) && sameText(request.textInput, input.textInput);
  const responders = (list: string[] | undefined) =>
    (list ?? [])
      .map((responder) => responder.trim())
      .filter(Boolean)
      .join('\n');
  return (
    sameText(request.categoryName, input.categoryName) &&
    sameText(request.major, input.major) &&
    sameText(request.medium, input.medium) &&
    sameText(request.minor, input.minor) &&
    responders(request.responders) === responders(input.responders)
  );
}

export const generationListSchema = z.object({
  generations: z.array(generationSummarySchema),
  nextCursor: z.string().nullable(),
  /**
   * Failed or cancelled attempts that produced nothing (no question, no FAQ) among the records
   * the other filters match, so a screen that hides them can say how many it hides.
   */
  emptyFailures: z.number().int().optional(),
});

/** The history's filters: a record's method as the screen names it (text is URL mode without a URL). */
export const HISTORY_METHODS = ['url', 'text', 'category'] as const;
/** draft: waiting at its questions (stage questions_ready). */
export const HISTORY_STATUSES = [
  'generating',
  'draft',
  'completed',
  'failed',
  'cancelled',
] as const;

/**
 * GET /api/generations: `q` searches titles, `status` and `method` filter, `emptyFailures`
 * says what to do with attempts that produced nothing (shown unless `hide`; `only` lists them).
 */
export const generationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  q: z
    .string()
    .trim()
    .max(GENERATION_TITLE_MAX, '検索語は100文字以内で入力してください')
    .optional(),
  status: z.enum(HISTORY_STATUSES, { error: '状態の指定が正しくありません' }).optional(),
  method: z.enum(HISTORY_METHODS, { error: '作成方法の指定が正しくありません' }).optional(),
  emptyFailures: z
    .enum(['show', 'hide', 'only'], { error: '失敗した作成の表示方法の指定が正しくありません' })
    .optional(),
});
export type GenerationListQuery = z.infer<typeof generationListQuerySchema>;

/** PATCH /api/generations/:id: renaming a record from the history. */
export const renameGenerationSchema = z.object({
  title: z
    .string({ error: 'タイトルを入力してください' })
    .trim()
    .min(1, 'タイトルを入力してください')
    .max(GENERATION_TITLE_MAX, `タイトルは${GENERATION_TITLE_MAX}文字以内で入力してください`),
});
export type RenameGenerationRequest = z.infer<typeof renameGenerationSchema>;
export type GenerationList = z.infer<typeof generationListSchema>;

/**
 * A record at the question stage (stage 'questions_ready') is a draft: it waits for the user to
 * choose questions, and is removed after this many days untouched (the cleanup-drafts job).
 */
export const DRAFT_RETENTION_DAYS = 30;

export const isDraft = (generation: Pick<Generation, 'stage'>) =>
  generation.stage === 'questions_ready';

/** The specification's progress steps (percent) with their status text. */
export const PROGRESS_STEPS = {
  fetchingUrl: { progress: 10, message: 'URLからコンテンツを取得中...' },
  readingText: { progress: 10, message: 'テキストを読み込み中...' },
  preparingCategory: { progress: 10, message: '質問の準備中...' },
  analysing: { progress: 20, message: 'コンテンツを解析中...' },
  questions: { progress: 30, message: '質問を生成中...' },
  questionsReady: { progress: 40, message: '回答を作成する質問を選んでください' },
  answersStarted: { progress: 70, message: '回答を生成中...' },
  answering: { progress: 75, message: '回答を生成中...' },
  finishing: { progress: 95, message: '仕上げ中...' },
  completed: { progress: 100, message: 'FAQの生成が完了しました' },
} as const;

/** 10→20 while pages are read (read ÷ planned). */
export const crawlProgress = (done: number, planned: number) =>
  10 + Math.min(9, Math.floor((done / Math.max(1, planned)) * 10));

/** 75→95 while answers are written (done ÷ approved). */
export const answerProgress = (done: number, approved: number) =>
  75 + Math.min(19, Math.floor((done / Math.max(1, approved)) * 20));

export const CANCELLED_MESSAGE = '中止しました';

/**
 * docs/spec.md §3's statuses plus `cancelled`: the owner pressed 中止 and the job stopped,
 * keeping (and charging) only what it had made (docs/adr/032-cancel-that-stops.md).
 */
export const GENERATION_STATUSES = ['generating', 'completed', 'failed', 'cancelled'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** How a status reads wherever a record is listed (history, admin). */
export const GENERATION_STATUS_LABELS: Record<GenerationStatus, string> = {
  generating: '生成中',
  completed: '完了',
  failed: '失敗',
  cancelled: 'キャンセル',
};

/** What a stopped answer run says it kept: the screen and the history show it as it is. */
export function cancelledAnswersMessage(kept: number, charged: number): string {
  return kept === 0
    ? `${CANCELLED_MESSAGE}。回答は作成されていないため、クレジットは消費していません`
    : `${CANCELLED_MESSAGE}。作成済みの${kept}件を保存しました（${charged}クレジット）`;
}

/**
 * POST /api/generations/{id}/answers → 202. The same generation answers once: a repeated or
 * concurrent request (or a retry with the same Idempotency-Key header) gets the same run,
 * `reused: true`, and is charged nothing more.
 */
export const answerRunSchema = z.object({ id: z.string(), reused: z.boolean() });
export type AnswerRun = z.infer<typeof answerRunSchema>;

/** POST /api/generations/{id}/questions/regenerate → 202: new questions on the same record. */
export const questionRunSchema = z.object({ id: z.string(), reused: z.boolean() });
export type QuestionRun = z.infer<typeof questionRunSchema>;

export const ANSWER_EDIT_MAX_CHARS = 5000;
export const OWNER_QUESTION_MAX_CHARS = 500;

const answerText = z
  .string()
  .trim()
  .min(1, '回答を入力してください')
  .max(
    ANSWER_EDIT_MAX_CHARS,
    `回答は${ANSWER_EDIT_MAX_CHARS.toLocaleString('ja-JP')}文字以内で入力してください`,
  );
const questionText = z
  .string()
  .trim()
  .min(1, '質問を入力してください')
  .max(
    OWNER_QUESTION_MAX_CHARS,
    `質問は${OWNER_QUESTION_MAX_CHARS.toLocaleString('ja-JP')}文字以内で入力してください`,
  );

export const EDIT_NOTHING_GIVEN = '質問または回答を入力してください';

/**
 * PATCH /api/generations/{id}/items/{index} → 200 with the saved FaqItem: the owner's wording
 * of the answer, of the question, or both (編集済み, edited: true), and whether the FAQ is
 * approved for export (承認; no rewording, so not 編集済み). A field left out is kept as it is.
 */
export const editAnswerSchema = z
  .object({
    answer: answerText.optional(),
    question: questionText.optional(),
    approved: z.boolean({ error: '承認の指定が正しくありません' }).optional(),
    /** The owner checked the 要確認 figures against the page: the flag is cleared. */
    clearUnverified: z.literal(true, { error: '要確認の解除の指定が正しくありません' }).optional(),
  })
  .refine(
    (edit) =>
      edit.answer !== undefined ||
      edit.question !== undefined ||
      edit.approved !== undefined ||
      edit.clearUnverified !== undefined,
    { message: EDIT_NOTHING_GIVEN, path: ['answer'] },
  );
export type EditAnswerRequest = z.infer<typeof editAnswerSchema>;

/**
 * POST /api/generations/{id}/unanswered/{intentId}: the owner's answer to a question the page
 * left unanswered becomes an FAQ of the record, free of charge. The question may be reworded.
 */
export const answerUnansweredSchema = z.object({
  answer: answerText,
  question: questionText.optional(),
});
export type AnswerUnansweredRequest = z.infer<typeof answerUnansweredSchema>;

/** 200: the new FAQ item, its position in the record's items, and the updated list. */
export const unansweredAddedSchema = z.object({
  item: faqItemSchema,
  index: z.number().int(),
  unansweredIntents: z.array(unansweredIntentSchema),
});
export type UnansweredAdded = z.infer<typeof unansweredAddedSchema>;

/** POST /api/generations/{id}/cancel → 202; the job stops at its next step. */
export const cancelResponseSchema = z.object({ id: z.string(), cancelRequested: z.literal(true) });
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
