import { z } from 'zod';

/**
 * The operator database API (docs/product-decisions.md §2): `/api/db/{project}/rest/v1/{table}` (a PostgREST
 * subset), `/sql` and `/batch`. Only the operator credential (OPERATOR_API_KEY) opens it.
 */
export const OPERATOR_DB_MESSAGES = {
  invalidKey: 'オペレーターAPIキーが正しくありません',
  unknownTable: (table: string) => `テーブル「${table}」は存在しないか、公開されていません`,
  unknownColumn: (table: string, column: string) =>
    `テーブル「${table}」に列「${column}」はありません`,
  ledgerReadOnly:
    'クレジットの台帳（残高・取引履歴・予約・決済）はこのAPIでは変更できません。クレジットの増減は管理画面のクレジット調整から行ってください',
  secretsHidden: 'パスワードやトークンのハッシュは、このAPIでは参照も変更もできません',
  multipleStatements:
    '1つのクエリには1つのSQL文だけを書いてください（複数の文はバッチで送信してください）',
  sessionControl:
    'トランザクションの制御やセッション設定の文（BEGIN・COMMIT・SET など）は使えません。まとめて実行するには /batch の transaction モードを使ってください',
  dynamicSql:
    'DO・EXECUTE・関数やトリガーの作成など、実行時に組み立てたSQLを動かす構文はこのAPIでは使えません',
  emptyQuery: 'SQL文を入力してください',
  rateLimited: 'データベースAPIの呼び出しが多すぎます。しばらく待ってから再度お試しください',
  notSingle: (count: number) =>
    `1件の結果を要求しましたが、${count}件が該当しました（変更は取り消しました）`,
  filterRequired: '更新・削除には少なくとも1つの絞り込み条件（例: id=eq.…）を指定してください',
  rangeNotAllowed: '更新・削除では limit・offset・order は指定できません',
  emptyUpdate: '更新する列を指定してください',
  batchFailed: (index: number) =>
    `バッチの${index + 1}番目の文でエラーが発生したため、すべての変更を取り消しました`,
} as const;

/** The one English text, fixed by docs/spec.md §8 for an update whose `id=eq.X` matches nothing. */
export const recordNotFoundMessage = (id: string) => `Record with id ${id} not found`;

/** Positional parameters ($1 … $n): any JSON value; arrays bind as PostgreSQL arrays. */
export const sqlStatementSchema = z.object({
  query: z.string().trim().min(1, OPERATOR_DB_MESSAGES.emptyQuery).max(100_000),
  params: z.array(z.unknown()).max(1000).default([]),
});
export type SqlStatement = z.infer<typeof sqlStatementSchema>;

export const sqlResultSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
});
export type SqlResult = z.infer<typeof sqlResultSchema>;

export const batchRequestSchema = z.object({
  statements: z.array(sqlStatementSchema).min(1).max(100),
  mode: z.enum(['transaction', 'independent']).default('transaction'),
});

const statementErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const batchResultSchema = z.discriminatedUnion('ok', [
  sqlResultSchema.extend({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: statementErrorSchema }),
]);
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchResponseSchema = z.object({ results: z.array(batchResultSchema) });
