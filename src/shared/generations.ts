import { z } from 'zod';
import { aiSettingsSchema } from './ai.ts';
import { MAX_FAQS_PER_BATCH, MAX_RESPONDERS, PASTED_TEXT_MAX_CHARS } from './limits.ts';
import { isValidUrl } from './url.ts';

export const URL_OR_TEXT_REQUIRED = 'URLまたはテキストを入力してください';
export const INVALID_URL = '無効なURLです。正しいURL（https://example.com など）を入力してください';
export const CATEGORY_REQUIRED = 'カテゴリー名と回答者を入力してください';

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const createGenerationSchema = z
  .object({
    method: z.enum(['url', 'category']),
    url: optionalText(2000),
    textInput: z
      .string()
      .max(
        PASTED_TEXT_MAX_CHARS,
        `テキストは${PASTED_TEXT_MAX_CHARS.toLocaleString('ja-JP')}文字以内で入力してください`,
      )
      .optional(),
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

export const faqItemSchema = z.object({
  question: z.string(),
  answer: z.string(),
  answerSource: z.enum(['ai_direct', 'synthesized', 'fallback', 'offline']),
  approved: z.boolean(),
  failed: z.boolean().optional(),
  expertAnswers: z.array(z.object({ expert: z.string(), answer: z.string() })).optional(),
  integratedAnswer: z.string().optional(),
  sourceUrl: z.string().optional(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const GENERATION_STAGES = [
  'fetching',
  'questions_ready',
  'answering',
  'completed',
  'failed',
] as const;

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationListSchema = z.object({
  generations: z.array(generationSchema),
  nextCursor: z.string().nullable(),
});
