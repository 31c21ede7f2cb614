import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';
import { injectPage, inlineStylesheets, lowerScriptPriority } from './prerender-plugin.ts';

const root = path.resolve(import.meta.dirname, '..');
const callerNodeEnv = process.env.NODE_ENV;

afterEach(() => {
  process.env.NODE_ENV = callerNodeEnv;
});

describe('production build', () => {
  it('is React’s production bundle even when the caller’s NODE_ENV is development', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig(
      { configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent' },
      'build',
    );
    expect(config.isProduction).toBe(true);
    expect(config.mode).toBe('production');
    expect(config.define?.['process.env.NODE_ENV']).toBe('"production"');
  });
});

describe('pre-rendered page', () => {
  const template =
    '<html><head>\n<title>FAQ工房</title>\n<meta\n  name="description"\n  content="既定" />\n</head>' +
    '<body><div id="root"></div></body></html>';

  it('carries the page’s own head tags and body, marked for hydration', () => {
    const html = injectPage(template, '/pricing', '<h1>料金プラン</h1>');
    expect(html).toContain('<div id="root" data-prerendered><h1>料金プラン</h1></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>料金プラン | FAQ工房</title>');
    expect(html).not.toContain('既定');
    expect(html).toContain('"@type":"Product"');
  });

  it('refuses a template without an empty root', () => {
    expect(() => injectPage('<html><head></head><body></body></html>', '/', '')).toThrow();
  });

  it('carries its stylesheet inline, so the first paint waits for no other file', () => {
    const html = inlineStylesheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
      (href) => (href === '/assets/index-abc.css' ? 'h1{color:red}' : ''),
    );
    expect(html).toBe('<head><style>h1{color:red}</style></head>');
  });

  it('fetches its scripts at low priority: the first paint needs none of them', () => {
    const html = lowerScriptPriority(
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/framework.js">\n' +
        '<script type="application/json" id="public-config">{}</script>',
    );
    expect(html).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework.js">\n' +
        '<script type="application/json" id="public-config">{}</script>',
    );
    expect(lowerScriptPriority(html)).toBe(html);
  });
});
