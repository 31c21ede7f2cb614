import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateThroughApi } from './run-case.ts';
import { addCounts, qualityFigures, scoreCase, type QualityCase } from './score.ts';

/** The bench's way of asking: 10 questions a text, every one approved, answers 短め. */
export const ASKED = 10;

/** The development texts the quality figures were first defined on (README.md). */
export const DEVELOPMENT_CASES = path.resolve(import.meta.dirname, 'cases/development.json');

/**
 * The project's own sets of the same shape, written without sight of the engine: short texts in
 * the development set's style with site formats (【見出し】, ・menus, 10:00 times), texts as
 * pasted from real pages (## headings, tables, よくある質問 blocks, 項目：値 lines), and short
 * texts in varied phrasing (ただし／なお, conditions, kanji and full-width figures).
 */
export const OWN_CASE_SETS = ['site-sentences', 'pasted-pages', 'varied-phrasing'].map((name) => ({
  name,
  file: path.resolve(import.meta.dirname, `cases/${name}.json`),
}));

/**
 * Real small-business pages as published (bench/faq-quality/real/README.md): the development set
 * for blind grading. Its phrase figures are printed, not held in the test suite: the engine is
 * judged on it by eye (grading.ts), and it must not be tuned to pass a phrase count.
 */
export const REAL_PAGES = path.resolve(import.meta.dirname, 'real/pages.json');

export function readCases(file: string): QualityCase[] {
  return JSON.parse(readFileSync(file, 'utf8')) as QualityCase[];
}

/**
 * Every text of a set through the product's API as the bench asks it, and the README's figures
 * for the whole set; `eachRun` sees each run (the suite checks what it charged).
 */
export async function scoreSetThroughApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  cases: QualityCase[],
  eachRun: (run: Awaited<ReturnType<typeof generateThroughApi>>) => void = () => undefined,
) {
  const counts = [];
  for (const testCase of cases) {
    const run = await generateThroughApi(app, headers, {
      text: testCase.text,
      count: ASKED,
      length: 'short',
    });
    eachRun(run);
    counts.push(scoreCase(testCase, ASKED, run.faqs, 'short'));
  }
  return qualityFigures(addCounts(counts));
}
