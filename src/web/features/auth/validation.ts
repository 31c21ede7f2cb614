import { PASSWORD_MIN_LENGTH } from '../../../shared/limits.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'メールアドレスを入力してください';
  if (!EMAIL_PATTERN.test(email.trim())) return 'メールアドレスの形式が正しくありません';
  return null;
}

export function validatePassword(password: string): string | null {
  if (!password) return 'パスワードを入力してください';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`;
  if (password.length > 128) return 'パスワードは128文字以内で入力してください';
  return null;
}
