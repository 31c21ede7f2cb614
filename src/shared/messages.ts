/**
 * Messages that both sides show, verbatim from the specification where it gives them.
 * Screen copy lives in src/web/locales/ja; these are the ones the server also returns.
 */
export const MESSAGES = {
  validationFailed: '入力内容に誤りがあります',
  authenticationRequired: 'ログインが必要です',
  sessionExpired: 'セッションの有効期限が切れました。もう一度ログインしてください',
  forbidden: 'この操作を行う権限がありません',
  notFound: '見つかりません',
  routeNotFound: 'APIが見つかりません',
  internalError: 'サーバーでエラーが発生しました。しばらくしてから再試行してください。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってから再試行してください。',
  payloadTooLarge: 'データが大きすぎます',
  insufficientCredits: 'クレジットが不足しています',
  invalidJson: 'リクエストの形式が正しくありません（JSONを確認してください）',
} as const;

/**
 * Sign-in, refresh and API calls of a suspended account (reversible by an operator). Kept out of
 * auth.ts so the browser's session code (on every page) does not pull in zod.
 */
export const ACCOUNT_SUSPENDED = 'このアカウントは利用停止中です。サポートまでお問い合わせください';
