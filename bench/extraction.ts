/**
 * Extraction benchmark: our HTML extractor against Mozilla Readability on jsdom, on
 * the human-annotated pages of bench/extraction/data (see its README), in the same run. Prints token-level
 * precision, recall and F1 (the benchmark's own metric, checked first against the published
 * reference outputs) and pages per second for each, interleaved so machine noise hits both.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { extractHtml } from '../src/server/modules/ingestion/html-extract.ts';
import { score, type Score } from './extraction/score.ts';
import { table } from './support.ts';

const DATA_DIR =
  process.env.BENCH_EXTRACTION_DIR ?? path.resolve(import.meta.dirname, 'extraction', 'data');
const ROUNDS = Number(process.env.BENCH_EXTRACTION_ROUNDS ?? 3);

interface Page {
  id: string;
  url: string;
  html: string;
  truth: string;
}

function loadPages(): Page[] {
  const truth = JSON.parse(
    readFileSync(path.join(DATA_DIR, 'ground-truth.json'), 'utf8'),
  ) as Record<string, { articleBody?: string; url?: string }>;
  return readdirSync(path.join(DATA_DIR, 'html'))
    .filter((file) => file.endsWith('.html.gz'))
    .map((file) => {
      const id = file.replace(/\.html\.gz$/, '');
      return {
        id,
        url: truth[id]?.url ?? 'https://example.com/',
        html: gunzipSync(readFileSync(path.join(DATA_DIR, 'html', file))).toString('utf8'),
        truth: truth[id]?.articleBody ?? '',
      };
    })
    .filter((page) => page.truth !== '');
}

function ours(page: Page): string {
  return extractHtml(page.html, page.url).text;
}

const quietConsole = new VirtualConsole();

function readability(page: Page): string {
  const dom = new JSDOM(page.html, { url: page.url, virtualConsole: quietConsole });
  const article = new Readability(dom.window.document).parse();
  dom.window.close();
  return article?.textContent ?? '';
}

function checkScorer(): boolean {
  const truth = JSON.parse(
    readFileSync(path.join(DATA_DIR, 'ground-truth.json'), 'utf8'),
  ) as Record<string, { articleBody?: string }>;
  const published: Record<string, number> = { readability_js: 0.947, trafilatura: 0.958 };
  let ok = true;
  for (const [name, expected] of Object.entries(published)) {
    const output = JSON.parse(
      readFileSync(path.join(DATA_DIR, 'reference-outputs', `${name}.json`), 'utf8'),
    ).output as Record<string, { articleBody?: string }>;
    const result = score(
      Object.keys(truth).map((id) => ({
        truth: truth[id]?.articleBody ?? '',
        predicted: output[id]?.articleBody ?? '',
      })),
    );
    const matches = Math.abs(result.f1 - expected) < 0.0005;
    ok &&= matches;
    console.log(
      `scorer check: ${name} F1 ${result.f1.toFixed(3)} (published ${expected}) ${matches ? 'ok' : 'MISMATCH'}`,
    );
  }
  return ok;
}

export async function runExtractionBench(): Promise<boolean> {
  if (!existsSync(path.join(DATA_DIR, 'ground-truth.json'))) {
    console.log(`failed: no benchmark data at ${DATA_DIR}`);
    return false;
  }
  if (!checkScorer()) return false;
  const pages = loadPages();
  const extractors = { ours, readability } as const;
  type Name = keyof typeof extractors;
  const outputs: Record<Name, string[]> = { ours: [], readability: [] };
  const elapsed: Record<Name, number> = { ours: 0, readability: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first per page so warm-up and noise are shared fairly.
    pages.forEach((page, index) => {
      const order: Name[] =
        (index + round) % 2 === 0 ? ['ours', 'readability'] : ['readability', 'ours'];
      for (const name of order) {
        const start = performance.now();
        const text = extractors[name](page);
        elapsed[name] += performance.now() - start;
        if (round === 0) outputs[name][index] = text;
      }
    });
  }
  const results = {} as Record<Name, Score & { pagesPerSecond: number }>;
  for (const name of Object.keys(extractors) as Name[]) {
    results[name] = {
      ...score(
        pages.map((page, index) => ({ truth: page.truth, predicted: outputs[name][index]! })),
      ),
      pagesPerSecond: (pages.length * ROUNDS) / (elapsed[name] / 1000),
    };
  }
  table(
    (Object.keys(results) as Name[]).map((name) => ({
      extractor:
        name === 'ours'
          ? 'FAQ工房 (linkedom + Readability + pre-clean)'
          : 'Readability 0.6 on jsdom',
      precision: results[name].precision.toFixed(3),
      recall: results[name].recall.toFixed(3),
      F1: results[name].f1.toFixed(3),
      'pages/s': results[name].pagesPerSecond.toFixed(1),
    })),
  );
  const speedRatio = results.ours.pagesPerSecond / results.readability.pagesPerSecond;
  const f1Better = results.ours.f1 > results.readability.f1;
  console.log(
    `${pages.length} pages × ${ROUNDS} rounds. F1 ${results.ours.f1.toFixed(3)} vs ${results.readability.f1.toFixed(3)} (${f1Better ? 'above' : 'NOT above'} baseline); speed ${speedRatio.toFixed(2)}× baseline (target ≥ 2×)`,
  );
  return f1Better && speedRatio >= 2;
}

if (import.meta.main) process.exit((await runExtractionBench()) ? 0 : 1);
