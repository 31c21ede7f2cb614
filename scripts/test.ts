/**
 * `npm test`: the whole suite. Unit, component and integration tests, each server test once:
 * on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), else on embedded PGlite; with
 * PostgreSQL, the embedded database's own suite (the server-pglite project, ADR 035) runs the
 * files where the drivers differ on PGlite as well. Then end-to-end tests in Debian's Chromium
 * against the built app. Ends with each step's time and its slowest files, and one line
 * 'tests: N passed, N failed' so any reader can judge the run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.tmp', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const extraArgs = process.argv.slice(2);

interface StepResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  /** 'file › test: first line of the error', so a truncated log still names what failed. */
  failures: string[];
  seconds: number;
  /** The step's slowest files, 'seconds path', where the time of a run goes. */
  slowest?: string[];
  /** A step that runs no tests (the build) is summed up by its time alone. */
  noTests?: boolean;
}
const results: StepResult[] = [];
/** Files named under each step's time: a slow new test shows in every run's summary. */
const SLOWEST_SHOWN = 5;
const started = performance.now();

/**
 * Steps that run side by side keep their output until they end, so each step's log reads in
 * one piece; a step alone prints as it goes.
 */
function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  buffered = false,
): Promise<boolean> {
  if (!buffered) console.log(`\n▶ ${name}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (buffered) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
    child.on('error', () => resolve(false));
  });
}

async function vitest(
  name: string,
  projects: string[],
  env: NodeJS.ProcessEnv = {},
  buffered = false,
): Promise<void> {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  const start = performance.now();
  const ok = await run(name, bin('vitest'), args, env, buffered);
  const seconds = (performance.now() - start) / 1000;
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  let slowest: string[] = [];
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: {
        name: string;
        status: string;
        message?: string;
        startTime?: number;
        endTime?: number;
        assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed = summary.numPassedTests;
    // A file that cannot even load has no failed tests, but it is a failure all the same.
    const brokenFiles = summary.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
    failed = summary.numFailedTests + brokenFiles;
    slowest = summary.testResults
      .map((file) => ({
        where: path.relative(root, file.name),
        seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN)
      .map((file) => `${file.seconds.toFixed(1).padStart(6)} s  ${file.where}`);
    for (const file of summary.testResults) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failures.push(`${where}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed') {
          failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        }
      }
    }
  }
  if (!ok && failed === 0) failed = 1;
  results.push({
    name,
    ok: ok && (failed > 0 || passed > 0 || extraArgs.length > 0),
    passed,
    failed,
    failures,
    seconds,
    slowest,
  });
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

function firstLine(message: string | undefined): string {
  return (
    (message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

async function browserSteps(buffered: boolean): Promise<void> {
  if (existsSync(chromiumPath)) {
    const start = performance.now();
    const built = await run(
      'build for end-to-end tests',
      bin('vite'),
      ['build', '--logLevel', 'warn'],
      {},
      buffered,
    );
    const seconds = (performance.now() - start) / 1000;
    results.push({
      name: 'build for end-to-end tests',
      ok: built,
      passed: 0,
      failed: built ? 0 : 1,
      failures: [],
      seconds,
      noTests: true,
    });
    if (built) await vitest('end-to-end (Chromium)', ['e2e'], {}, buffered);
  } else if (process.env.CI) {
    console.error(`\n✖ Chromium が ${chromiumPath} にありません（CIでは必須です）。`);
    results.push({
      name: 'end-to-end (Chromium)',
      ok: false,
      passed: 0,
      failed: 1,
      failures: [],
      seconds: 0,
    });
  } else {
    console.warn(
      `\n⚠ Chromium が ${chromiumPath} にないため、E2Eテストを実行していません（apt-get install chromium）。`,
    );
  }
}

// Each server test runs once: on PostgreSQL when TEST_DATABASE_URL is set (CI), else on PGlite.
// The browser step runs after the others: side by side on two cores they starved each other
// (the PostgreSQL step took 33 minutes beside the 10 of the browser step, and its generation
// tests, 10 s alone, timed out at 30 s). TEST_SIDE_BY_SIDE=1 runs them together on a machine
// with cores to spare.
const sideBySide = process.env.TEST_SIDE_BY_SIDE === '1';
const postgresUrl = process.env.TEST_DATABASE_URL;
const vitestSteps = async () => {
  if (postgresUrl) {
    await vitest(
      'unit, component and integration (PostgreSQL)',
      ['server', 'web', 'web-server-rendering'],
      { TEST_DATABASE_URL: postgresUrl },
      sideBySide,
    );
    // The server-pglite project clears TEST_DATABASE_URL itself.
    await vitest('embedded database (PGlite)', ['server-pglite'], {}, sideBySide);
  } else {
    await vitest(
      'unit, component and integration (PGlite)',
      ['server', 'web', 'web-server-rendering'],
      {},
      sideBySide,
    );
  }
};
if (sideBySide) await Promise.all([vitestSteps(), browserSteps(true)]);
else {
  await vitestSteps();
  await browserSteps(false);
}

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log('\nSummary:');
for (const result of results) {
  const counts = result.noTests ? '' : `${result.passed} passed, ${result.failed} failed, `;
  console.log(`  ${result.ok ? '✔' : '✖'} ${result.name}: ${counts}${minutes(result.seconds)}`);
  for (const failure of result.failures) console.log(`      ✖ ${failure}`);
  for (const file of result.slowest ?? []) console.log(`      ${file}`);
}
console.log(`total time: ${minutes((performance.now() - started) / 1000)}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) && failed === 0 ? 0 : 1);
