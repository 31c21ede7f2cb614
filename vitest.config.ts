import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
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
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/fixtures/**/*.test.ts',
            'bench/**/*.test.ts',
            'build/**/*.test.ts',
          ],
          setupFiles: ['tests/helpers/setup-server.ts'],
          // Every file builds its own app on its own database; sharing the module graph between
          // files in a worker saves re-importing the server (seconds per file on these machines).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/setup-web.ts'],
          testTimeout: 20_000,
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
