// Apart from test-app.ts, which scripts outside Vitest (the benchmark) import too.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The real app for the tests of one file (or one describe): started before them, closed after.
 * Read its fields inside tests and hooks only; they exist once the app has started.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(...args);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestApp => {
    if (!started) throw new Error('the test app has not started yet (use it inside a test)');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}
