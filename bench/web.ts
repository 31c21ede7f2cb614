/**
 * Web benchmark: on a fresh production build, the gzip size of the JavaScript each public page
 * loads before it is interactive (from the build manifest), and Lighthouse mobile scores
 * (median of three runs) for the public pages, served by the real server. Fails when a target
 * is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_ROUTE_SOURCES } from '../build/prerender-plugin.ts';
import { JS_BUDGET_KB, routeJsSizes } from './web/bundle-size.ts';
import { CHROMIUM_PATH, lighthouseMedian, type LighthouseScores } from './web/lighthouse.ts';
import { EMBED_BUDGET_KB, measurePublishedFaq } from './web/published-faq.ts';
import { startServer, table } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const TARGETS = { performance: 95, accessibility: 100, seo: 100, jsKb: JS_BUDGET_KB };

function build(webDir: string): void {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', webDir, '--logLevel', 'warn'],
    // The caller's NODE_ENV must not matter (the build forces production).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

export async function runWebBench(): Promise<boolean> {
  const webDir = path.join(root, '.tmp', 'bench-web');
  build(webDir);
  const sizes = routeJsSizes(webDir);
  const scores = new Map<string, LighthouseScores>();
  let lighthouseNote = '';
  if (!existsSync(CHROMIUM_PATH)) {
    lighthouseNote = `Lighthouse skipped: no Chromium at ${CHROMIUM_PATH}`;
  } else {
    const server = await startServer({ WEB_DIR: webDir });
    try {
      for (const pathname of Object.keys(PUBLIC_ROUTE_SOURCES)) {
        scores.set(pathname, await lighthouseMedian(`${server.url}${pathname}`, RUNS));
      }
    } finally {
      await server.stop();
    }
  }

  let ok = true;
  const mark = (value: number, pass: boolean) => {
    if (!pass) ok = false;
    return `${value}${pass ? '' : ' ✗'}`;
  };
  table(
    sizes.map((size) => {
      const kb = Math.round((size.gzipBytes / 1024) * 10) / 10;
      const score = scores.get(size.path);
      return {
        page: size.path,
        [`JS gzip KB (≤${TARGETS.jsKb})`]: mark(kb, kb <= TARGETS.jsKb),
        'JS raw KB': Math.round(size.rawBytes / 1024),
        chunks: size.files.length,
        ...(score
          ? {
              [`perf (≥${TARGETS.performance})`]: mark(
                score.performance,
                score.performance >= TARGETS.performance,
              ),
              [`a11y (${TARGETS.accessibility})`]: mark(
                score.accessibility,
                score.accessibility >= TARGETS.accessibility,
              ),
              [`SEO (${TARGETS.seo})`]: mark(score.seo, score.seo >= TARGETS.seo),
              'LCP ms': score.lcpMs,
              'TBT ms': score.tbtMs,
            }
          : {}),
      };
    }),
  );
  // The published FAQ page (/f/{slug}) and the embed's script (issue 28).
  const published = await measurePublishedFaq(RUNS);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const embedKb = kb(published.embedGzipBytes);
  table([
    {
      page: '/f/{slug} (10 questions)',
      'HTML gzip KB': kb(published.pageGzipBytes),
      [`embed.js gzip KB (<${EMBED_BUDGET_KB})`]: mark(embedKb, embedKb < EMBED_BUDGET_KB),
      ...(published.scores
        ? {
            [`perf (≥${TARGETS.performance})`]: mark(
              published.scores.performance,
              published.scores.performance >= TARGETS.performance,
            ),
            [`a11y (${TARGETS.accessibility})`]: mark(
              published.scores.accessibility,
              published.scores.accessibility >= TARGETS.accessibility,
            ),
            [`SEO (${TARGETS.seo})`]: mark(
              published.scores.seo,
              published.scores.seo >= TARGETS.seo,
            ),
            'LCP ms': published.scores.lcpMs,
            'TBT ms': published.scores.tbtMs,
          }
        : {}),
    },
    ...(published.blank
      ? [
          {
            page: 'blank Japanese page, same runs',
            [`perf (≥${TARGETS.performance})`]: published.blank.performance,
            'LCP ms': published.blank.lcpMs,
            'TBT ms': published.blank.tbtMs,
          },
        ]
      : []),
  ]);
  if (published.note) console.log(`Published FAQ page: Lighthouse skipped (${published.note}).`);
  console.log(
    lighthouseNote ||
      `Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile, production build.`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runWebBench()) ? 0 : 1);
}
