/**
 * The production build ships the shop only: msw's mock service worker (Storybook's) must never be
 * in Vite's public folder, which is copied into dist/ as it is.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import storybook from '../../.storybook/main.ts';
import viteConfig from '../../vite.config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKER = 'mockServiceWorker.js';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

describe('build output', () => {
  it("Vite's public folder, copied into dist/, has no mock service worker", () => {
    const publicDir = path.resolve(ROOT, typeof viteConfig.publicDir === 'string' ? viteConfig.publicDir : 'public');
    expect(filesUnder(publicDir).filter((f) => f.endsWith(WORKER))).toEqual([]);
  });

  it('a built dist/, when there is one, has no mock service worker', () => {
    expect(filesUnder(path.join(ROOT, viteConfig.build?.outDir ?? 'dist')).filter((f) => f.endsWith(WORKER))).toEqual([]);
  });

  it("Storybook serves the worker from a folder of its own, where msw's init writes it", async () => {
    const staticDirs = Array.isArray(storybook.staticDirs) ? storybook.staticDirs : [];
    const dirs = staticDirs.map((d) => path.resolve(ROOT, '.storybook', typeof d === 'string' ? d : d.from));
    expect(dirs.some((dir) => existsSync(path.join(dir, WORKER)))).toBe(true);
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { msw?: { workerDirectory?: string[] } };
    expect(pkg.msw?.workerDirectory?.map((d) => path.resolve(ROOT, d))).toEqual(expect.arrayContaining(dirs));
  });
});
