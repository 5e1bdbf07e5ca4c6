/**
 * The story run's first step: builds Storybook into storybook-static/ only when its inputs changed
 * since the last build, the rule `npm start` follows for the app (scripts/app-build.ts). The
 * build's stamp holds the newest modification time of the inputs when the build started; a file
 * or folder newer than that (a deleted file touches its folder) calls for a new build.
 *
 *   npx tsx scripts/storybook-if-changed.ts           # `npm run test:stories` starts with it
 *   npx tsx scripts/storybook-if-changed.ts --force   # `npm run build-storybook`: builds anyway
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestInputMtime, readStamp, ROOT, STAMP_FILE, type BuildStamp } from './app-build.ts';

export const STORYBOOK_DIR = path.join(ROOT, 'storybook-static');

/** Everything Storybook's build reads: the stories and their config, the app they draw, the mocks, the flow drawings, the app's Vite config it extends. */
export const STORYBOOK_INPUTS = ['.storybook', 'stories', 'src', 'domain', 'machines', 'mocks', 'flows', 'vite.config.ts', 'scripts/build-plugins.ts', 'package-lock.json'] as const;

/** Test files are never part of a build. */
const notBuilt = (file: string) => /\.test\.tsx?$/.test(file);

export const newestStorybookInput = (root = ROOT): number => newestInputMtime(root, STORYBOOK_INPUTS, notBuilt);

/** Why storybook-static/ must be built again, or null when it is current. */
export function storybookStaleReason(root = ROOT, outDir = path.join(root, 'storybook-static')): string | null {
  if (!existsSync(path.join(outDir, 'index.json'))) return 'no build in storybook-static/';
  const stamp = readStamp(outDir);
  if (stamp === null || typeof stamp.inputsMtimeMs !== 'number') return 'the build in storybook-static/ has no stamp';
  if (newestStorybookInput(root) > stamp.inputsMtimeMs) return 'stories or their sources changed since the last build';
  return null;
}

function buildStorybook(): void {
  const inputsMtimeMs = newestStorybookInput();
  const result = spawnSync('npx', ['storybook', 'build', '-o', 'storybook-static', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`storybook build failed with status ${String(result.status)}`);
  const stamp: BuildStamp = { inputsMtimeMs, builtAt: new Date().toISOString() };
  writeFileSync(path.join(STORYBOOK_DIR, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const forced = process.argv.includes('--force') || process.env.FORCE_BUILD === '1';
  const reason = forced ? 'asked for' : storybookStaleReason();
  if (reason === null) console.log('Storybook in storybook-static/ is up to date with its stories: not rebuilding.');
  else {
    console.log(`Building Storybook (${reason}).`);
    buildStorybook();
  }
}
