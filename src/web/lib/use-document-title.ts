import { useEffect } from 'react';
import { PUBLIC_PAGES, SITE_NAME } from '../../shared/seo.ts';

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function metaTag(key: 'name' | 'property', name: string) {
  return () => {
    const element = document.createElement('meta');
    element.setAttribute(key, name);
    return element;
  };
}

/**
 * The page's title, and after an in-app navigation the same description, canonical URL and
 * Open Graph tags the server sends with a pre-rendered public page.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const pathname = window.location.pathname;
    const page = PUBLIC_PAGES[pathname];
    document.title = page?.title ?? `${title} | ${SITE_NAME}`;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!page) {
      // Only the public pages are meant to be found from outside.
      canonical?.remove();
      document.head.querySelector('meta[property="og:url"]')?.remove();
      return;
    }
    // The server's PUBLIC_URL came with the first page; keep its origin.
    const origin = canonical ? new URL(canonical.href).origin : window.location.origin;
    const url = `${origin}${pathname}`;
    setHeadTag(
      'meta[name="description"]',
      metaTag('name', 'description'),
      'content',
      page.description,
    );
    setHeadTag('meta[property="og:title"]', metaTag('property', 'og:title'), 'content', page.title);
    setHeadTag(
      'meta[property="og:description"]',
      metaTag('property', 'og:description'),
      'content',
      page.description,
    );
    setHeadTag('meta[property="og:url"]', metaTag('property', 'og:url'), 'content', url);
    setHeadTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
  }, [title]);
}
