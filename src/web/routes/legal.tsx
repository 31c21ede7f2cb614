import { CommerceDisclosure } from '../features/legal/components/commerce-disclosure.tsx';
import { usePublicConfig } from '../features/legal/api/get-public-config.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function LegalRoute() {
  useDocumentTitle('特定商取引法に基づく表記');
  const { data, isPending, isError, refetch } = usePublicConfig();
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-2xl font-bold md:text-3xl">特定商取引法に基づく表記</h1>
      <div className="mt-8">
        {isPending && <Spinner label="読み込み中…" />}
        {isError && (
          <p role="alert" className="text-red-700">
            表示内容を読み込めませんでした。
            <button type="button" className="ml-2 underline" onClick={() => void refetch()}>
              再読み込み
            </button>
          </p>
        )}
        {data && <CommerceDisclosure config={data} />}
      </div>
    </article>
  );
}
