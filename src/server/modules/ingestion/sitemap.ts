import { XMLParser } from 'fast-xml-parser';
import { decodeBody } from './charset.ts';
import { sitemapLinksInChild, type SitemapLinks } from './document-isolation.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

const MAX_SITEMAPS = 5;
const MAX_URLS = 500;
const parser = new XMLParser({ ignoreAttributes: true });

function locs(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((entry) => (entry as { loc?: unknown }).loc)
    .filter((loc): loc is string => typeof loc === 'string')
    .map((loc) => loc.trim());
}

/** The `<loc>`s of a sitemap (pages) or a sitemap index (further sitemaps). */
export function sitemapLinks(xml: string): SitemapLinks {
  const document = parser.parse(xml) as {
    sitemapindex?: { sitemap?: unknown };
    urlset?: { url?: unknown };
  };
  return { sitemaps: locs(document.sitemapindex?.sitemap), pages: locs(document.urlset?.url) };
}

/**
 * Page URLs listed in the site's sitemaps: those named by robots.txt `Sitemap:` lines, else
 * /sitemap.xml; sitemap index files are followed one level. Same origin only, bounded.
 */
export async function discoverSitemapUrls(
  origin: string,
  robotsSitemaps: string[],
  options: SafeFetchOptions,
): Promise<string[]> {
  const queue = (robotsSitemaps.length > 0 ? robotsSitemaps : [`${origin}/sitemap.xml`]).filter(
    (url) => url.startsWith(origin),
  );
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAPS && pages.length < MAX_URLS) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const resource = await safeFetch(url, {
        ...options,
        maxBytes: 2 * 1024 * 1024,
        accept: 'application/xml,text/xml',
      });
      if (resource.status >= 400) continue;
      // Parsed in a child: a 2 MB sitemap holds the XML parser for seconds.
      const links = await sitemapLinksInChild(decodeBody(resource.body, resource.contentType).text);
      for (const nested of links.sitemaps) if (nested.startsWith(origin)) queue.push(nested);
      for (const page of links.pages) if (page.startsWith(origin)) pages.push(page);
    } catch {
      // A missing or broken sitemap only means fewer candidates.
    }
  }
  return pages.slice(0, MAX_URLS);
}
