import type { FastifyInstance } from 'fastify';
import type { ProducedFaq } from './score.ts';

/**
 * One text through the product's own API, as a user would: paste it, ask for `count` questions,
 * approve every question made, wait for the answers.
 */
export async function generateThroughApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  input: { text: string; count: number; length: 'short' | 'medium' | 'long' },
): Promise<{ questions: string[]; faqs: ProducedFaq[]; message: string; creditsUsed: number }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/generations',
    headers,
    payload: {
      method: 'url',
      textInput: input.text,
      faqCount: input.count,
      answerLength: input.length,
    },
  });
  if (created.statusCode !== 202) throw new Error(`create failed: ${created.body}`);
  const { id } = created.json<{ id: string }>();
  const ready = await waitFor(app, headers, id, ['questions_ready', 'failed']);
  if (ready.stage !== 'questions_ready')
    return { questions: [], faqs: [], message: ready.message, creditsUsed: 0 };
  const answers = await app.inject({
    method: 'POST',
    url: `/api/generations/${id}/answers`,
    headers,
    payload: { questions: ready.questions },
  });
  if (answers.statusCode !== 202) throw new Error(`answers failed: ${answers.body}`);
  const done = await waitFor(app, headers, id, ['completed', 'failed']);
  return {
    questions: ready.questions,
    faqs: done.items.map((item) => ({
      question: item.question,
      answer: item.answer,
      failed: item.failed,
      ...(item.belowLength ? { belowLength: true } : {}),
    })),
    message: ready.message,
    creditsUsed: done.creditsUsed,
  };
}

interface Record_ {
  stage: string;
  message: string;
  questions: string[];
  creditsUsed: number;
  items: {
    question: string;
    answer: string;
    failed?: boolean;
    belowLength?: boolean;
    evidence?: string;
    sourceUrl?: string;
  }[];
}

export async function waitFor(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  stages: string[],
): Promise<Record_> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const response = await app.inject({ method: 'GET', url: `/api/generations/${id}`, headers });
    const body = response.json<Record_>();
    if (stages.includes(body.stage)) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} never reached ${stages.join('/')}`);
}
