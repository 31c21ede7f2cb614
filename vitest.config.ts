import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Settings of the server-side projects (Node, the real app on a fresh database per file). */
const serverTests = {
  environment: 'node',
  setupFiles: ['tests/helpers/setup-server.ts'],
  // Every file builds its own app on its own database; sharing the module graph between
  // files in a worker saves re-importing the server (seconds per file on these machines).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * What runs on PGlite as well when the server project runs on PostgreSQL (ADR 035): the code
 * paths where the drivers differ. Migrations, snapshots and LISTEN on each driver; raw SQL
 * results (PGlite returns BigInt, its own row shapes); the unique-violation error's place in
 * the cause chain; one transaction at a time instead of row locks; the job queue over the
 * embedded connection. A new branch on the driver adds its test file here.
 */
const EMBEDDED_DATABASE_SUITE = [
  'src/server/db/client.test.ts',
  'src/server/modules/health/health.routes.test.ts',
  'src/server/modules/realtime/realtime.test.ts',
  'src/server/modules/operator-db/operator-db.test.ts',
  'src/server/modules/operator-db/operator-db.access.test.ts',
  'src/server/modules/analytics/analytics.routes.test.ts',
  'src/server/modules/auth/signup.test.ts',
  'src/server/modules/credits/ledger.test.ts',
  'src/server/modules/credits/ledger.property.test.ts',
  'src/server/modules/generation/generation.routes.test.ts',
  // The job queue over the embedded connection (pg-boss through PGlite, ADR 038).
  'src/server/modules/jobs/job-queue.test.ts',
];

/** Settings of the browser-side projects (jsdom, React components and hooks). */
const webTests = {
  environment: 'jsdom',
  include: ['src/web/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/helpers/setup-web.ts'],
  testTimeout: 20_000,
};

/** Web tests that render with React's server renderer: these run isolated. */
const SERVER_RENDERING_WEB_TESTS = [
  'src/web/features/legal/components/commerce-disclosure.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core machines. The
    // server tests wait on databases, engine children and timers more than they compute, so
    // two workers there ended the server and web projects in 449 s instead of 546 s (one
    // measurement each, beside another test run). The e2e project keeps one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Only with --coverage (npm run test:coverage): instrumenting slows every run.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/server/db/migrations/**'],
      reporter: ['text-summary', 'html', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
    },
    projects: [
      {
        test: {
          ...serverTests,
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/fixtures/**/*.test.ts',
            'bench/**/*.test.ts',
            'build/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          ...serverTests,
          // The embedded database's own suite (ADR 035): `npm test` runs the server project on
          // PostgreSQL when TEST_DATABASE_URL is set, and these files again on PGlite, for what
          // differs between the two drivers. Without TEST_DATABASE_URL the server project runs
          // on PGlite already and this project is not run.
          name: 'server-pglite',
          include: EMBEDDED_DATABASE_SUITE,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        plugins: [react()],
        test: {
          ...webTests,
          name: 'web',
          exclude: [...configDefaults.exclude, ...SERVER_RENDERING_WEB_TESTS],
          // Files share a worker's module graph instead of importing React, the router and the
          // app's modules again for each (ADR 040): 42 files took 47 s of CPU instead of 149 s.
          // setup-web.ts resets what a file could leave behind (storage, toasts, the DOM).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          ...webTests,
          // React's server renderer leaves the app's contexts marked as its own; a file after it
          // in the same module graph was warned of "multiple renderers" (ADR 040).
          name: 'web-server-rendering',
          include: SERVER_RENDERING_WEB_TESTS,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A browser on a busy two-core machine can take seconds to show what it will show;
          // expect.poll's 1 s default made a correct page fail.
          expect: { poll: { timeout: 15_000 } },
          // One browser at a time: the machines have two cores.
          fileParallelism: false,
          // Files share the support modules (playwright-core is slow to import); each connects
          // to the run's one browser and opens its own contexts, so nothing else is shared.
          isolate: false,
        },
      },
    ],
  },
});
