/**
 * `npm test`: the whole suite. Unit, component and integration tests on embedded PGlite;
 * the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it);
 * then end-to-end tests in Debian's Chromium against the built app. Ends with one line
 * 'tests: N passed, N failed' so any reader can judge the run.
 */
import { spawnSync } from 'node:child_process';
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
}
const results: StepResult[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}`);
  const child = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return child.status === 0;
}

function vitest(name: string, projects: string[], env: NodeJS.ProcessEnv = {}): void {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  const ok = run(name, bin('vitest'), args, env);
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: {
        name: string;
        status: string;
        message?: string;
        assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed = summary.numPassedTests;
    // A file that cannot even load has no failed tests, but it is a failure all the same.
    const brokenFiles = summary.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
    failed = summary.numFailedTests + brokenFiles;
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
  });
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

vitest('unit, component and integration (PGlite)', ['server', 'web']);

if (process.env.TEST_DATABASE_URL) {
  vitest('integration (PostgreSQL)', ['server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
}

if (existsSync(chromiumPath)) {
  const built = run('build for end-to-end tests', bin('vite'), ['build', '--logLevel', 'warn']);
  if (built) vitest('end-to-end (Chromium)', ['e2e']);
  else results.push({ name: 'build', ok: false, passed: 0, failed: 1, failures: [] });
} else if (process.env.CI) {
  console.error(`\n✖ Chromium が ${chromiumPath} にありません（CIでは必須です）。`);
  results.push({ name: 'end-to-end (Chromium)', ok: false, passed: 0, failed: 1, failures: [] });
} else {
  console.warn(
    `\n⚠ Chromium が ${chromiumPath} にないため、E2Eテストを実行していません（apt-get install chromium）。`,
  );
}

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log('\nSummary:');
for (const result of results) {
  console.log(
    `  ${result.ok ? '✔' : '✖'} ${result.name}: ${result.passed} passed, ${result.failed} failed`,
  );
  for (const failure of result.failures) console.log(`      ✖ ${failure}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) && failed === 0 ? 0 : 1);
