/**
 * FAQ quality: the offline engine scored on bench/faq-quality's sets through the product's
 * own API (paste, ask 10, approve all, 短め), printed beside the README's targets; then the
 * same texts on a model engine against the local model server, proving the top-up and
 * grounding plumbing (count reached, every answer's prompt held its evidence). Between them,
 * the engine's time per 10,000 characters. With `--explain` it prints instead, for each Q&A
 * of the real pages (or FAQ_QUALITY_CASES), what made it and its evidence.
 */
import { startMockLlm } from '../tests/fixtures/mock-llm/server.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { seedUser } from '../tests/helpers/users.ts';
import {
  ASKED,
  DEVELOPMENT_CASES,
  OWN_CASE_SETS,
  REAL_PAGES,
  readCases,
  scoreSetThroughApi,
} from './faq-quality/case-sets.ts';
import { engineSpeed, explain } from './faq-quality/engine.ts';
import { generateThroughApi } from './faq-quality/run-case.ts';
import type { qualityFigures } from './faq-quality/score.ts';
import { table } from './support.ts';

// FAQ_QUALITY_CASES points the bench at another case file of the same shape (a held-out set),
// scored instead of the project's sets; a file not there fails the run.
const HELD_OUT = process.env.FAQ_QUALITY_CASES;

export async function runFaqQualityBench(): Promise<boolean> {
  if (process.argv.includes('--explain')) {
    await explain(readCases(HELD_OUT ?? REAL_PAGES));
    return true;
  }
  const sets = HELD_OUT
    ? [{ name: 'held out', file: HELD_OUT }]
    : [
        { name: 'development', file: DEVELOPMENT_CASES },
        ...OWN_CASE_SETS,
        { name: 'real pages', file: REAL_PAGES },
      ];
  const cases = readCases(sets[0]!.file);
  const offline = await createTestApp();
  let ok = true;
  try {
    const user = await seedUser(offline.app, { credits: 5000 });
    const columns: Record<string, ReturnType<typeof qualityFigures>> = {};
    for (const set of sets)
      columns[set.name] = await scoreSetThroughApi(offline.app, user.headers, readCases(set.file));
    const [first] = Object.values(columns);
    table(
      first!.map(({ figure, target }, row) => ({
        figure,
        ...Object.fromEntries(
          Object.entries(columns).map(([name, figures]) => [name, figures[row]!.shown]),
        ),
        target,
        met: Object.values(columns).every((figures) => figures[row]!.met) ? 'yes' : 'NO',
      })),
    );
    ok = Object.values(columns).every((figures) => figures.every((figure) => figure.met));
  } finally {
    await offline.close();
  }
  await engineSpeed(readCases(REAL_PAGES));

  const llm = await startMockLlm({ latencyMs: 5 });
  const model = await createTestApp({ OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: llm.url });
  try {
    const user = await seedUser(model.app, { credits: 1000 });
    let asked = 0;
    let made = 0;
    let grounded = 0;
    let answered = 0;
    for (const testCase of cases) {
      llm.resetStats();
      const run = await generateThroughApi(model.app, user.headers, {
        text: testCase.text,
        count: ASKED,
        length: 'short',
      });
      asked += ASKED;
      made += run.questions.length;
      const record = await model.app.inject({
        method: 'GET',
        url: '/api/generations',
        headers: user.headers,
      });
      const latest = record.json<{
        generations: { items: { question: string; evidence?: string; failed?: boolean }[] }[];
      }>().generations[0]!;
      for (const item of latest.items) {
        if (item.failed) continue;
        answered++;
        const prompt = llm.stats.answerPrompts.find((text) => text.includes(item.question));
        if (prompt && item.evidence && prompt.includes(item.evidence)) grounded++;
      }
    }
    table([
      {
        figure: 'questions made ÷ asked',
        'model engine (test server)': `${made}/${asked}`,
        target: 'all',
        met: made === asked ? 'yes' : 'NO',
      },
      {
        figure: 'answers whose prompt held their evidence',
        'model engine (test server)': `${grounded}/${answered}`,
        target: 'all',
        met: grounded === answered && answered > 0 ? 'yes' : 'NO',
      },
    ]);
    ok &&= made === asked && grounded === answered && answered > 0;
  } finally {
    await model.close();
    await llm.close();
  }
  return ok;
}
