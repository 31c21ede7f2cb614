// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_SCRIPT } from './public-page.ts';

const HOSTILE = '<img src=x onerror="window.hacked=1"></script><b>太字</b>';

/** Runs the embed as the shop's page would: its own <script data-faq> is document.currentScript. */
async function runEmbed(data: unknown, status = 200) {
  document.head.innerHTML = '';
  document.body.innerHTML = '<main><p>店のページ</p></main>';
  const tag = document.createElement('script');
  tag.src = 'https://faq.example.jp/embed.js';
  tag.setAttribute('data-faq', 'AbCdEfGhIjKlMnOp');
  document.querySelector('main')!.append(tag);
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify(data), { status });
  });
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  new Function(EMBED_SCRIPT)();
  const host = document.querySelector<HTMLElement>('.faq-kobo-embed')!;
  await vi.waitFor(() => expect(host.shadowRoot?.childElementCount).toBeGreaterThan(0));
  return { host, shadow: host.shadowRoot!, fetched };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the embed script', () => {
  it('renders the FAQ as text in an open shadow root and adds the JSON-LD to the page', async () => {
    const jsonLd = { '@context': 'https://schema.org', '@type': 'FAQPage', name: HOSTILE };
    const { host, shadow, fetched } = await runEmbed({
      title: `店${HOSTILE}`,
      url: 'https://faq.example.jp/f/AbCdEfGhIjKlMnOp',
      noindex: false,
      items: [{ question: `質問${HOSTILE}`, answer: `回答${HOSTILE}` }],
      jsonLd,
    });
    expect(fetched).toEqual(['https://faq.example.jp/f/AbCdEfGhIjKlMnOp/faq.json']);
    // Right after its own tag, inside the shop's layout.
    expect(host.previousElementSibling?.tagName).toBe('SCRIPT');
    expect(shadow.querySelector('summary')?.textContent).toBe(`質問${HOSTILE}`);
    expect(shadow.querySelector('h2')?.textContent).toBe(`店${HOSTILE}`);
    expect(shadow.querySelectorAll('img, b')).toHaveLength(0);
    expect(document.querySelectorAll('img, b')).toHaveLength(0);
    const label = shadow.querySelector('label')!;
    expect(shadow.getElementById(label.htmlFor)?.getAttribute('type')).toBe('search');
    const ld = document.head.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(ld?.textContent ?? '{}')).toEqual(jsonLd);
  });

  it('adds no JSON-LD for a FAQ kept out of search engines, and says so when it cannot load', async () => {
    const { shadow } = await runEmbed({
      title: '店',
      url: 'https://faq.example.jp/f/AbCdEfGhIjKlMnOp',
      noindex: true,
      items: [{ question: '質問', answer: '回答' }],
      jsonLd: {},
    });
    expect(shadow.querySelector('summary')?.textContent).toBe('質問');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();

    const gone = await runEmbed({ error: { message: '公開を終了しました' } }, 410);
    expect(gone.shadow.textContent).toBe('よくある質問を読み込めませんでした。');
  });
});
