import type { LegalArticle } from '../../../locales/ja/legal-article.ts';
import type { PublicConfig } from '../../../../shared/public-config.ts';

function fill(text: string, config: PublicConfig | undefined): string {
  return text
    .replaceAll('{seller}', config?.seller.name ?? '当社')
    .replaceAll('{brand}', config?.brandName ?? 'FAQ工房')
    .replaceAll('{email}', config?.supportEmail ?? 'サポート窓口');
}

export function LegalDocument({
  title,
  updated,
  articles,
  config,
}: {
  title: string;
  updated: string;
  articles: LegalArticle[];
  config: PublicConfig | undefined;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">最終更新日：{updated}</p>
      <div className="mt-8 space-y-8">
        {articles.map((article) => (
          <section key={article.title} aria-label={article.title}>
            <h2 className="text-lg font-semibold">{article.title}</h2>
            {article.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed text-slate-700">
                {fill(paragraph, config)}
              </p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
