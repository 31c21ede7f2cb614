/**
 * `npm run bench`: every benchmark in sequence. Each prints measurements taken side by side in
 * the same run (these machines are noisy; absolute times mean little, ratios mean more).
 * `npm run bench -- faq` runs only the benchmarks whose name contains a word given; words
 * starting with `--` are options a bench reads itself (`npm run bench -- faq --explain`).
 */
import { runCreditsBench } from './credits.ts';
import { runExtractionBench } from './extraction.ts';
import { runFaqQualityBench } from './faq-quality.ts';
import { runFiguresBench } from './figures.ts';
import { runGenerationBench } from './generation.ts';
import { runScaleOutBench } from './scale-out.ts';
import { runWebBench } from './web.ts';

const benches: { name: string; run: () => Promise<boolean> }[] = [
  { name: 'faq quality', run: runFaqQualityBench },
  { name: 'figures', run: runFiguresBench },
  { name: 'credits', run: runCreditsBench },
  { name: 'generation', run: runGenerationBench },
  { name: 'scale-out', run: runScaleOutBench },
  { name: 'extraction', run: runExtractionBench },
  { name: 'web', run: runWebBench },
];

const wanted = process.argv.slice(2).filter((word) => !word.startsWith('--'));
const chosen = wanted.length
  ? benches.filter((bench) => wanted.some((word) => bench.name.includes(word)))
  : benches;

let failed = false;
for (const bench of chosen) {
  console.log(`\n=== ${bench.name} ===`);
  try {
    if (!(await bench.run())) failed = true;
  } catch (error) {
    failed = true;
    console.error(`${bench.name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
