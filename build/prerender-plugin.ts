/**
 * Pre-renders the public pages into `<outDir>/.prerendered/` after the browser build: a second,
 * server-side build of src/web/prerender/entry-server.tsx renders each page with React's
 * `prerender`, and its HTML goes into the built index.html with the page's own head tags.
 * The server sends these files for the public paths (src/server/plugins/spa.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  PUBLIC_CONFIG_ELEMENT_ID,
  PUBLIC_CONFIG_JSON_TOKEN,
} from '../src/shared/prerender-config.ts';
import { PUBLIC_PAGES, PUBLIC_URL_PLACEHOLDER, pageHeadTags } from '../src/shared/seo.ts';

export const PRERENDER_DIR = '.prerendered';

/** Public paths and the source of the screen each one renders (keys of the build manifest). */
export const PUBLIC_ROUTE_SOURCES: Record<string, string> = {
  '/': 'routes/landing.tsx',
  '/pricing': 'routes/pricing.tsx',
  '/terms': 'routes/terms.tsx',
  '/privacy': 'routes/privacy.tsx',
  '/legal': 'routes/legal.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The page's own chunk and what it imports, fetched alongside the entry instead of after it. */
function routePreloadTags(manifest: Record<string, ManifestChunk>, pathname: string): string {
  const source = PUBLIC_ROUTE_SOURCES[pathname];
  if (!source) throw new Error(`no screen source for ${pathname}`);
  const closure = (start: string) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(start);
    return files;
  };
  // The entry's own imports are preloaded by Vite already.
  const entryFiles = closure('index.html');
  return [...closure(source)]
    .filter((file) => !entryFiles.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

/** `/` → index.html, `/pricing` → pricing.html. */
export function prerenderedFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}

/**
 * The stylesheet goes inline: a phone on a slow network paints the page one round trip
 * sooner, and the same file is still cached by the screens that load it as a link.
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
    (_tag, href: string) => `<style>${readAsset(href).replaceAll('</style', '<\\/style')}</style>`,
  );
}

/**
 * A pre-rendered page paints without its scripts, so they are fetched at low priority: nothing
 * the first paint needs waits behind them, and they still arrive before anything else the page
 * asks for (it asks for nothing else: the stylesheet is inline).
 */
export function lowerScriptPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

export function injectPage(
  template: string,
  pathname: string,
  body: string,
  preloadTags = '',
): string {
  const withoutHead = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  const html = withoutHead
    .replace(
      '</head>',
      `  ${preloadTags}\n    ${pageHeadTags(pathname, PUBLIC_URL_PLACEHOLDER)}\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered>${body}</div>\n    ` +
        `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${PUBLIC_CONFIG_JSON_TOKEN}</script>`,
    );
  if (!html.includes('data-prerendered')) throw new Error('index.html has no empty #root');
  return html;
}

export function prerenderPublicPages(): Plugin {
  let outDir = '';
  let root = '';
  let isServerBuild = false;
  return {
    name: 'faq-kobo:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isServerBuild) return;
      // A fresh directory per build: Node caches modules by URL, and the page chunks import the
      // entry by its plain URL, so a query-string cache buster would load it twice.
      const serverDir = path.resolve(
        root,
        `../../node_modules/.cache/faq-kobo-prerender-${process.pid}-${Date.now()}`,
      );
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: 'prerender/entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
        },
      });
      const entry = pathToFileURL(path.join(serverDir, 'entry-server.js'));
      const { renderPage } = (await import(entry.href)) as {
        renderPage: (pathname: string) => Promise<string>;
      };
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const targetDir = path.join(outDir, PRERENDER_DIR);
      rmSync(targetDir, { recursive: true, force: true });
      mkdirSync(targetDir, { recursive: true });
      for (const pathname of Object.keys(PUBLIC_PAGES)) {
        const body = await renderPage(pathname);
        writeFileSync(
          path.join(targetDir, prerenderedFileName(pathname)),
          lowerScriptPriority(
            inlineStylesheets(
              injectPage(template, pathname, body, routePreloadTags(manifest, pathname)),
              (href) => readFileSync(path.join(outDir, href), 'utf8'),
            ),
          ),
        );
      }
      rmSync(serverDir, { recursive: true, force: true });
    },
  };
}
