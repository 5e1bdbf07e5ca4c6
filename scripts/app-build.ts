/**
 * When the built app (dist/) is current: one rule for `npm start` (scripts/build-if-changed.ts)
 * and the end-to-end harness. Every build writes a stamp into dist/ holding the newest
 * modification time of the app's inputs when it started (scripts/build-plugins.ts); the build is
 * current while no input (file or folder, so a deleted file counts too) is newer than that.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
export const STAMP_FILE = '.build-stamp.json';

/** Everything the app's build reads, relative to the repository. */
export const APP_INPUTS = ['src', 'domain', 'machines', 'flows', 'public', 'index.html', 'vite.config.ts', 'scripts/build-plugins.ts', 'package-lock.json'] as const;

/** Tests and stories are never part of the app's build: editing them does not call for one. */
const notInTheApp = (file: string) => /\.(test|stories)\.tsx?$/.test(file);

/**
 * The newest modification time (ms) among a build's inputs (the app's by default), folders
 * included; files `notBuilt` says the build does not read are passed over.
 */
export function newestInputMtime(root = ROOT, inputs: readonly string[] = APP_INPUTS, notBuilt: (file: string) => boolean = notInTheApp): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      newest = Math.max(newest, s.mtimeMs);
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else if (!notBuilt(p)) {
      newest = Math.max(newest, s.mtimeMs);
    }
  };
  inputs.forEach((p) => visit(path.join(root, p)));
  return newest;
}

export interface BuildStamp {
  /** newestInputMtime() when the build started. */
  inputsMtimeMs: number;
  builtAt: string;
}

export function readStamp(distDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Why dist/ must be built again, or null when it is current. */
export function staleReason(root = ROOT, distDir = path.join(root, 'dist')): string | null {
  if (!existsSync(path.join(distDir, 'index.html'))) return 'no build in dist/';
  const stamp = readStamp(distDir);
  if (stamp === null || typeof stamp.inputsMtimeMs !== 'number') return 'the build in dist/ has no stamp';
  if (newestInputMtime(root) > stamp.inputsMtimeMs) return 'sources changed since the last build';
  return null;
}

/** Builds the app as `npm run build` does (production React, whatever NODE_ENV the caller runs with). */
export function buildApp(extraArgs: string[] = []): void {
  const result = spawnSync('npx', ['vite', 'build', ...extraArgs], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`vite build failed with status ${String(result.status)}`);
}
