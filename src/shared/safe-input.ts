import { z } from 'zod';

/**
 * Input PostgreSQL cannot store or our code cannot walk safely. A NUL character (U+0000) is
 * refused by `text` ("invalid byte sequence for encoding UTF8: 0x00") and by `jsonb`
 * ("unsupported Unicode escape sequence"), so it would surface as a 500 after part of the work
 * was done; deep nesting overflows recursive serialisers. Both are refused at the door.
 */
export const NUL_CHARACTER_MESSAGE = '使用できない文字（NUL文字）が含まれています';
export const TOO_DEEP_MESSAGE = 'データの入れ子が深すぎます';
/** Deepest object/array nesting accepted in any request (real payloads stay far below). */
export const MAX_INPUT_DEPTH = 32;

export type UnsafeInput = { kind: 'nul' | 'depth'; path: (string | number)[] };

/** The first NUL character (in a value or a key) or over-deep nesting in a JSON-like value. */
export function findUnsafeInput(value: unknown): UnsafeInput | null {
  // Iterative, so a hostile nesting depth cannot overflow the stack while being checked.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (!Array.isArray(current) && !isPlainObject(current)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: 'depth', path };
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) return { kind: 'nul', path: [...path, key] };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

// Parsed JSON, or a query-string parser's prototype-less dictionary; never a Buffer or stream.
function isPlainObject(value: object): boolean {
  const proto: object | null = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

export function unsafeInputMessage(found: UnsafeInput): string {
  return found.kind === 'nul' ? NUL_CHARACTER_MESSAGE : TOO_DEEP_MESSAGE;
}

/** A text field that refuses NUL characters (for forms and schemas outside the API hook). */
export const safeText = () =>
  z.string().refine((value) => !value.includes('\u0000'), { message: NUL_CHARACTER_MESSAGE });

/** Free-form JSON (realtime payloads, metadata): no NUL characters, bounded nesting. */
export const safeJson = () =>
  z.unknown().superRefine((value, context) => {
    const found = findUnsafeInput(value);
    if (found) context.addIssue({ code: 'custom', message: unsafeInputMessage(found) });
  });
