import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JS_BUDGET_KB, routeJsSizes } from '../../bench/web/bundle-size.ts';

// The build the e2e server runs (global-setup.ts picks it the same way).
const root = path.resolve(import.meta.dirname, '../..');
const webDir = process.env.E2E_WEB_DIR
  ? path.resolve(process.env.E2E_WEB_DIR)
  : path.join(root, 'dist/web');

describe('JavaScript a public page loads before it is interactive', () => {
  const sizes = routeJsSizes(webDir);

  it.each(sizes.map((size) => [size.path, size] as const))(
    '%s stays within the gzip budget',
    (_path, size) => {
      expect(size.gzipBytes / 1024).toBeLessThanOrEqual(JS_BUDGET_KB);
    },
  );

  // Each library recognised by a string its minified code keeps.
  it.each([
    ['the TanStack Query client', 'queryCache'],
    ['zod', '$ZodType'],
    ['tailwind-merge', 'backdrop-hue-rotate'],
    ['Radix dialogs and menus', 'DismissableLayer'],
    ['sonner', 'data-sonner-toaster'],
    ['the realtime client', 'WebSocket'],
  ])('%s stays off the public pages', (_library, signature) => {
    const files = new Set(sizes.flatMap((size) => size.files));
    for (const file of files) {
      expect(readFileSync(path.join(webDir, file), 'utf8'), file).not.toContain(signature);
    }
  });
});
