/**
 * Where a page's load spends the main thread: a Chromium CPU profile (V8's sampling profiler) of
 * each page opened afresh at 4× CPU throttling, as Lighthouse's mobile profile runs it, on the shop
 * started as `npm start` starts it. Prints, a page, the time from navigation until the network is
 * idle and the functions with the most self time by their source (the build's source maps are
 * not read: the names are the minified ones, the files the chunks'). The checkout's pages are
 * opened with a cart.
 *
 *   npm run bench -- --only profile              every page of tests/bench/lighthouse.ts
 *   npm run bench -- --only profile /branches    the pages named
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { appPaths } from '#domain/contract/routes.ts';
import { launchBrowser, newShopperContext } from '../e2e/support/browser.ts';
import { buildIfNeeded, startShop } from '../e2e/support/servers.ts';
import { buildCart } from './lighthouse.ts';
import { table } from './measure.ts';

type Log = (line: string) => void;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const CART_PAGES: readonly string[] = [appPaths.viewCart, appPaths.customerInformation];

/** Self time by function (name, chunk and line), in ms, largest first. */
function selfTimes(profile: Profile): { where: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url).pathname.replace('/assets/', '') : '';
    const where = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    totals.set(where, (totals.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms);
}

/** Self time by script (the chunk, or V8's own work: GC, the program, idle). */
function byScript(profile: Profile): { script: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame?.functionName || '(native)';
    const script = frame?.url ? new URL(frame.url).pathname.replace('/assets/', '') : name.startsWith('(') ? name : `(${name})`;
    totals.set(script, (totals.get(script) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([script, ms]) => ({ script, ms })).sort((a, b) => b.ms - a.ms);
}

const DIST_ASSETS = path.resolve(import.meta.dirname, '../../dist/assets');

/** A package of node_modules by its name, a module of the shop by its path. */
function sourceGroup(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^(\.\.\/)+/, '');
}

/** Self time by original source: each sample's place in its chunk mapped through the chunk's source map. */
function bySource(profile: Profile): { source: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = path.join(DIST_ASSETS, `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    return maps.get(file) ?? null;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame?.url) return;
    const file = new URL(frame.url).pathname.replace('/assets/', '');
    const original = mapOf(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = original?.source ? sourceGroup(original.source) : file;
    totals.set(source, (totals.get(source) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([source, ms]) => ({ source, ms })).sort((a, b) => b.ms - a.ms);
}

async function profileLoad(page: Page, url: string): Promise<{ profile: Profile; loadMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const loadMs = Date.now() - started;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { profile, loadMs };
}

export async function profilePages(log: Log, paths: readonly string[]): Promise<void> {
  await buildIfNeeded();
  const shop = await startShop({ name: 'cpu-profile', adminDatabaseUrl: null });
  const browser = await launchBrowser();
  try {
    const context = await newShopperContext(browser);
    const page = await context.newPage();
    let cart = false;
    for (const path of paths) {
      if (CART_PAGES.includes(path) && !cart) {
        await buildCart(page, shop.urls.app);
        cart = true;
      }
      // A fresh load of the page: nothing of the shop in the HTTP cache.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const { profile, loadMs } = await profileLoad(page, `${shop.urls.app}${path}`);
      const idle = byScript(profile).find((s) => s.script === '(idle)')?.ms ?? 0;
      const busy = byScript(profile).filter((s) => !['(idle)', '(program)'].includes(s.script));
      log(`\n${path}: ${loadMs} ms until the network is idle at 4× CPU; ${Math.round(busy.reduce((a, s) => a + s.ms, 0))} ms of script and GC, ${Math.round(idle)} ms idle`);
      log(table(['script', 'self time'], busy.slice(0, 8).map((s) => [s.script, `${s.ms.toFixed(1)} ms`])));
      log(table(['source', 'self time'], bySource(profile).slice(0, 15).map((s) => [s.source, `${s.ms.toFixed(1)} ms`])));
      log(table(['function', 'self time'], selfTimes(profile).filter((f) => !/^\((idle|program)\)/.test(f.where)).slice(0, 15).map((f) => [f.where, `${f.ms.toFixed(1)} ms`])));
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
}
