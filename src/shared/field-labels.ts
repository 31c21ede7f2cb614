/**
 * Japanese names of the request fields a user fills in, so a validation error names the field
 * as the screen does (「テキストは…」), never as the code does (`textInput`).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  url: 'URL',
  textInput: 'テキスト',
  faqCount: 'FAQの数',
  includeSubpages: '下層ページの指定',
  categoryName: 'カテゴリー名',
  major: '大分類',
  medium: '中分類',
  minor: '小分類',
  responders: '回答者',
  answerLength: '回答の長さ',
  provider: 'AIプロバイダー',
  model: 'モデル',
  customInstructions: 'カスタム指示',
  questions: '質問',
  question: '質問',
  answer: '回答',
  title: 'タイトル',
  email: 'メールアドレス',
  password: 'パスワード',
  currentPassword: '現在のパスワード',
  newPassword: '新しいパスワード',
  newEmail: '新しいメールアドレス',
  confirmation: '確認の入力',
  displayName: '表示名',
  avatarUrl: 'アイコン画像のURL',
  username: 'ユーザー名',
  amount: 'クレジット数',
  reason: '理由',
  planId: 'プラン',
  ref: '紹介コード',
  code: 'コード',
  search: '検索キーワード',
  limit: '件数',
  cursor: 'ページ位置',
  filename: 'ファイル名',
  path: 'ファイルの場所',
  prompt: 'プロンプト',
  text: 'テキスト',
  subject: '件名',
  to: '宛先',
};

/** The label of the innermost named field of an issue path (`responders.2` → 回答者). */
export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  for (let index = path.length - 1; index >= 0; index--) {
    const key = path[index];
    if (typeof key === 'string' && !/^\d+$/.test(key)) return FIELD_LABELS[key];
  }
  return undefined;
}

/** A message that names its field: kept as is when it already does, else prefixed. */
export function labelledMessage(path: readonly PropertyKey[], message: string): string {
  const label = fieldLabel(path);
  if (!label || message.includes(label)) return message;
  return `${label}：${message}`;
}
