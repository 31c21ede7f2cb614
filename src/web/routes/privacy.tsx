import { LegalDocument } from '../features/legal/components/legal-document.tsx';
import { usePublicConfig } from '../features/legal/api/get-public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PRIVACY_ARTICLES, PRIVACY_UPDATED } from '../locales/ja/privacy.ts';

export function PrivacyRoute() {
  useDocumentTitle('プライバシーポリシー');
  const { data } = usePublicConfig();
  return (
    <LegalDocument
      title="プライバシーポリシー"
      updated={PRIVACY_UPDATED}
      articles={PRIVACY_ARTICLES}
      config={data}
    />
  );
}
