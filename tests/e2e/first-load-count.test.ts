/**
 * How `npm run check:bundle` counts a page's JS until the network is idle (tests/bench/first-load.ts),
 * on a page of its own: a chunk asked for once a busy main thread gets to it, after longer than the
 * quiet period, still counts (a loaded machine changes when the count ends, not what it counts);
 * so does one asked for when the page is idle; one asked for by a timer seconds later does not.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUIET_MS, scriptsUntilIdle, serveStatic } from '../bench/first-load.ts';
import { launchBrowser } from './support/browser.ts';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html lang="en"><title>Count</title><script type="module" src="/entry.js"></script></html>',
  // After the load event the main thread is busy for longer than the quiet period, then asks for more.
  'entry.js': `addEventListener('load', () => setTimeout(() => { const end = performance.now() + ${QUIET_MS * 2}; while (performance.now() < end); import('/after-busy.js'); }, 0));`,
  'after-busy.js': "requestIdleCallback(() => import('/when-idle.js'));",
  'when-idle.js': "setTimeout(() => import('/much-later.js'), 5000);",
  'much-later.js': 'export {};',
};

let dir: string;
let browser: Browser;
let served: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'first-load-count-'));
  for (const [name, body] of Object.entries(FILES)) await writeFile(path.join(dir, name), body);
  served = await serveStatic(dir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(dir, { recursive: true, force: true });
});

test('counts every script until the network is idle, also one a busy page asks for after the quiet period, and none after', async () => {
  const counted = await scriptsUntilIdle(browser, `${served.url}/`);
  expect(counted.scripts.map((s) => s.path).sort()).toEqual(['/after-busy.js', '/entry.js', '/when-idle.js']);
  expect(counted.scripts.find((s) => s.path === '/entry.js')?.beforeLoad).toBe(true);
  expect(counted.gzipBytes).toBe(counted.scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
});
