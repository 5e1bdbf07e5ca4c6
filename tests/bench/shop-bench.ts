/**
 * The shop as it runs (`node dist-server/main.mjs`, as `npm start` and the end-to-end harness run
 * it) against yardsticks spawned the same way, in interleaved rounds:
 * - start-up: spawn to first healthy response, data already seeded, against a Hono hello-world
 *   bundled by the same esbuild step and run by the same node;
 * - load: autocannon on the GET quote against the hello-world, 10 and 50 connections;
 * - cart add: POST /api/cart/add on fresh carts against pgbench running the statements one add
 *   runs (captured from a test server on the same PostgreSQL), with the same client count.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AUTH_HEADER, bearer, SESSION_TOKEN_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { tokenMayHaveProfile } from '#domain/session.ts';
import { E2E_OPS_TOKEN, E2E_PSP_WEBHOOK_SECRET, E2E_SESSION_SECRET, E2E_STAFF_TOKEN, freePort, startShop, type RunningShop } from '../e2e/support/servers.ts';
import { bundleForNode, SERVER_ENTRY, SERVER_EXTERNAL } from '../../scripts/server-build.ts';
import { now } from './measure.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The quote the issue measures: site 1, store 1, home delivery, euros. */
export const LOAD_QUOTE_PATH = apiRoutes.quote.url(1, 1, 1, 'EUR');
/** The branch and product the cart add uses (London Oxford Street, click and collect). */
const CART = { storeId: 10, productId: 2, affiliateCode: null };
const ADD = { currencyCode: 'EUR', qty: 300 };

type Log = (line: string) => void;

// --- processes ---------------------------------------------------------------------------------

interface Spawned {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs a built ES module with node, as `npm start` runs the shop's. */
function spawnNode(script: string, env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

/** Polls url every 5 ms until it answers 2xx; answers the milliseconds since `since`. */
async function firstHealthy(url: string, child: ChildProcess, since: number, timeoutMs = 120_000): Promise<number> {
  while (now() - since < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

export interface HelloServer {
  url: string;
  stop(): Promise<void>;
}

let helloBundle: Promise<string> | undefined;

/** The hello-world bundled by the shop's own server build step (scripts/server-build.ts), once per run. */
function builtHello(): Promise<string> {
  helloBundle ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-hello-'));
    const outfile = path.join(dir, 'hello-server.mjs');
    await bundleForNode({ entry: path.join(ROOT, 'tests/bench/hello-server.ts'), outfile });
    return outfile;
  })();
  return helloBundle;
}

let floorBundle: Promise<string> | undefined;

/**
 * The start-up's floor (hello-db-server.ts), bundled the same way, once per run: inside the
 * repository, where node finds PGlite's package (left out of the bundle, as in the shop's).
 */
function builtFloor(): Promise<string> {
  floorBundle ??= (async () => {
    const outfile = path.join(ROOT, 'node_modules/.cache/bench-floor/hello-db-server.mjs');
    await rm(path.dirname(outfile), { recursive: true, force: true });
    await bundleForNode({ entry: path.join(ROOT, 'tests/bench/hello-db-server.ts'), outfile, external: SERVER_EXTERNAL });
    return outfile;
  })();
  return floorBundle;
}

/** Milliseconds from spawning `script` to its first healthy answer at `healthUrl`; stopped after. */
async function timedStart(script: string, env: Record<string, string>, healthUrl: string): Promise<number> {
  const started = now();
  const proc = spawnNode(script, env);
  try {
    return await firstHealthy(healthUrl, proc.child, started);
  } finally {
    await proc.stop();
  }
}

/** Spawn to first healthy response of the floor on the shop's database. */
async function startFloorTimed(data: { databaseUrl: string } | { dataDir: string }): Promise<number> {
  const port = await freePort();
  const env = { PORT: String(port), DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '', DATA_DIR: 'dataDir' in data ? data.dataDir : '' };
  return timedStart(await builtFloor(), env, `http://127.0.0.1:${port}/healthz`);
}

export async function startHello(): Promise<HelloServer & { startMs: number }> {
  const port = await freePort();
  const script = await builtHello();
  const started = now();
  const proc = spawnNode(script, { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  const startMs = await firstHealthy(`${url}/healthz`, proc.child, started);
  return { url, startMs, stop: proc.stop };
}

/** The load generator is one address opening many sessions: the shop's rate limits would answer 429. */
export const UNLIMITED_ENV = { RATE_LIMIT_SESSIONS: '1000000', RATE_LIMIT_CUSTOMER_INFO: '1000000', RATE_LIMIT_LOOKUPS: '1000000' };

/** The environment `npm start` would run the shop with on these ports and this database. */
async function shopEnv(data: { databaseUrl: string } | { dataDir: string }): Promise<{ env: Record<string, string>; api: string }> {
  const [app, api, psp] = [await freePort(), await freePort(), await freePort()];
  return {
    api: `http://127.0.0.1:${api}`,
    env: {
      HOST: '127.0.0.1',
      APP_PORT: String(app),
      API_PORT: String(api),
      PSP_PORT: String(psp),
      APP_ORIGIN: `http://localhost:${app}`,
      API_BASE: `http://localhost:${api}`,
      PSP_ORIGIN: `http://localhost:${psp}`,
      DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '',
      DATA_DIR: 'dataDir' in data ? data.dataDir : '',
      OPS_TOKEN: E2E_OPS_TOKEN,
      DAILY_RATES_IMPORT: '0',
      // The demo, as `npm start` runs it: production would refuse to quote from the sample rates (decision 045).
      NODE_ENV: '',
      SESSION_SECRET: E2E_SESSION_SECRET,
      PSP_WEBHOOK_SECRET: E2E_PSP_WEBHOOK_SECRET,
      STAFF_TOKEN: E2E_STAFF_TOKEN,
      ...UNLIMITED_ENV,
    },
  };
}

async function startShopTimed(data: { databaseUrl: string } | { dataDir: string }): Promise<number> {
  const { env, api } = await shopEnv(data);
  return timedStart(SERVER_ENTRY, env, `${api}/healthz`);
}

async function withDatabase<T>(adminUrl: string, name: string, use: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export interface StartupResult {
  database: string;
  helloMs: number[];
  shopMs: number[];
  roundRatios: number[];
  /** The floor (hello-world opening the database), each round. */
  floorMs: number[];
  floorRatios: number[];
}

/**
 * Start-up of the shop (already seeded) against the hello-world, `rounds` interleaved starts each,
 * with the floor (the hello-world opening the same database) started in the same rounds.
 */
export async function benchStartup(database: 'PGlite' | 'PostgreSQL', postgresUrl: string | null, rounds: number, log: Log): Promise<StartupResult> {
  const run = async (data: { databaseUrl: string } | { dataDir: string }): Promise<StartupResult> => {
    log(`  ${database}: first start (migrates and seeds, not counted)`);
    await startShopTimed(data);
    await startFloorTimed(data);
    const result: StartupResult = { database, helloMs: [], shopMs: [], roundRatios: [], floorMs: [], floorRatios: [] };
    for (let round = 0; round < rounds; round++) {
      const hello = async () => {
        const h = await startHello();
        await h.stop();
        return h.startMs;
      };
      const starts = [hello, () => startShopTimed(data), () => startFloorTimed(data)];
      // Each in turn first, so no one of them always starts on a machine just left busy.
      const order = [0, 1, 2].map((i) => (i + round) % 3);
      const ms: number[] = [];
      for (const i of order) ms[i] = await starts[i]!();
      const [a, b, floor] = ms as [number, number, number];
      result.helloMs.push(a);
      result.shopMs.push(b);
      result.roundRatios.push(b / a);
      result.floorMs.push(floor);
      result.floorRatios.push(floor / a);
    }
    return result;
  };
  if (postgresUrl === null) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-start-'));
    try {
      return await run({ dataDir });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return withDatabase(postgresUrl, 'test_bench_start', (databaseUrl) => run({ databaseUrl }));
}

// --- load ----------------------------------------------------------------------------------------

async function newSession(api: string): Promise<string> {
  const res = await fetch(`${api}/session/1`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`POST /session/1 answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export interface LoadRound {
  helloRps: number;
  shopRps: number;
  helloP99: number;
  shopP99: number;
}

export interface LoadResult {
  database: string;
  connections: number;
  rounds: LoadRound[];
  shopErrors: number;
}

async function cannon(url: string, connections: number, durationS: number, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: durationS, headers });
}

/** Untimed load on each server before the rounds. */
const WARM_UP_S = 3;

/** Successful responses per second. */
const okRate = (r: autocannon.Result) => r['2xx'] / r.duration;

/** autocannon against the hello-world and the shop's GET quote, interleaved, per connection count. */
export async function benchLoad(
  database: string,
  shop: RunningShop,
  hello: HelloServer,
  options: { connections: number[]; rounds: number; durationS: number },
  log: Log,
): Promise<LoadResult[]> {
  const token = await newSession(shop.urls.api);
  // As the app sends it (src/api/catalogue.ts fetchQuote): a new shopper's token says the session
  // has no loyalty profile, so the quote goes without it, as a public read.
  const headers: Record<string, string> = tokenMayHaveProfile(token) ? { [AUTH_HEADER]: bearer(token) } : {};
  const quoteUrl = `${shop.urls.api}${LOAD_QUOTE_PATH}`;
  const check = await fetch(quoteUrl, { headers });
  if (check.status !== 200) throw new Error(`GET quote answered ${check.status}: ${await check.text()}`);
  // Warm both up (JIT, connection pools) before anything counts: 3 s each, since a shop's first
  // 3-4 s of load after it starts answered about a third fewer quotes a second than the next ones.
  await cannon(`${hello.url}/`, 10, WARM_UP_S);
  await cannon(quoteUrl, 10, WARM_UP_S, headers);
  const results: LoadResult[] = [];
  for (const connections of options.connections) {
    log(`  ${database}, ${connections} connections`);
    const result: LoadResult = { database, connections, rounds: [], shopErrors: 0 };
    for (let round = 0; round < options.rounds; round++) {
      const runHello = () => cannon(`${hello.url}/`, connections, options.durationS);
      const runShop = () => cannon(quoteUrl, connections, options.durationS, headers);
      const [h, s] = round % 2 === 0 ? [await runHello(), await runShop()] : await runShop().then(async (s) => [await runHello(), s] as const);
      result.shopErrors += s.non2xx + s.errors;
      // autocannon measures latency in whole milliseconds: a p99 under 1 ms reads 0, counted as 1.
      result.rounds.push({ helloRps: okRate(h), shopRps: okRate(s), helloP99: Math.max(h.latency.p99, 1), shopP99: Math.max(s.latency.p99, 1) });
    }
    results.push(result);
  }
  return results;
}

export async function startBenchShop(name: string, postgresUrl: string | null): Promise<RunningShop> {
  return startShop({ name, adminDatabaseUrl: postgresUrl, env: UNLIMITED_ENV });
}

// --- cart add against pgbench -----------------------------------------------------------------

interface Captured {
  text: string;
  values: unknown[];
}

/** A SQL literal for a captured parameter. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The statements one POST /api/cart/add runs on a fresh cart, recorded from a test server on
 * PostgreSQL (every query node-postgres sends while the add is answered).
 */
export async function captureCartAdd(postgresUrl: string): Promise<{ statements: Captured[]; cartId: string; schema: string; databaseUrl: string; close(): Promise<void> }> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = postgresUrl;
  const { createTestServer } = await import('#server/testing.ts');
  const server = await createTestServer();
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  // A first add on another cart warms what the shop keeps in memory (the day's mid rates), as a
  // running shop has: the recorded add is a warm one, like the shop's side of the comparison.
  const warm = await server.newSession();
  const warmHeaders = { ...server.auth(warm), 'Content-Type': 'application/json' };
  await server.request(apiRoutes.cartCreate.url(), { method: 'POST', headers: warmHeaders, body: JSON.stringify(CART) });
  await server.request(apiRoutes.cartAdd.url(), { method: 'POST', headers: warmHeaders, body: JSON.stringify(ADD) });
  const token = await server.newSession();
  const headers = { ...server.auth(token), 'Content-Type': 'application/json' };
  const created = await server.request(apiRoutes.cartCreate.url(), { method: 'POST', headers, body: JSON.stringify(CART) });
  const cartId = ((await created.json()) as { id: string }).id;

  // Every statement the database sends while the add is answered, with its parameters (the pool's
  // clients are wrapped when they connect, so patching node-postgres' prototype would miss them).
  const statements: Captured[] = [];
  const stop = server.database.observe((text, values) => statements.push({ text, values: [...values] }));
  let status: number;
  try {
    status = (await server.request(apiRoutes.cartAdd.url(), { method: 'POST', headers, body: JSON.stringify(ADD) })).status;
  } finally {
    stop();
  }
  if (statements.length === 0) throw new Error('no statement was seen while the add was answered');
  if (status !== 201) throw new Error(`POST /api/cart/add answered ${status}`);
  // The test server works in a copy of the seeded template database, in the template's schema.
  if (server.pgUrl === undefined || server.pgSchema === undefined) throw new Error('the test server is not on PostgreSQL');
  return { statements, cartId, schema: server.pgSchema, databaseUrl: server.pgUrl, close: () => server.close() };
}

/**
 * A pgbench script of the captured statements, COMMIT included: each transaction takes a fresh
 * cart of its own (the next row of bench_carts, through a sequence), so every add meets an empty
 * cart and pays the commit's WAL flush, as the shop's adds do.
 */
export function pgbenchScript(statements: readonly Captured[], cartId: string): string {
  const lines = ["select cart_id from bench_carts where n = (select nextval('bench_cart_seq')) \\gset"];
  // Ids the shop made for the rows it inserts (a new line's id): a fresh one in each transaction,
  // as the shop makes, or the replay would insert the captured row's id again.
  const fresh = new Map<string, string>();
  for (const { text, values } of statements) {
    if (!/^\s*(with\s+"?\w+"?\s+as\s+\(\s*)?insert\b/i.test(text)) continue;
    for (const value of values) {
      if (typeof value === 'string' && value !== cartId && UUID_TEXT.test(value) && !fresh.has(value)) {
        const name = `new_id_${fresh.size + 1}`;
        fresh.set(value, name);
        lines.push(`select gen_random_uuid() as ${name} \\gset`);
      }
    }
  }
  for (const { text, values } of statements) {
    const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = values[Number(n) - 1];
      if (value === cartId) return ':cart_id';
      const made = typeof value === 'string' ? fresh.get(value) : undefined;
      return made === undefined ? literal(value) : `:${made}`;
    });
    lines.push(`${sql.replace(/\s+/g, ' ').trim()};`);
  }
  return `${lines.join('\n')}\n`;
}

export interface CartAddResult {
  statements: number;
  clients: number;
  shopAddsPerSecond: number[];
  pgbenchTps: number[];
  roundRatios: number[];
}

export function pgbenchAvailable(): string | null {
  const r = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function runPgbench(databaseUrl: string, schema: string, scriptFile: string, clients: number, transactionsPerClient: number): number {
  const url = new URL(databaseUrl);
  const r = spawnSync(
    'pgbench',
    ['-n', '-M', 'extended', '-c', String(clients), '-j', '1', '-t', String(transactionsPerClient), '-f', scriptFile, '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), url.pathname.slice(1)],
    { encoding: 'utf8', env: { ...process.env, PGOPTIONS: `-c search_path="${schema}"` } },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout)?.[1];
  if (r.status !== 0 || tps === undefined) throw new Error(`pgbench failed (${r.status}): ${r.stderr || r.stdout}`);
  return Number(tps);
}

/** Fresh carts on the running shop, each behind its own session, ready for one add each. */
async function freshCarts(api: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const token = await newSession(api);
    const res = await fetch(`${api}${apiRoutes.cartCreate.url()}`, {
      method: 'POST',
      headers: { [AUTH_HEADER]: bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(CART),
    });
    if (res.status !== 201) throw new Error(`POST /cart answered ${res.status}: ${await res.text()}`);
    // The token renewed to name the new cart, which the app adopts: the adds then send what it sends.
    tokens.push(res.headers.get(SESSION_TOKEN_HEADER) ?? token);
  }
  return tokens;
}

/**
 * `clients` at a time, one add per fresh cart, over `clients` kept-alive connections; answers adds
 * per second of wall time, counted from when every connection is open (as pgbench's tps is,
 * "without initial connection time"). The load generator shares the two cores with the shop and
 * PostgreSQL, so it is kept small, as pgbench's own client is: each request is written on the socket
 * as prepared HTTP/1.1 bytes (made before the clock starts, as pgbench parses its script before it
 * runs) and each answer is read up to its Content-Length. fetch spent about 1.5-2 ms of CPU an add
 * on this machine (more than the database does for one), node:http about 0.4-0.6 ms, this about a
 * quarter of that.
 */
async function addsPerSecond(api: string, tokens: readonly string[], clients: number): Promise<number> {
  const url = new URL(`${api}${apiRoutes.cartAdd.url()}`);
  const body = JSON.stringify(ADD);
  const requests = tokens.map((token) =>
    Buffer.from(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n${AUTH_HEADER}: ${bearer(token)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    ),
  );
  const sockets = await Promise.all(
    Array.from(
      { length: Math.min(clients, requests.length) },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(url.port), url.hostname, () => resolve(socket));
          socket.setNoDelay(true);
          socket.once('error', reject);
        }),
    ),
  );
  let next = 0;
  /** Sends the next add on the socket when each answer is in; resolves when none are left. */
  const run = (socket: net.Socket) =>
    new Promise<void>((resolve, reject) => {
      let pending: Buffer = Buffer.alloc(0);
      const send = () => {
        if (next >= requests.length) resolve();
        else socket.write(requests[next++]!);
      };
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = pending.subarray(0, headEnd).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
        if (length === undefined) {
          reject(new Error(`POST /api/cart/add answered without a Content-Length: ${head}`));
          return;
        }
        const end = headEnd + 4 + Number(length);
        if (pending.length < end) return;
        const status = Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 '.length + 3));
        if (status !== 201) {
          reject(new Error(`POST /api/cart/add answered ${status}: ${pending.subarray(headEnd + 4, end).toString('utf8')}`));
          return;
        }
        pending = pending.subarray(end);
        send();
      });
      socket.on('error', reject);
      socket.on('close', () => (next < requests.length || pending.length > 0 ? reject(new Error('the shop closed a connection mid-run')) : undefined));
      send();
    });
  try {
    const started = now();
    await Promise.all(sockets.map(run));
    return (tokens.length / (now() - started)) * 1000;
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/**
 * Untimed transactions per client before the first round, on each side. With 5, the shop's first
 * rounds still ran on code V8 had not yet optimised (its CPU an add fell from about 2.2 to 1.2 ms over
 * the first 1,000 adds); pgbench's client needs no warming, so the same count costs it nothing.
 */
const PGBENCH_WARM_UP_PER_CLIENT = 30;

export async function benchCartAdd(shop: RunningShop, postgresUrl: string, options: { clients: number; addsPerRound: number; rounds: number }, log: Log): Promise<CartAddResult> {
  log('  capturing the statements of one add');
  const captured = await captureCartAdd(postgresUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pgbench-'));
  const client = new pg.Client({ connectionString: captured.databaseUrl, options: `-c search_path="${captured.schema}"` });
  await client.connect();
  try {
    // A fresh cart for every pgbench transaction (warm-up and rounds), made by the shop's own rules
    // (copies of the cart POST /cart made on the test server), handed out in turn by a sequence.
    const perClient = Math.max(1, Math.round(options.addsPerRound / options.clients));
    const needed = options.clients * (PGBENCH_WARM_UP_PER_CLIENT + perClient * options.rounds);
    await client.query('create table bench_carts (n bigint primary key, cart_id uuid not null)');
    await client.query('create sequence bench_cart_seq');
    await client.query(
      `with made as (
         insert into carts (id, session_id, site_id, store_id, product_id, affiliate_code, buy_back_guarantee, refund_guarantee, status, recreated_from, expires_at, created_at, updated_at)
         select gen_random_uuid(), session_id, site_id, store_id, product_id, affiliate_code, buy_back_guarantee, refund_guarantee, status, recreated_from, expires_at, created_at, updated_at
         from carts, generate_series(1, $2) where id = $1 returning id)
       insert into bench_carts select row_number() over (), id from made`,
      [captured.cartId, needed],
    );
    const scriptFile = path.join(dir, 'cart-add.sql');
    await writeFile(scriptFile, pgbenchScript(captured.statements, captured.cartId));
    runPgbench(captured.databaseUrl, captured.schema, scriptFile, options.clients, PGBENCH_WARM_UP_PER_CLIENT);
    // The shop warmed the same way: untimed adds before the first round.
    await addsPerSecond(shop.urls.api, await freshCarts(shop.urls.api, options.clients * PGBENCH_WARM_UP_PER_CLIENT), options.clients);

    const result: CartAddResult = { statements: captured.statements.length, clients: options.clients, shopAddsPerSecond: [], pgbenchTps: [], roundRatios: [] };
    for (let round = 0; round < options.rounds; round++) {
      log(`  round ${round + 1}: preparing ${options.addsPerRound} fresh carts`);
      const tokens = await freshCarts(shop.urls.api, options.addsPerRound);
      let shopRate: number;
      let tps: number;
      if (round % 2 === 0) {
        shopRate = await addsPerSecond(shop.urls.api, tokens, options.clients);
        tps = runPgbench(captured.databaseUrl, captured.schema, scriptFile, options.clients, perClient);
      } else {
        tps = runPgbench(captured.databaseUrl, captured.schema, scriptFile, options.clients, perClient);
        shopRate = await addsPerSecond(shop.urls.api, tokens, options.clients);
      }
      result.shopAddsPerSecond.push(shopRate);
      result.pgbenchTps.push(tps);
      result.roundRatios.push(shopRate / tps);
    }
    return result;
  } finally {
    await client.end();
    await captured.close();
    await rm(dir, { recursive: true, force: true });
  }
}

