/**
 * Figure check benchmark (docs/adr/036-figure-check.md): the real answer code and provider (AI
 * SDK → OpenAI chat completions) against the local mock model, on the development texts and on
 * the real-page set. The mock answers from the passages, restating their figures in other
 * notations (1,000円 → 1000円, 17:30 → 17時30分), and in a set share of answers changes one
 * figure (price, time, phone, date, count) or invents one; asked again, it repeats the answer,
 * so every injected error must end flagged with its phrase marked.
 *
 * Prints the catch rate (injected errors whose phrase ends marked 要確認; target ≥ 99 %) and the
 * false-flag rate (correct answers sent back or flagged; target ≤ 2 %).
 */
import pLimit from 'p-limit';
import { buildConfig, parseEnv } from '../src/server/config.ts';
import {
  generateAnswersFromContent,
  generateQuestionsFromContent,
  type AnswerResult,
} from '../src/server/modules/ai/faq-ai.ts';
import { resolveEngine } from '../src/server/modules/ai/providers.ts';
import { emptyUsage } from '../src/server/modules/ai/structured.ts';
import { ingestText } from '../src/server/modules/ingestion/ingestion.service.ts';
import {
  FIGURE_CHANGES,
  startMockLlm,
  type FigureInjection,
} from '../tests/fixtures/mock-llm/server.ts';
import {
  DEVELOPMENT_CASES,
  OWN_CASE_SETS,
  REAL_PAGES,
  readCases,
} from './faq-quality/case-sets.ts';
import { table } from './support.ts';

/** The share of answers given with a wrong figure. */
const WRONG_SHARE = Number(process.env.BENCH_WRONG_FIGURE_SHARE ?? 0.3);
const QUESTIONS_PER_TEXT = 10;
export const CATCH_TARGET = 0.99;
export const FALSE_FLAG_TARGET = 0.02;

interface Tally {
  injected: number;
  caught: number;
  correct: number;
  falseFlags: number;
  byKind: Record<string, { injected: number; caught: number }>;
  missed: string[];
  falselyFlagged: string[];
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`;

export async function runFiguresBench(): Promise<boolean> {
  const llm = await startMockLlm({
    restateFigures: true,
    wrongFigures: { share: WRONG_SHARE, onRewrite: 'keep' },
  });
  const config = buildConfig(
    parseEnv({ DATA_DIR: '.tmp/bench', OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: llm.url }),
  );
  const run = () => ({
    engine: resolveEngine(config, 'auto'),
    chain: [],
    limiter: pLimit(8),
    usage: emptyUsage(),
  });
  const sets = [
    {
      name: 'development texts',
      files: [...OWN_CASE_SETS.map((set) => set.file), DEVELOPMENT_CASES],
    },
    { name: 'real pages', files: [REAL_PAGES] },
  ];
  const explain = process.argv.includes('--explain');
  let ok = true;
  const rows: Record<string, string | number>[] = [];
  try {
    for (const set of sets) {
      const tally: Tally = {
        injected: 0,
        caught: 0,
        correct: 0,
        falseFlags: 0,
        byKind: {},
        missed: [],
        falselyFlagged: [],
      };
      for (const file of set.files) {
        for (const testCase of readCases(file)) {
          const pages = [
            { url: '', title: '入力テキスト', markdown: ingestText(testCase.text).markdown },
          ];
          const ai = run();
          const { drafts } = await generateQuestionsFromContent(ai, pages, QUESTIONS_PER_TEXT);
          const before = llm.stats.figureInjections.length;
          const results = await generateAnswersFromContent(ai, drafts, pages, 'short');
          const injections = llm.stats.figureInjections.slice(before);
          score(tally, results, injections, testCase.name);
        }
      }
      const catchRate = tally.caught / Math.max(1, tally.injected);
      const falseRate = tally.falseFlags / Math.max(1, tally.correct);
      ok &&= catchRate >= CATCH_TARGET && falseRate <= FALSE_FLAG_TARGET;
      rows.push({
        set: set.name,
        answers: tally.injected + tally.correct,
        'wrong figures': tally.injected,
        'caught (≥ 99 %)': percent(tally.caught, tally.injected),
        'false flags (≤ 2 %)': percent(tally.falseFlags, tally.correct),
        ...Object.fromEntries(
          FIGURE_CHANGES.map((kind) => [
            kind,
            percent(tally.byKind[kind]?.caught ?? 0, tally.byKind[kind]?.injected ?? 0),
          ]),
        ),
      });
      if (explain) {
        for (const line of tally.missed) console.log(`missed   ${set.name}: ${line}`);
        for (const line of tally.falselyFlagged) console.log(`flagged  ${set.name}: ${line}`);
      }
    }
  } finally {
    await llm.close();
  }
  table(rows);
  console.log(
    `${ok ? 'OK' : 'BELOW TARGET'}: catch rate ≥ ${CATCH_TARGET * 100} % and false flags ≤ ${FALSE_FLAG_TARGET * 100} % on every set (--explain lists misses and false flags)`,
  );
  return ok;
}

function score(
  tally: Tally,
  results: AnswerResult[],
  injections: FigureInjection[],
  name: string,
): void {
  for (const result of results) {
    if (result.failed) continue;
    // The mock repeats a wrong answer when asked again, so the kept answer is the one it sent.
    const injected = injections.find((entry) => entry.answer === result.answer);
    if (injected) {
      tally.injected++;
      const kind = (tally.byKind[injected.kind] ??= { injected: 0, caught: 0 });
      kind.injected++;
      // Marked: a flagged phrase is the wrong figure, whether or not it takes in its 午後 or 税込.
      const marked = (result.unverified ?? []).some(
        (phrase) => phrase.includes(injected.phrase) || injected.phrase.includes(phrase),
      );
      if (marked) {
        tally.caught++;
        kind.caught++;
      } else
        tally.missed.push(
          `${name} [${injected.kind}] 「${injected.phrase}」 in ${result.answer.slice(0, 80)}`,
        );
    } else {
      tally.correct++;
      if (result.rewrittenFor || result.unverified) {
        tally.falseFlags++;
        tally.falselyFlagged.push(
          `${name} ${JSON.stringify(result.rewrittenFor ?? result.unverified)} in ${result.answer.slice(0, 80)}`,
        );
      }
    }
  }
}
