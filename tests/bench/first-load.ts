/**
 * The calculator page's JS against the design card's own stack: a bare app of React 19, React
 * Router (BrowserRouter, Routes, Route, Link), XState and @xstate/react (one machine through
 * useMachine) in tests/bench/card-stack/, built by the same Vite with the shop's build options.
 * Two figures for each, in gzip bytes at level 9 (the same on every machine, whatever the server
 * sends on the wire):
 * - first load: the entry chunk and its static imports, from the build's manifest
 *   (scripts/bundle-size.ts);
 * - until idle: every script the page fetches in Chromium, including the chunks it loads after
 *   the first paint, until the network is idle: no request in flight for QUIET_MS after the load
 *   event, and still none once the page's own pending work has run (a requestIdleCallback round
 *   trip). Bytes are counted, never time, so a slow machine changes when the count ends, not what
 *   it counts. The shop runs as `npm start` runs it (the app host, the API on a fresh embedded
 *   database, the payment provider); the bare app from a static server answering index.html for
 *   every address.
 * `npm run check:bundle` (tests/bench/check-first-load.ts) fails over FIRST_LOAD_GOAL times the
 * bare app (met since decision 063; until then a ceiling came down with each cut); `npm run bench`
 * sets the same figures beside the goal.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Request } from 'playwright-core';
import { build, type UserConfig } from 'vite';
import shopConfig from '../../vite.config.ts';
import { firstLoadJs, gzipSize, misplacedModules, type FirstLoadJs } from '../../scripts/bundle-size.ts';
import { chromiumAvailable, launchBrowser, newShopperContext } from '../e2e/support/browser.ts';
import { buildIfNeeded, startShop } from '../e2e/support/servers.ts';
import { now } from './measure.ts';

/** The goal: all JS the calculator page loads until the network is idle, at most this times the bare app's. */
export const FIRST_LOAD_GOAL = 1.5;



/** No request in flight for this long after the load event: the network is idle. */
export const QUIET_MS = 500;
/** A page that never goes quiet fails the count rather than passing with a part of it. */
const IDLE_DEADLINE_MS = 60_000;

const CARD_STACK = path.join(import.meta.dirname, 'card-stack');

export interface ScriptFetched {
  /** The path the page asked for (/assets/...). */
  path: string;
  /** Its body as the page ran it. */
  bytes: number;
  gzipBytes: number;
  /** Asked for before the load event (the entry and what it imports, or preloads). */
  beforeLoad: boolean;
}

export interface UntilIdle {
  scripts: ScriptFetched[];
  gzipBytes: number;
  /** Every request of the page until idle (method and path), in the order they were made. */
  requests: string[];
}

export interface CardStackBuild {
  dir: string;
  firstLoad: FirstLoadJs;
  remove(): void;
}

/**
 * Builds tests/bench/card-stack with the shop's Vite and the build options of vite.config.ts that
 * apply to any app (minifier and target defaults, the module preload and chunking rules), in
 * production mode, into a temporary folder.
 */
export async function buildCardStack(): Promise<CardStackBuild> {
  const dir = mkdtempSync(path.join(tmpdir(), 'card-stack-'));
  const shopBuild = (shopConfig as UserConfig).build ?? {};
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: CARD_STACK,
      configFile: false,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: dir,
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        ...(shopBuild.minify === undefined ? {} : { minify: shopBuild.minify }),
        ...(shopBuild.target === undefined ? {} : { target: shopBuild.target }),
        ...(shopBuild.modulePreload === undefined ? {} : { modulePreload: shopBuild.modulePreload }),
        ...(shopBuild.rolldownOptions === undefined ? {} : { rolldownOptions: shopBuild.rolldownOptions }),
      },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  return { dir, firstLoad: firstLoadJs(dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves a built app: its files, and index.html for any other address (as the shop's app host does). */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port for the static server');
  return {
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const isScript = (request: Request) => request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);

/**
 * Opens `url` in a fresh shopper's context (1280×900, en-GB) and counts every script the page
 * fetches until the network is idle (see the top of this file).
 */
export async function scriptsUntilIdle(browser: Browser, url: string): Promise<UntilIdle> {
  const context = await newShopperContext(browser);
  try {
    const page = await context.newPage();
    const inFlight = new Set<Request>();
    const requests: string[] = [];
    const bodies: Promise<ScriptFetched>[] = [];
    let loaded = false;
    // Requests after the count has ended are not the page's load: left out, their bodies unread.
    let counting = true;
    let lastChange = now();
    page.on('request', (request) => {
      inFlight.add(request);
      lastChange = now();
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    page.on('requestfinished', (request) => {
      inFlight.delete(request);
      lastChange = now();
      if (!counting || !isScript(request)) return;
      const beforeLoad = !loaded;
      bodies.push(
        (async () => {
          const response = await request.response();
          if (response === null) throw new Error(`no response for ${request.url()}`);
          const body = await response.body();
          return { path: new URL(request.url()).pathname, bytes: body.length, gzipBytes: gzipSize(body), beforeLoad };
        })(),
      );
    });
    page.on('requestfailed', (request) => {
      inFlight.delete(request);
      lastChange = now();
    });

    await page.goto(url, { waitUntil: 'load' });
    loaded = true;
    const started = now();
    for (;;) {
      if (now() - started > IDLE_DEADLINE_MS) throw new Error(`${url}: the network was not idle within ${IDLE_DEADLINE_MS} ms (in flight: ${[...inFlight].map((r) => r.url()).join(', ')})`);
      if (inFlight.size > 0 || now() - lastChange < QUIET_MS) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      // Quiet: once the page has run what it had queued (a busy machine may hold a chunk's
      // evaluation past the quiet period), anything that asks for more shows as a new request.
      const asked = requests.length;
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      if (requests.length === asked && inFlight.size === 0) break;
    }
    counting = false;
    const scripts = (await Promise.all(bodies)).sort((a, b) => Number(b.beforeLoad) - Number(a.beforeLoad) || a.path.localeCompare(b.path));
    return { scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0), requests };
  } finally {
    await context.close();
  }
}

export interface AppFigures {
  /** The entry chunk and its static imports (the build's manifest). */
  firstLoad: FirstLoadJs;
  /** Every script fetched until the network is idle, in Chromium. */
  untilIdle: UntilIdle;
}

export interface FirstLoadFigures {
  shop: AppFigures;
  cardStack: AppFigures;
  /** The shop's JS until idle over the card's stack's (the goal's figure). */
  ratio: number;
  /** The same for the first load alone. */
  firstLoadRatio: number;
  /** Modules only the pages loaded on demand need that the calculator page loads until idle (scripts/bundle-size.ts). */
  misplaced: string[];
}

const DIST = path.resolve(import.meta.dirname, '../../dist');

/**
 * Builds the app and the server when their sources changed (the rule of `npm start`) and the card's
 * stack, starts the shop as `npm start` does (on the embedded database), and measures both apps'
 * calculator page (/) in one Chromium.
 */
export async function measureFirstLoad(log: (line: string) => void = () => undefined): Promise<FirstLoadFigures> {
  if (!chromiumAvailable()) throw new Error('no chromium at /usr/bin/chromium (CHROMIUM_PATH): the JS until the network is idle is counted in a browser');
  await buildIfNeeded();
  const shopFirstLoad = firstLoadJs(DIST);
  log('building the card\'s stack (tests/bench/card-stack) with the same Vite');
  const card = await buildCardStack();
  const served = await serveStatic(card.dir);
  log('starting the shop as npm start does');
  const shop = await startShop({ name: 'first-load', adminDatabaseUrl: null });
  try {
    const browser = await launchBrowser();
    try {
      log('counting the scripts each calculator page fetches until the network is idle (Chromium)');
      const cardIdle = await scriptsUntilIdle(browser, `${served.url}/`);
      const shopIdle = await scriptsUntilIdle(browser, `${shop.urls.app}/`);
      const loaded = [...shopFirstLoad.files, ...shopIdle.scripts.map((s) => ({ file: s.path.replace(/^\//, '') }))];
      return {
        shop: { firstLoad: shopFirstLoad, untilIdle: shopIdle },
        cardStack: { firstLoad: card.firstLoad, untilIdle: cardIdle },
        ratio: shopIdle.gzipBytes / cardIdle.gzipBytes,
        firstLoadRatio: shopFirstLoad.gzipBytes / card.firstLoad.gzipBytes,
        misplaced: misplacedModules(DIST, loaded),
      };
    } finally {
      await browser.close();
    }
  } finally {
    await shop.stop();
    await served.close();
    card.remove();
  }
}
