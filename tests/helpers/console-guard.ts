import { afterAll, afterEach } from 'vitest';

/**
 * Server tests fail on console.error: an error that only shows in the log is an error nobody
 * sees. A test that causes one on purpose says so with expectConsoleError, and then fails if
 * it does not come.
 */
let expected: { pattern: RegExp; seen: boolean }[] = [];
let unexpected: string[] = [];

export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: false });
}

function describeArgs(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
    .join(' ');
}

function takeFailures(): string[] {
  const failures = [
    ...unexpected.map((text) => `unexpected console.error: ${text}`),
    ...expected
      .filter((entry) => !entry.seen)
      .map((entry) => `expected console.error matching ${entry.pattern} did not come`),
  ];
  unexpected = [];
  expected = [];
  return failures;
}

export function installConsoleErrorGuard(): void {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const text = describeArgs(args);
    const match = expected.find((entry) => entry.pattern.test(text));
    if (match) {
      match.seen = true;
      return;
    }
    unexpected.push(text);
    original(...args);
  };
  // What a file's beforeAll logs is reported with its first test.
  afterEach(() => {
    const failures = takeFailures();
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
  afterAll(() => {
    console.error = original;
    const failures = takeFailures();
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
}
