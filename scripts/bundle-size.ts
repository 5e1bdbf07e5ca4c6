/**
 * The JS a page loads before anything is asked for on demand, read from a build's Vite manifest
 * (dist/.vite/manifest.json): the entry chunk and its static imports, transitively, measured as
 * gzip bytes (level 9, so the figure is the same on every machine).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { firstLoad } from './check-chart-split.ts';

/**
 * The calculator page's first-load JS may not grow past this (gzip bytes). A regression guard,
 * first set at 243,445 bytes (every screen but the calculator and the header on demand, the
 * inspector only when asked for) plus 2%; re-set at 248,869 bytes plus 0.5% once the currency
 * picker drew flags, the API client took renewed session tokens and preloaded reads, and the
 * shared texts grew by the rates board's and the emails'; re-set at 184,611 bytes plus 0.5% once
 * the currency picker and the header cart's dropdown no longer took react-aria (64 KB) onto the
 * page; re-set at 168,824 bytes plus 0.5% once the app's router declared its routes instead of
 * running React Router's data router (16 KB); raised by 400 bytes when the cart's actor took its
 * "Need more time?" region and the chart's its rate alert (about 1.8 KB together, on the page
 * because the shop's actor system starts them), less what moving the mini cart's body to its own
 * chunk and keeping the emails' texts off the page (serverMessages) took back (about 1.5 KB);
 * raised by 800 bytes when the calculator and the checkout took the cut-off line's clock regions
 * (the calendar, date-fns' format and the line's wording load after the first paint); raised by
 * 2,200 bytes when manage my order joined the shop's actor system (its chart and its texts: every
 * page's chart is started by the shop's root actor, so every page's chart is on the first load
 * until page charts are provided on demand); re-set at 167,133 bytes plus 0.5% once date-fns'
 * format and its locale (7 KB) left the page: the branch list's paging moved out of the calendar
 * module and "Need more time?" reads London's clock from the zoned date; re-set at 160,817 bytes
 * plus 0.5% once the checkout's, the chart's, the payment response's, 'Add new currency''s and
 * manage my order's machines loaded with their pages (decision 027); re-set at 150,451 bytes
 * plus 0.5% once the shop routed on wouter instead of React Router, and at 144,588 bytes plus 0.5%
 * once the texts only pages loaded on demand show, the flows collector and dinero.js's table of
 * every currency left the first load (decision 030); set at the goal, 135,400 bytes (2.0× a bare
 * React 19 app built by the same Vite, tests/bench/bare-react: 67,701 bytes), once the first page
 * became one chunk and the texts, order states, order calls and tracking that only the pages loaded
 * on demand use moved to modules of their own (134,975 bytes; decision 031).
 */
export const CALCULATOR_FIRST_LOAD_GZIP_BUDGET = 135_400;

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
 * Modules that only the pages loaded on demand need, which must never be on the first load. A module
 * the first load reads anything from is on it whole, with every export any page reads, so what only
 * those pages need lives in modules of its own (decision 031); one import of these from a module of
 * the first load would bring all of it back.
 */
export const OFF_THE_FIRST_LOAD = ['domain/texts/pages.ts', 'domain/order-state.ts', 'src/api/order.ts', 'src/app/order-tracking.ts', 'domain/view-cart-request.ts'] as const;

/** The modules of OFF_THE_FIRST_LOAD that a first-load file's source map names. */
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
  if (maps === 0) throw new Error('the first-load chunks have no source maps: the build must write them (build.sourcemap)');
  return OFF_THE_FIRST_LOAD.filter((module) => sources.has(module));
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
