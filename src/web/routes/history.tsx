import { useQueryClient } from '@tanstack/react-query';
import { stillUnanswered } from '../../shared/generations.ts';
import { ExportMenu } from '../features/export/components/export-menu.tsx';
import { UnansweredIntents } from '../features/generation/components/unanswered-intents.tsx';
import { PublicationPanel } from '../features/publishing/components/publication-panel.tsx';
import { HistoryList } from '../features/history/components/history-list.tsx';
import { recordExportItems } from '../features/history/history-record.ts';
import { useSignedInUserId } from '../lib/auth/session.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function HistoryRoute() {
  useDocumentTitle('生成履歴');
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">生成履歴</h1>
      <HistoryList
        userId={userId}
        renderExport={(record) => (
          <ExportMenu
            title={record.title}
            items={recordExportItems(record)}
            unanswered={stillUnanswered(record.unansweredIntents)}
          />
        )}
        renderPublish={(record) => (
          <PublicationPanel generationId={record.id} title={record.title} items={record.items} />
        )}
        renderUnanswered={(record) => (
          <UnansweredIntents
            generationId={record.id}
            intents={record.unansweredIntents ?? []}
            headingLevel="h3"
            // The record and the list re-read: the new FAQ shows and exports at once.
            onAdded={() => void queryClient.invalidateQueries({ queryKey: queryKeys.generations })}
          />
        )}
      />
    </div>
  );
}
