/**
 * Vite plugins of the app's build:
 * - precompress: a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build,
 *   so the app host sends compressed bytes without compressing on each request;
 * - buildStamp: dist/.build-stamp.json, which tells `npm start` whether sources changed since
 *   (scripts/app-build.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { newestInputMtime, STAMP_FILE, type BuildStamp } from './app-build.ts';

/** Files worth compressing. index.html is left out: the app host rewrites it at start. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|ico|wasm)$/i;
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    // Folders such as .vite (the manifest) are never served.
    if (entry.startsWith('.')) return [];
    const p = path.join(dir, entry);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

export const brotli = (data: Buffer): Buffer =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
export const gzip = (data: Buffer): Buffer => gzipSync(data, { level: constants.Z_BEST_COMPRESSION });

/** Writes file.br and file.gz beside each compressible file under dir; answers how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const [suffix, compress] of [['.br', brotli], ['.gz', gzip]] as const) {
      const packed = compress(data);
      if (packed.length < data.length) writeFileSync(file + suffix, packed);
    }
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: 'build',
    // After the bundle and the public folder are written.
    writeBundle(options) {
      if (options.dir) precompressDir(options.dir);
    },
  };
}

export function buildStamp(): Plugin {
  let inputsMtimeMs = 0;
  return {
    name: 'shop:build-stamp',
    apply: 'build',
    buildStart() {
      // Taken before anything is read, so an edit made during the build calls for another.
      inputsMtimeMs = newestInputMtime();
    },
    writeBundle(options) {
      if (!options.dir) return;
      const stamp: BuildStamp = { inputsMtimeMs, builtAt: new Date().toISOString() };
      writeFileSync(path.join(options.dir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    },
  };
}
