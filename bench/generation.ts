/**
 * Generation benchmark: the real generation code and provider (AI SDK → OpenAI
 * chat completions) against the local mock model with a fixed latency per call. The lower
 * bound is what the configured concurrency allows for the calls each dependent phase makes;
 * the ratio wall / bound shows how close the fan-out comes to it (target ≤ 1.2).
 */
import { performance } from 'node:perf_hooks';
import { buildConfig, parseEnv } from '../src/server/config.ts';
import {
  generateExpertAnswer,
  generateIntegratedAnswer,
} from '../src/server/modules/ai/category-ai.ts';
import {
  generateAnswersFromContent,
  generateQuestionsFromContent,
} from '../src/server/modules/ai/faq-ai.ts';
import type { ContentPage } from '../src/server/modules/ai/offline-engine.ts';
import { resolveEngine } from '../src/server/modules/ai/providers.ts';
import { emptyUsage } from '../src/server/modules/ai/structured.ts';
import pLimit from 'p-limit';
import { startMockLlm } from '../tests/fixtures/mock-llm/server.ts';
import { table } from './support.ts';

const LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_AI_CONCURRENCY ?? 8);

function sitePages(count: number): ContentPage[] {
  return Array.from({ length: count }, (_, index) => ({
    url: `https://example.jp/page-${index}`,
    title: `ページ${index}`,
    markdown: `# サービス${index}\n\n${Array.from(
      { length: 40 },
      (_, line) =>
        `サービス${index}のプラン${line}は月額${1000 + line * 100}円で、${line + 1}名まで利用できます。`,
    ).join('\n')}`,
  }));
}

export async function runGenerationBench(): Promise<boolean> {
  const llm = await startMockLlm({ latencyMs: LATENCY_MS });
  const config = buildConfig(
    parseEnv({
      DATA_DIR: '.tmp/bench',
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: llm.url,
      AI_CONCURRENCY: String(CONCURRENCY),
    }),
  );
  const run = () => ({
    engine: resolveEngine(config, 'auto'),
    chain: [],
    limiter: pLimit(CONCURRENCY),
    usage: emptyUsage(),
  });
  const bound = (calls: number[]) =>
    calls.reduce((sum, phase) => sum + Math.ceil(phase / CONCURRENCY) * LATENCY_MS, 0);
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  try {
    // URL mode: 100 questions from a 10-page site, then 100 answers.
    const pages = sitePages(10);
    let ai = run();
    llm.resetStats();
    let start = performance.now();
    const { drafts: questions } = await generateQuestionsFromContent(ai, pages, 100);
    const questionCalls = llm.stats.calls;
    const filled =
      questions.length < 100
        ? [
            ...questions,
            ...Array.from({ length: 100 - questions.length }, (_, index) => ({
              question: `追加の質問${index}はありますか？`,
            })),
          ]
        : questions;
    await generateAnswersFromContent(ai, filled.slice(0, 100), pages, 'medium');
    let wall = performance.now() - start;
    let lower = bound([questionCalls, llm.stats.calls - questionCalls]);
    rows.push({
      scenario: '100 FAQs, URL mode',
      'model calls': llm.stats.calls,
      'max in flight': llm.stats.maxInFlight,
      'wall ms': Math.round(wall),
      'bound ms': lower,
      'wall / bound': (wall / lower).toFixed(2),
    });
    ok &&= wall / lower <= 1.2;

    // Category mode: 20 questions × 5 experts, then 20 integrated answers.
    ai = run();
    llm.resetStats();
    const experts = ['税理士', '弁護士', '社労士', '司法書士', '行政書士'];
    const category = { name: '相続', path: '相続', responders: experts };
    start = performance.now();
    const expertAnswers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        Promise.all(
          experts.map((expert) =>
            generateExpertAnswer(ai, {
              question: `質問${index}`,
              expert,
              category,
              length: 'short',
            }).then((result) => ({ expert, answer: result?.answer ?? '' })),
          ),
        ),
      ),
    );
    const expertCalls = llm.stats.calls;
    await Promise.all(
      expertAnswers.map((answers, index) =>
        generateIntegratedAnswer(ai, {
          question: `質問${index}`,
          expertAnswers: answers,
          length: 'short',
        }),
      ),
    );
    wall = performance.now() - start;
    lower = bound([expertCalls, llm.stats.calls - expertCalls]);
    rows.push({
      scenario: '20 questions × 5 experts',
      'model calls': llm.stats.calls,
      'max in flight': llm.stats.maxInFlight,
      'wall ms': Math.round(wall),
      'bound ms': lower,
      'wall / bound': (wall / lower).toFixed(2),
    });
    ok &&= wall / lower <= 1.2;
  } finally {
    await llm.close();
  }
  table(rows);
  console.log(
    `latency ${LATENCY_MS} ms per call, concurrency ${CONCURRENCY}; target wall / bound ≤ 1.2: ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}

if (import.meta.main) {
  process.exitCode = (await runGenerationBench()) ? 0 : 1;
}
