import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Checks a form with the request's shared schema before it is sent, so the screen says what
 * the server would, field by field. The first message of each field is kept.
 */
export function validate<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's Japanese message (a wrong password, a rate limit), or a generic one. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.kind !== 'NETWORK_ERROR') return error.message;
  return '通信に失敗しました。しばらくしてから再試行してください';
}

export function TextField({
  id,
  label,
  error,
  hint,
  ...props
}: { id: string; label: string; error?: string | undefined; hint?: string } & ComponentProps<
  typeof Input
>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error ?? null}</FieldError>
    </div>
  );
}
