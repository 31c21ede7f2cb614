/**
 * What each public page downloads before it is interactive: the entry chunk, the page's own
 * chunk and every chunk they import statically, read from the build's manifest and gzipped
 * the way the server compresses them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PUBLIC_ROUTE_SOURCES } from '../../build/prerender-plugin.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const JS_BUDGET_KB = 120;

export function readManifest(webDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export interface RouteSize {
  path: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export function routeJsSizes(webDir: string): RouteSize[] {
  const manifest = readManifest(webDir);
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('manifest has no entry chunk');
  return Object.entries(PUBLIC_ROUTE_SOURCES).map(([routePath, source]) => {
    const files = [...staticClosure(manifest, [entry, source])].map((key) => manifest[key]!.file);
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const content = readFileSync(path.join(webDir, file));
      rawBytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
    }
    return { path: routePath, files, rawBytes, gzipBytes };
  });
}
