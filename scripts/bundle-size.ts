/**
 * The JS a page loads before anything is asked for on demand, read from a build's Vite manifest
 * (dist/.vite/manifest.json): the entry chunk and its static imports, transitively, measured as
 * gzip bytes (level 9, so the figure is the same on every machine). The goal it serves, all the JS
 * the calculator page loads until the network is idle against a bare app of the design card's
 * stack, is counted in a browser by tests/bench/first-load.ts (`npm run check:bundle`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { firstLoad } from './check-chart-split.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FirstLoadJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

export function gzipSize(data: Buffer): number {
  return gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** The first-load JS of the build in distDir (index.html is the calculator page's entry). */
export function firstLoadJs(distDir: string): FirstLoadJs {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // The manifest names chunks by their source and imports by those names: the same graph as the bundle's.
  const chunks = Object.entries(manifest).map(([key, chunk]) => ({
    fileName: key,
    isEntry: chunk.isEntry === true,
    imports: chunk.imports ?? [],
    dynamicImports: chunk.dynamicImports ?? [],
    moduleIds: [],
  }));
  const files = firstLoad(chunks)
    .map((c) => manifest[c.fileName]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const data = readFileSync(path.join(distDir, file));
      return { file, bytes: data.length, gzipBytes: gzipSize(data) };
    });
  if (files.length === 0) throw new Error(`no entry chunk in ${distDir}/.vite/manifest.json`);
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0) };
}

/**
 * Modules that only the pages loaded on demand need, which must never load with the calculator page
 * (its first load, or the chunks it fetches until the network is idle). A module the page reads
 * anything from is loaded whole, with every export any page reads, so what only those pages need
 * lives in modules of its own (decision 047); one import of these from a module the calculator page
 * loads would bring all of it back.
 */
export const OFF_THE_FIRST_LOAD = [
  'domain/texts/pages.ts',
  'domain/order-state.ts',
  'src/api/order.ts',
  'src/app/order-tracking.ts',
  'domain/view-cart-request.ts',
  // The cart loads when a session may have one, a line is asked for, or a page shows it (decision 062):
  // a new visitor's calculator page runs none of it.
  'machines/cart/cart.machine.ts',
  'machines/cart/cart.setup.ts',
  'src/app/on-demand/cart.ts',
  'src/screens/header-cart/header-cart.tsx',
  'src/screens/header-cart/use-header-cart.ts',
  // The API's HTTP client, the contract's schemas and the authorised-call chart load with the first
  // call a page makes (decision 063): a new visitor's calculator page makes none.
  'src/api/http.ts',
  'node_modules/ky/distribution/core/Ky.js',
  'node_modules/valibot/dist/index.mjs',
  'domain/contract/catalogue.ts',
  'machines/session/authorised-call.machine.ts',
  'src/app/authorised-calls.ts',
] as const;

/** The modules of OFF_THE_FIRST_LOAD that the source map of one of `files` (built JS files of distDir) names. */
export function misplacedModules(distDir: string, files: readonly { file: string }[]): string[] {
  const sources = new Set<string>();
  let maps = 0;
  for (const { file } of files) {
    // Rolldown's runtime chunk (its helpers, no source of ours) is written without a map.
    const mapFile = path.join(distDir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] };
    for (const source of map.sources ?? []) sources.add(source.replace(/^(\.\.\/)+/, ''));
    maps += 1;
  }
  if (maps === 0) throw new Error('the chunks have no source maps: the build must write them (build.sourcemap)');
  return OFF_THE_FIRST_LOAD.filter((module) => sources.has(module));
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
