import { z } from 'zod';

/**
 * Input PostgreSQL cannot store or our code cannot walk safely. A NUL character (U+0000) is
 * refused by `text` ("invalid byte sequence for encoding UTF8: 0x00") and by `jsonb`
 * ("unsupported Unicode escape sequence"), so it would surface as a 500 after part of the work
 * was done; a lone surrogate (`"\ud800"` in JSON, half of a character) is refused by `jsonb`
 * the same way; deep nesting overflows recursive serialisers. All are refused at the door.
 */
export const NUL_CHARACTER_MESSAGE = '使用できない文字（NUL文字）が含まれています';
export const LONE_SURROGATE_MESSAGE =
  '使用できない文字（壊れた文字コード）が含まれています。文字化けした部分を削除してください';
export const TOO_DEEP_MESSAGE = 'データの入れ子が深すぎます';
/** Deepest object/array nesting accepted in any request (real payloads stay far below). */
export const MAX_INPUT_DEPTH = 32;

export type UnsafeInput = { kind: 'nul' | 'surrogate' | 'depth'; path: (string | number)[] };

/**
 * The first NUL character or lone surrogate (in a value or a key) or over-deep nesting in a
 * JSON-like value.
 */
export function findUnsafeInput(value: unknown): UnsafeInput | null {
  // Iterative, so a hostile nesting depth cannot overflow the stack while being checked.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const kind = badCharacter(current);
      if (kind) return { kind, path };
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
      const kind = badCharacter(key);
      if (kind) return { kind, path: [...path, key] };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

function badCharacter(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  return text.isWellFormed() ? null : 'surrogate';
}

// Parsed JSON, or a query-string parser's prototype-less dictionary; never a Buffer or stream.
function isPlainObject(value: object): boolean {
  const proto: object | null = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * The value with every lone surrogate in its strings and keys replaced by U+FFFD, for text
 * that did not come through the door (a model's answer): the morphological analyser crashes
 * on half a character and `jsonb` refuses it.
 */
export function toWellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toWellFormedDeep(item)) as T;
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.toWellFormed(), toWellFormedDeep(item)]),
  ) as T;
}

export function unsafeInputMessage(found: UnsafeInput): string {
  if (found.kind === 'nul') return NUL_CHARACTER_MESSAGE;
  return found.kind === 'surrogate' ? LONE_SURROGATE_MESSAGE : TOO_DEEP_MESSAGE;
}

/** A text field that refuses NUL characters (for forms and schemas outside the API hook). */
export const safeText = () =>
  z
    .string()
    .refine((value) => !value.includes('\u0000'), { message: NUL_CHARACTER_MESSAGE })
    .refine((value) => value.isWellFormed(), { message: LONE_SURROGATE_MESSAGE });

/** Free-form JSON (realtime payloads, metadata): no NUL or half characters, bounded nesting. */
export const safeJson = () =>
  z.unknown().superRefine((value, context) => {
    const found = findUnsafeInput(value);
    if (found) context.addIssue({ code: 'custom', message: unsafeInputMessage(found) });
  });
