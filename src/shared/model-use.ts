/**
 * What work on the operator's AI models an account may do (docs/adr/025-model-use-and-deletion.md).
 * The server enforces these numbers and the pricing page shows them, from this one place. The
 * built-in offline engine costs the operator nothing and is not limited here.
 */
export const MODEL_USE_LIMITS = {
  /** New question phases with a model, per user and Japanese calendar day. */
  questionPhasesPerDay: 20,
  /** A draft's questions regenerated with a model, per user and Japanese calendar day. */
  questionRegenerationsPerDay: 30,
  /** AI API calls per user and minute. */
  aiApiPerMinute: 30,
  /** AI API calls per user and Japanese calendar day, for an account that has bought credits. */
  aiApiPerDay: 500,
  /** The same for an account that has never bought credits. */
  aiApiPerDayBeforePurchase: 50,
} as const;

/** The error code of a refusal for an unconfirmed address, so a client can offer the remedy. */
export const EMAIL_NOT_CONFIRMED = 'EMAIL_NOT_CONFIRMED';

export const MODEL_NEEDS_CONFIRMED_EMAIL =
  'AIモデルを使う処理は、メールアドレスの確認後にご利用いただけます。登録時にお送りした確認メールのリンクを開いてから、もう一度お試しください（メールが見当たらない場合は、画面上部の「確認メールを再送」から再送できます）';
export const QUESTION_PHASES_PER_DAY_REACHED = `AIモデルによる質問の作成は1日${MODEL_USE_LIMITS.questionPhasesPerDay}回までです。本日の上限に達しました`;
export const QUESTION_REGENERATIONS_PER_DAY_REACHED = `AIモデルによる質問の再生成は1日${MODEL_USE_LIMITS.questionRegenerationsPerDay}回までです。本日の上限に達しました`;
export const AI_API_PER_DAY_REACHED = `AI APIの呼び出しは1日${MODEL_USE_LIMITS.aiApiPerDay}回まで（クレジットを購入されたことのないアカウントは${MODEL_USE_LIMITS.aiApiPerDayBeforePurchase}回まで）です。本日の上限に達しました`;

/** The terms as the pricing page lists them. */
export const MODEL_USE_TERMS: readonly string[] = [
  'AIモデルを使う機能（質問・回答の作成、AI API）は、メールアドレスの確認後にご利用いただけます',
  `質問の作成は無料（AIモデル使用時は1日${MODEL_USE_LIMITS.questionPhasesPerDay}回まで、質問の再生成は1日${MODEL_USE_LIMITS.questionRegenerationsPerDay}回まで）`,
  '回答は1件1クレジット（回答の再生成は、新しい回答になったときだけ1クレジット）',
  `AI APIは1日${MODEL_USE_LIMITS.aiApiPerDay}回まで無料（クレジット購入前のアカウントは1日${MODEL_USE_LIMITS.aiApiPerDayBeforePurchase}回まで）`,
  '1日の回数は日本時間の0時に戻ります',
];
