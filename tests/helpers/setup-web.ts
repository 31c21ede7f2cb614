import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../src/shared/zod-ja.ts';

// The web project shares one module graph and document between the files of a worker
// (isolate: false in vitest.config.ts): each file starts at / with empty storage, as in a fresh
// page. (Files under `@vitest-environment node` have neither.)
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

// epic-stack habit: an unexpected console.error fails the test.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  // Toasts live in sonner's module state and a new Toaster shows those still active: one test's
  // toast would be found again by the next test's screen.
  toast.dismiss();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]!.map(String).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s): ${first}`);
  }
});
