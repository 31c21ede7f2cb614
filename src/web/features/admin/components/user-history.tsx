import { Tabs } from 'radix-ui';
import { CREDIT_TYPE_LABELS } from '../../../../shared/credits.ts';
import { GENERATION_STATUS_LABELS } from '../../../../shared/generations.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatSignedCredits, formatYen } from '../../../lib/format.ts';
import { useUserHistory } from '../api/admin-records-api.ts';

const tabClass =
  'whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
const cell = 'py-1.5 pr-3 align-top';

const PURCHASE_STATUS: Record<string, string> = {
  completed: '支払い済み',
  refunded: '返金済み',
  partially_refunded: '一部返金済み',
};
const GENERATION_STATUS: Record<string, string> = GENERATION_STATUS_LABELS;

function Empty({ children }: { children: string }) {
  return <p className="py-3 text-sm text-slate-600">{children}</p>;
}

/** The user's own records: ledger (with internal notes), purchases and generations. */
export function UserHistory({ userId }: { userId: string }) {
  const history = useUserHistory(userId);
  if (history.isPending) return <Spinner label="履歴を読み込み中" />;
  if (history.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        履歴を読み込めませんでした
      </p>
    );
  const { ledger, purchases, generations } = history.data;
  return (
    <Tabs.Root defaultValue="ledger" className="space-y-2">
      <Tabs.List
        aria-label="ユーザーの履歴"
        className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
      >
        <Tabs.Trigger value="ledger" className={tabClass}>
          クレジット台帳
        </Tabs.Trigger>
        <Tabs.Trigger value="purchases" className={tabClass}>
          購入
        </Tabs.Trigger>
        <Tabs.Trigger value="generations" className={tabClass}>
          生成
        </Tabs.Trigger>
      </Tabs.List>
      <div className="max-h-60 overflow-auto text-sm">
        <Tabs.Content value="ledger">
          {ledger.length === 0 ? (
            <Empty>台帳の記録はありません</Empty>
          ) : (
            <table className="w-full text-left">
              <tbody className="divide-y divide-slate-100">
                {ledger.map((row) => (
                  <tr key={row.id} data-testid="history-ledger-row">
                    <td className={`${cell} whitespace-nowrap text-slate-600`}>
                      {formatDateTime(row.createdAt)}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {CREDIT_TYPE_LABELS[row.type] ?? row.type}
                    </td>
                    <td
                      className={`${cell} text-right font-semibold tabular-nums ${row.amount < 0 ? 'text-red-700' : 'text-green-700'}`}
                    >
                      {formatSignedCredits(row.amount)}
                    </td>
                    <td className={`${cell} break-all`}>
                      {row.description}
                      {row.internalNote && (
                        <span className="block text-xs text-slate-600">
                          社内メモ：{row.internalNote}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Tabs.Content>
        <Tabs.Content value="purchases">
          {purchases.length === 0 ? (
            <Empty>購入はありません</Empty>
          ) : (
            <table className="w-full text-left">
              <tbody className="divide-y divide-slate-100">
                {purchases.map((row) => (
                  <tr key={row.id} data-testid="history-purchase-row">
                    <td className={`${cell} whitespace-nowrap text-slate-600`}>
                      {formatDateTime(row.completedAt)}
                    </td>
                    <td className={cell}>{row.planName}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatYen(row.amountYen)}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {PURCHASE_STATUS[row.status]}
                      {row.refundedYen > 0 && `（${formatYen(row.refundedYen)}）`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Tabs.Content>
        <Tabs.Content value="generations">
          {generations.length === 0 ? (
            <Empty>生成の記録はありません</Empty>
          ) : (
            <table className="w-full text-left">
              <tbody className="divide-y divide-slate-100">
                {generations.map((row) => (
                  <tr key={row.id} data-testid="history-generation-row">
                    <td className={`${cell} whitespace-nowrap text-slate-600`}>
                      {formatDateTime(row.createdAt)}
                    </td>
                    <td className={`${cell} break-all`}>{row.title}</td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {GENERATION_STATUS[row.status] ?? row.status}
                    </td>
                    <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                      {row.creditsUsed}クレジット
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
