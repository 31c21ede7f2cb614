import { LegalDocument } from '../features/legal/components/legal-document.tsx';
import { usePublicConfig } from '../features/legal/api/get-public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { TERMS_ARTICLES, TERMS_UPDATED } from '../locales/ja/terms.ts';

export function TermsRoute() {
  useDocumentTitle('利用規約');
  const { data } = usePublicConfig();
  return (
    <LegalDocument
      title="利用規約"
      updated={TERMS_UPDATED}
      articles={TERMS_ARTICLES}
      config={data}
    />
  );
}
