import { escapeHtml } from './escape-html.ts';
/**
 * What search engines and link previews see of each public page: one table for the build-time
 * pre-render, the browser (on navigation) and the server (sitemap). Paths are relative; the
 * absolute URL comes from PUBLIC_URL when the server sends the page.
 */
import { PLANS } from './plans.ts';

export const SITE_NAME = 'FAQ工房';

export interface PageMeta {
  title: string;
  description: string;
}

export const PUBLIC_PAGES: Record<string, PageMeta> = {
  '/': {
    title: 'FAQ工房 — AIでFAQをかんたん作成',
    description:
      'FAQ工房は、WebサイトのURLやテキスト、カテゴリーからAIでFAQを自動作成し、Wordで出力できる中小企業向けサービスです。',
  },
  '/pricing': {
    title: '料金プラン | FAQ工房',
    description:
      'FAQ工房の料金プラン。FAQ1件＝1クレジットの買い切り型で、無料プラン（50クレジット）から¥12,000のプロプランまで選べます。',
  },
  '/terms': {
    title: '利用規約 | FAQ工房',
    description:
      'FAQ工房の利用規約です。サービスの利用条件、禁止事項、免責事項などを定めています。',
  },
  '/privacy': {
    title: 'プライバシーポリシー | FAQ工房',
    description:
      'FAQ工房における個人情報の取り扱い（取得する情報、利用目的、第三者提供、安全管理）について定めています。',
  },
  '/legal': {
    title: '特定商取引法に基づく表記 | FAQ工房',
    description:
      'FAQ工房の特定商取引法に基づく表記です。販売業者、所在地、販売価格、支払方法、引渡時期などを記載しています。',
  },
};

/** Stands for PUBLIC_URL in pre-rendered pages until the server sends them. */
export const PUBLIC_URL_PLACEHOLDER = '__FAQ_KOBO_PUBLIC_URL__';

/** schema.org markup of the pricing page: the company and the product with one offer per pack. */
export function pricingStructuredData(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${publicUrl}/#organization`,
        name: SITE_NAME,
        url: `${publicUrl}/`,
        logo: `${publicUrl}/favicon.svg`,
      },
      {
        '@type': 'Product',
        name: 'FAQ工房 クレジット',
        description:
          'WebサイトのURLやテキスト、カテゴリーからAIでFAQを自動作成するサービスのクレジット。FAQ1件＝1クレジットの買い切り型です。',
        brand: { '@id': `${publicUrl}/#organization` },
        offers: PLANS.map((plan) => ({
          '@type': 'Offer',
          name: plan.name,
          description: plan.description,
          price: plan.priceYen,
          priceCurrency: 'JPY',
          url: `${publicUrl}/pricing`,
          availability: 'https://schema.org/InStock',
        })),
      },
    ],
  };
}

/** The `<head>` tags of a public page; `publicUrl` may be the placeholder. */
export function pageHeadTags(pathname: string, publicUrl: string): string {
  const meta = PUBLIC_PAGES[pathname];
  if (!meta) throw new Error(`no page metadata for ${pathname}`);
  const url = `${publicUrl}${pathname === '/' ? '/' : pathname}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="ja_JP" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (pathname === '/pricing') {
    // `<` never appears unescaped, so the JSON cannot close its script element.
    const json = JSON.stringify(pricingStructuredData(publicUrl)).replaceAll('<', '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join('\n    ');
}
