// Japanese messages naming the field, as the server words them.
import '../../shared/zod-ja.ts';
import type { ZodType } from 'zod';

/**
 * A form checks its values with the request's shared schema (src/shared), so it refuses
 * exactly what the server would refuse, in the server's words. Gives the first message for
 * each top-level field; an empty object when the values would be accepted.
 */
export function formErrors<Values extends object>(
  schema: ZodType,
  values: Values,
): Partial<Record<keyof Values & string, string>> {
  type Field = keyof Values & string;
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}
