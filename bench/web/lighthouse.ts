/**
 * Lighthouse (mobile, its default) on Debian's Chromium through chrome-launcher. Scores vary
 * on a busy machine, so each page is measured several times and the median kept.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time of the median-performance run, ms. */
  lcpMs: number;
  tbtMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One Lighthouse run in a fresh browser: no warm cache, as a visitor from a search result. */
async function lighthouseRun(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

function medianOf(results: LighthouseScores[]): LighthouseScores {
  const byPerformance = [...results].sort((a, b) => a.performance - b.performance);
  const middle = byPerformance[Math.floor(byPerformance.length / 2)]!;
  return {
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    seo: median(results.map((r) => r.seo)),
    lcpMs: middle.lcpMs,
    tbtMs: middle.tbtMs,
  };
}

export async function lighthouseMedian(url: string, runs = 3): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await lighthouseRun(url));
  return medianOf(results);
}

/**
 * Several pages measured in turn, run after run, so each run of each page meets the same moment
 * of a busy machine: their medians compare where one page's figures alone would not.
 */
export async function lighthouseSideBySide(urls: string[], runs = 3): Promise<LighthouseScores[]> {
  const results = urls.map((): LighthouseScores[] => []);
  for (let run = 0; run < runs; run += 1)
    for (const [index, url] of urls.entries()) results[index]!.push(await lighthouseRun(url));
  return results.map(medianOf);
}
