import { useState } from 'react';
import {
  EMAIL_KIND_LABELS,
  EMAIL_STATUS_LABELS,
  type OutboxEntry,
} from '../../../../shared/notifications.ts';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOutbox, useOutboxEmail } from '../api/admin-api.ts';
import { errorMessage } from '../../../lib/show-error.ts';

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm';

/** The outbox: every e-mail the product wrote, readable here when no SMTP server is set up. */
export function OutboxTab() {
  const [status, setStatus] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox(status);

  return (
    <section className="space-y-4" aria-labelledby="outbox-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="outbox-heading" className="text-lg font-semibold">
            送信メール
          </h2>
          {outbox.data && (
            <p className="text-sm text-slate-600">
              {outbox.data.smtpConfigured
                ? 'SMTPサーバー経由で送信しています。'
                : 'SMTPが未設定のため、メールは送信されずここに保管されています。'}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm">
          状態
          <select
            className={selectClass}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">すべて</option>
            {Object.entries(EMAIL_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {outbox.isPending && <Spinner label="メールを読み込み中" />}
      {outbox.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(outbox.error, 'メールを読み込めませんでした')}
        </p>
      )}
      {outbox.data && outbox.data.emails.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          メールはまだありません
        </p>
      )}
      {outbox.data && outbox.data.emails.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">日時</th>
                <th className="px-3 py-2 font-medium">種類</th>
                <th className="px-3 py-2 font-medium">宛先</th>
                <th className="px-3 py-2 font-medium">件名</th>
                <th className="px-3 py-2 font-medium">状態</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.emails.map((email) => (
                <OutboxRow key={email.id} email={email} onOpen={() => setOpenId(email.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EmailDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

function OutboxRow({ email, onOpen }: { email: OutboxEntry; onOpen: () => void }) {
  return (
    <tr className="border-t border-slate-100">
      <td className="whitespace-nowrap px-3 py-2">{formatDateTime(email.createdAt)}</td>
      <td className="whitespace-nowrap px-3 py-2">{EMAIL_KIND_LABELS[email.kind] ?? email.kind}</td>
      <td className="break-all px-3 py-2">{email.to}</td>
      <td className="px-3 py-2">
        <button type="button" className="text-left text-blue-700 hover:underline" onClick={onOpen}>
          {email.subject}
        </button>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {EMAIL_STATUS_LABELS[email.status]}
        {email.error && <span className="block text-xs text-red-700">{email.error}</span>}
      </td>
    </tr>
  );
}

function EmailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const email = useOutboxEmail(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" aria-describedby={undefined}>
        <DialogTitle className="pr-6 text-lg font-semibold">
          {email.data?.subject ?? 'メール'}
        </DialogTitle>
        {email.isPending && <Spinner label="メールを読み込み中" />}
        {email.data && (
          <div className="mt-3 space-y-3 text-sm">
            <p className="text-slate-600">
              宛先：{email.data.to}（{formatDateTime(email.data.createdAt)}）
            </p>
            {email.data.text && (
              <pre className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans">
                {email.data.text}
              </pre>
            )}
            {email.data.html && (
              <div>
                <p className="mb-1 font-medium">HTML（ソースのまま表示しています）</p>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 text-xs">
                  {email.data.html}
                </pre>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
