/**
 * Runs the real shop for the end-to-end tests: the app host, the API and the sandbox payment
 * provider, started exactly as `npm start` starts them (node dist-server/main.mjs), on free
 * ports and a fresh database. As a vitest globalSetup it starts one shop for the whole run; test
 * files that need other settings (a short cart expiry) start their own with startShop().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp, staleReason } from '../../../scripts/app-build.ts';
import { buildServer, SERVER_ENTRY, serverStaleReason } from '../../../scripts/server-build.ts';
import { RESULTS_DIR, SCREENSHOT_DIR } from './browser.ts';

export interface ShopUrls {
  app: string;
  api: string;
  psp: string;
  /** The mail catcher's inbox and JSON API (/api/messages): the emails the shop sent. */
  mail: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    shop: ShopUrls;
  }
}

export interface RunningShop {
  urls: ShopUrls;
  /** Where the servers' output goes; its tail is printed when they fail to start. */
  logFile: string;
  /** Ends the servers with SIGTERM (SIGKILL if they are still running 5 s later); answers how they exited. */
  stop(): Promise<ShopExit>;
}

/** How the servers' process ended: its exit code, or the signal that ended it. */
export interface ShopExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RESULTS = RESULTS_DIR;
const START_TIMEOUT_MS = 120_000;

/** Process groups still running, killed on any way out of this process. */
const running = new Set<number>();
let handlersInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const pid of running) killGroup(pid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      for (const pid of running) killGroup(pid, 'SIGKILL');
      running.clear();
      // Our listener replaced Node's default exit; keep the default unless someone else handles it.
      if (process.listenerCount(signal) === 1) process.exit(128 + os.constants.signals[signal]);
    });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Builds dist/ with Vite and dist-server/ with esbuild when their sources changed since their last
 * build (the rule `npm start` follows). Once per run, before any shop starts.
 */
export async function buildIfNeeded(): Promise<void> {
  const forced = process.env.E2E_REBUILD === '1' ? 'E2E_REBUILD=1' : null;
  const appReason = forced ?? staleReason();
  if (appReason !== null) {
    console.log(`[e2e] building the app (${appReason})`);
    const started = Date.now();
    // vitest sets NODE_ENV=test, which would give React's development build: buildApp builds as npm start does.
    buildApp(['--logLevel', 'warn']);
    console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const serverReason = forced ?? serverStaleReason();
  if (serverReason !== null) {
    console.log(`[e2e] building the server (${serverReason})`);
    await buildServer();
  }
}

/** A new, empty PostgreSQL database next to the one DATABASE_URL names; answers its URL. */
async function freshPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function waitForHttp(url: string, child: ChildProcess, deadline: number, everyMs = 250): Promise<void> {
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the servers exited (${String(child.exitCode ?? child.signalCode)}) before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer in time (${lastError})`);
}

async function tail(file: string, lines = 40): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export interface StartShopOptions {
  /** Names the log file and, on PostgreSQL, the database (test_<name>). */
  name: string;
  /** Extra environment for the servers, e.g. { CART_TTL_MINUTES: '1' }. */
  env?: Record<string, string>;
  /** The PostgreSQL to make the database next to; DATABASE_URL by default, null for the embedded PGlite. */
  adminDatabaseUrl?: string | null;
  /** The API base the app is told to call, when something (a delaying proxy) stands in front of the API. */
  apiBase?: (api: string) => string;
  /**
   * The shop's origin, when something (a delaying proxy) stands in front of the app host: the
   * browser then opens the pages, and calls the API under /backend, through it (urls.app).
   */
  appOrigin?: (app: string) => string;
  /**
   * 'api': answer as soon as the API does (asked every 5 ms), while the rest of the shop (the
   * payment provider, the app host, email, the job queue) may still be starting. By default,
   * once all of it answers.
   */
  waitFor?: 'api' | 'all';
}

/** The operations token the journeys' shop runs with (journey 10 revokes a session with it). */
export const E2E_OPS_TOKEN = 'e2e-operations-token-0123456789abcdef';
/** The staff page's token in the journeys' shops. */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-0123456789abcdefghij';
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef';
export const E2E_PSP_WEBHOOK_SECRET = 'e2e-psp-webhook-secret-0123456789abcdef';

/** Starts the shop on free ports and a fresh database; stop() ends it and removes its data. */
export async function startShop({ name, env = {}, adminDatabaseUrl, apiBase, appOrigin, waitFor = 'all' }: StartShopOptions): Promise<RunningShop> {
  installExitHandlers();
  const [appPort, apiPort, pspPort, mailPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const urls: ShopUrls = {
    app: `http://localhost:${appPort}`,
    api: `http://localhost:${apiPort}`,
    psp: `http://localhost:${pspPort}`,
    mail: `http://localhost:${mailPort}`,
  };
  const hostUrl = urls.app;
  if (appOrigin) urls.app = appOrigin(hostUrl);

  const adminUrl = (adminDatabaseUrl === undefined ? process.env.DATABASE_URL?.trim() : adminDatabaseUrl) || undefined;
  const database = `test_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  const dataDir = adminUrl ? undefined : await mkdtemp(path.join(os.tmpdir(), `shop-${name}-`));
  const databaseUrl = adminUrl ? await freshPostgresDatabase(adminUrl, database) : '';

  await mkdir(RESULTS, { recursive: true });
  const logFile = path.join(RESULTS, `servers-${name}.log`);
  // The servers write their log to the file themselves: relaying it through this process would
  // take CPU from whatever else runs here (the benchmarks' load generator) for every line.
  const log = openSync(logFile, 'w');

  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build it first (buildIfNeeded, or npx tsx scripts/build-if-changed.ts)`);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    // Its own process group, so stop() also ends anything it starts.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      // The demo, as `npm start` runs it: its sample rates end on the last working day (production
      // would refuse to quote from them: docs/decisions/045). The signing keys are given below.
      NODE_ENV: '',
      HOST: '127.0.0.1',
      APP_PORT: String(appPort),
      API_PORT: String(apiPort),
      PSP_PORT: String(pspPort),
      APP_ORIGIN: urls.app,
      API_BASE: apiBase ? apiBase(urls.api) : urls.api,
      PSP_ORIGIN: urls.psp,
      MAIL_CATCHER_PORT: String(mailPort),
      SMTP_URL: '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir ?? '',
      OPS_TOKEN: E2E_OPS_TOKEN,
      STAFF_TOKEN: E2E_STAFF_TOKEN,
      // The journeys price against the seeded rates: no import of the day's rates mid-run.
      DAILY_RATES_IMPORT: '0',
      // Production mode takes its signing keys from the environment only.
      SESSION_SECRET: E2E_SESSION_SECRET,
      PSP_WEBHOOK_SECRET: E2E_PSP_WEBHOOK_SECRET,
      ...env,
    },
  });
  // The child has its own copy of the descriptor.
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the servers');
  running.add(pid);

  let stopping: Promise<ShopExit> | undefined;
  const stop = (): Promise<ShopExit> =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        killGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      const exit = { code: child.exitCode, signal: child.signalCode };
      // Anything the server started that outlived it.
      killGroup(pid, 'SIGKILL');
      running.delete(pid);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (adminUrl) await dropPostgresDatabase(adminUrl, database).catch(() => undefined);
      return exit;
    })());

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    await waitForHttp(`${urls.api}/healthz`, child, deadline, waitFor === 'api' ? 5 : 250);
    if (waitFor === 'all') {
      await waitForHttp(`${hostUrl}/`, child, deadline);
      await waitForHttp(`${urls.psp}/healthz`, child, deadline);
    }
  } catch (error) {
    await stop();
    throw new Error(`The shop (${name}) did not start: ${(error as Error).message}\n--- ${logFile} ---\n${await tail(logFile)}`, { cause: error });
  }
  return { urls, logFile, stop };
}

/** vitest globalSetup: one shop for the run, its URLs provided as inject('shop'). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  // E2E_SHOP=app,api,psp,mail runs the journeys against a shop already running (while debugging one).
  const external = process.env.E2E_SHOP?.split(',');
  if (external?.length === 4) {
    const [app, api, psp, mail] = external as [string, string, string, string];
    project.provide('shop', { app, api, psp, mail });
    return async () => undefined;
  }
  await buildIfNeeded();
  const shop = await startShop({ name: 'e2e' });
  console.log(`[e2e] shop at ${shop.urls.app} (API ${shop.urls.api}, payments ${shop.urls.psp}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('shop', shop.urls);
  return async () => {
    await shop.stop();
    const index = await readFile(path.join(SCREENSHOT_DIR, 'index.md'), 'utf8').catch(() => '');
    if (index) console.log(`\n[e2e] screenshots in ${path.relative(ROOT, SCREENSHOT_DIR)}/ (index.md):\n${index}`);
    console.log(`[e2e] run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
}
