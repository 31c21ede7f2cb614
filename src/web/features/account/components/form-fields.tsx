import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { formErrors } from '../../../lib/form-validation.ts';
import { errorMessage } from '../../../lib/show-error.ts';

export type FieldErrors = Partial<Record<string, string>>;

export type Checked<T> =
  { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors };

/** The shared schema's verdict: the parsed values, or the first message of each field. */
export function validate<T>(schema: z.ZodType<T>, values: object): Checked<T> {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data } : { errors: formErrors(schema, values) };
}

/** The server's Japanese message (a wrong password, a rate limit), or a generic one. */
export const messageOf = (error: unknown): string =>
  errorMessage(error, '変更できませんでした。しばらくしてから再試行してください');

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

/** Every account change asks for the current password first; a wrong one is shown here. */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={id}
      label="現在のパスワード"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
