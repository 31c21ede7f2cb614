import { z } from 'zod';
import { fieldLabel } from './field-labels.ts';

const count = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint'
    ? value.toLocaleString('ja-JP')
    : String(value);

/**
 * Messages for fields a user fills in, naming the field in Japanese the way the screens do.
 * A schema's own message always wins; anything not covered here falls back to zod's Japanese
 * locale below.
 */
function fieldMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  if (!label) return undefined;
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string')
        return `${label}は${count(issue.maximum)}文字以内で入力してください`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label}は${count(issue.maximum)}件までです`;
      return `${label}は${count(issue.maximum)}以下で指定してください`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label}を入力してください`
          : `${label}は${count(issue.minimum)}文字以上で入力してください`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label}を${count(issue.minimum)}件以上指定してください`;
      return `${label}は${count(issue.minimum)}以上で指定してください`;
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? `${label}を入力してください`
        : `${label}の形式が正しくありません`;
    case 'invalid_value':
      return `${label}の値が正しくありません`;
    case 'invalid_format':
      return `${label}の形式が正しくありません`;
    default:
      return undefined;
  }
}

// zod's own Japanese messages, so every validation error a user sees is in Japanese.
z.config(z.locales.ja());
z.config({ customError: fieldMessage });

export { z };
