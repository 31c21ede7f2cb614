import type { FaqItem } from '../../../../shared/generations.ts';
import { usePublication } from '../api/publication.ts';
import { PublicationStats } from './publication-stats.tsx';
import { PublishDialog } from './publish-dialog.tsx';

/** The history detail's part: whether the FAQ is public, what customers open, and 「公開する」. */
export function PublicationPanel({
  generationId,
  title,
  items,
}: {
  generationId: string;
  title: string;
  items: FaqItem[];
}) {
  const publication = usePublication(generationId).data?.publication ?? null;
  const live = publication?.published === true;
  return (
    <section
      aria-labelledby={`publication-${generationId}`}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`publication-${generationId}`} className="font-semibold">
        公開ページ{live ? '（公開中）' : publication ? '（非公開）' : ''}
      </h3>
      {live ? (
        <>
          <p className="break-all text-sm">
            <a
              href={publication.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-blue-700 underline"
            >
              {publication.url}
            </a>
          </p>
          <PublicationStats publication={publication} />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          お店のサイトに載せられるページ・埋め込み・貼り付け用のHTMLを作れます。
        </p>
      )}
      <PublishDialog generationId={generationId} title={title} items={items} />
    </section>
  );
}
