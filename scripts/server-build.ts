/**
 * The server `npm start` runs: server/main.ts and everything it imports bundled by esbuild into
 * an ES module, dist-server/main.mjs (with chunks for what it imports lazily), beside a copy of the
 * SQL migrations. Node then loads one
 * file instead of compiling and linking hundreds of modules through a TypeScript loader at every
 * start. Each database driver loads only when its database is opened: node-postgres from a chunk
 * of the bundle (resolving its dozen CommonJS modules at run time took a fifth of the start),
 * PGlite from its own package folder, where its WebAssembly is.
 *
 * Like the app (scripts/app-build.ts), it is built only when its inputs changed: a stamp in
 * dist-server/ holds the newest modification time of the inputs when the build started.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newestInputMtime, readStamp, ROOT, STAMP_FILE, type BuildStamp } from './app-build.ts';

export const SERVER_DIST = path.join(ROOT, 'dist-server');
/** What `npm start` runs: `node dist-server/main.mjs`. */
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.mjs');
/** Everything the server's bundle reads, relative to the repository. */
export const SERVER_INPUTS = ['server', 'domain', 'package-lock.json', 'scripts/server-build.ts'] as const;
/** Packages left to node's own resolution at run time (pg-native: node-postgres' optional native binding). */
export const SERVER_EXTERNAL = ['@electric-sql/pglite', 'pg-native'];

/** Why dist-server/ must be built again, or null when it is current. */
export function serverStaleReason(root = ROOT, distDir = path.join(root, 'dist-server')): string | null {
  if (!existsSync(path.join(distDir, 'main.mjs'))) return 'no build in dist-server/';
  const stamp = readStamp(distDir);
  if (stamp === null || typeof stamp.inputsMtimeMs !== 'number') return 'the build in dist-server/ has no stamp';
  if (newestInputMtime(root, SERVER_INPUTS) > stamp.inputsMtimeMs) return 'sources changed since the last build';
  return null;
}

export interface BundleOptions {
  entry: string;
  outfile: string;
  external?: string[];
}

/**
 * An ES module for node from a TypeScript entry (also used for the benchmark's yardstick), written
 * as `outfile` with its lazily imported parts beside it as chunks: a module the code loads with
 * `import()` (each database's driver) stays out of the start, with the packages it imports.
 */
export async function bundleForNode({ entry, outfile, external = [] }: BundleOptions): Promise<void> {
  await build({
    entryPoints: [entry],
    outdir: path.dirname(outfile),
    entryNames: path.basename(outfile, '.mjs'),
    // In the entry's own folder, so `import.meta.url` (the migrations beside the bundle) holds.
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
    // CommonJS packages inside an ES module still call require() for node's own modules.
    banner: { js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);" },
  });
}

/** Builds dist-server/ (the bundle, its migrations and its stamp). */
export async function buildServer(root = ROOT): Promise<void> {
  // Taken before anything is read, so an edit made during the build calls for another.
  const inputsMtimeMs = newestInputMtime(root, SERVER_INPUTS);
  const distDir = path.join(root, 'dist-server');
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  await bundleForNode({ entry: path.join(root, 'server/main.ts'), outfile: path.join(distDir, 'main.mjs'), external: SERVER_EXTERNAL });
  // server/db/migrate.ts finds them beside itself: './migrations/' of the bundle's own URL.
  cpSync(path.join(root, 'server/db/migrations'), path.join(distDir, 'migrations'), { recursive: true });
  const stamp: BuildStamp = { inputsMtimeMs, builtAt: new Date().toISOString() };
  writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}
