import { ExportMenu } from '../features/export/components/export-menu.tsx';
import { HistoryList } from '../features/history/components/history-list.tsx';
import { recordExportItems } from '../features/history/history-record.ts';
import { useSignedInUserId } from '../lib/auth/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function HistoryRoute() {
  useDocumentTitle('生成履歴');
  const userId = useSignedInUserId();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">生成履歴</h1>
      <HistoryList
        userId={userId}
        renderExport={(record) => (
          <ExportMenu title={record.title} items={recordExportItems(record)} />
        )}
      />
    </div>
  );
}
