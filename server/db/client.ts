/**
 * The database: PGlite (PostgreSQL compiled to WebAssembly, embedded, file-backed under the data
 * directory) by default, node-postgres when a DATABASE_URL is given. Both behind one drizzle type.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { drizzle as DrizzlePglite } from 'drizzle-orm/pglite';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type pg from 'pg';

// Each driver loads only when its database is opened: a shop on PostgreSQL never loads PGlite's
// WebAssembly, and one on PGlite never loads node-postgres (start-up time).
type PgModule = typeof pg;
const loadPg = async (): Promise<PgModule> => (await import('pg')).default;

/**
 * What services query through; a transaction (`db.transaction(async (tx) => ...)`) has the same type.
 * Without drizzle's relational queries (`db.query.table.findMany`), which the shop does not use:
 * given the schema, drizzle would make a query object for every table on every transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Told of every SQL statement sent on any connection (transaction control included), once it is answered. */
/** Told each statement once it is answered, with its parameters (none for plain SQL text). */
export type StatementObserver = (sqlText: string, values: readonly unknown[]) => void;

export interface Listening {
  /** Stops listening (and closes the listening connection on PostgreSQL). */
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A NOTIFY on the channel, from this process or another one on the same database. */
  notified(payload: string): void;
  /**
   * The listening connection was (re)established: notifications may have been missed before it, so
   * whatever they guard must be checked again. Called after the first LISTEN too.
   */
  connected(): void;
  /** The listening connection was lost; notifications are not arriving until connected() again. */
  lost(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Observes the statements sent from now on; returns the function that stops observing. */
  observe(observer: StatementObserver): () => void;
  /**
   * LISTEN on a channel with its own connection on PostgreSQL (made in the background, reconnecting),
   * on the one client on PGlite. Notifications count from the handlers' connected(), not from the answer.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /**
   * Runs SQL text that may hold several statements (migrations) on one connection; if it fails
   * inside a BEGIN it started, that transaction is rolled back before the error is rethrown.
   */
  exec(sqlText: string): Promise<void>;
  /** A plain query with positional parameters ($1, $2 ...), rows as objects. */
  query<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
  /**
   * SQL text as the job queue sends it (server/jobs/queue.ts): with parameters one statement,
   * without them possibly several; answers the last statement's rows.
   */
  executeSql(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL: use node-postgres. */
  databaseUrl?: string | null;
  /** PGlite's directory; null or omitted: in memory. Ignored with a databaseUrl. */
  dataDir?: string | null;
  /** PostgreSQL schema to create (if missing) and work in; for isolated test databases. */
  pgSchema?: string;
  /**
   * PGlite in memory only: the cluster to start from, a tarball from newPgliteCluster(), instead of
   * a new one made by PostgreSQL's initdb (about 2 s in WebAssembly). The test servers use it.
   */
  cluster?: Blob;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  if (options.cluster !== undefined && options.dataDir) throw new Error('A cluster to start from is for PGlite in memory only');
  return openPglite(options.dataDir ?? null, options.cluster);
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function observers() {
  const set = new Set<StatementObserver>();
  return {
    observe(observer: StatementObserver) {
      set.add(observer);
      return () => void set.delete(observer);
    },
    tell(sqlText: string, values: readonly unknown[] = []) {
      for (const observer of set) observer(sqlText, values);
    },
  };
}

/** Wraps a query function so that each statement is told to the observers once it is answered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wrapped drivers' query signatures are overloaded and generic; the wrapper passes them through untouched.
function told<F extends (...args: any[]) => Promise<unknown>>(tell: (sqlText: string, values: readonly unknown[]) => void, run: F): F {
  return (async (...args: Parameters<F>) => {
    const last: unknown = args[args.length - 1];
    if (typeof last === 'function') {
      // node-postgres' callback style (Pool.query uses it): told when the callback is.
      args[args.length - 1] = (...results: unknown[]) => {
        tell(textOf(args[0]), valuesOf(args));
        return (last as (...r: unknown[]) => unknown)(...results);
      };
      return run(...args);
    }
    try {
      return await run(...args);
    } finally {
      tell(textOf(args[0]), valuesOf(args));
    }
  }) as F;
}

/** The parameters of query(text, values) or query({ text, values }). */
const valuesOf = (args: readonly unknown[]): readonly unknown[] => {
  const [query, second] = args;
  if (Array.isArray(second)) return second;
  if (typeof query === 'object' && query !== null && 'values' in query && Array.isArray((query as { values: unknown }).values)) return (query as { values: unknown[] }).values;
  return [];
};

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : typeof query === 'object' && query !== null && 'text' in query ? String((query as { text: unknown }).text) : '';

/**
 * PGlite's shared buffers. PostgreSQL's default (128 MB) is cleared in the WebAssembly memory on
 * every open: about a third of a second of the shop's start at 128 MB, 60-100 ms of CPU at 16 MB.
 * PGlite's pages come from its own file system (memory, or the OS cache) on a miss, so a small
 * buffer pool costs the shop's calls nothing measurable (decision 038).
 */
export const PGLITE_SHARED_BUFFERS = '1MB';

/**
 * V8's flag that keeps PGlite's WebAssembly on its baseline compiler (Liftoff). By default V8 also
 * recompiles the module's hot functions with its optimising compiler on background threads: for
 * PGlite's 9 MB module that kept both cores of the benchmark machine busy through the shop's
 * start, and Node waits for those background jobs whenever its event loop has nothing else to do
 * (the main thread stood still 120-190 ms at a time, right after the migration check's statement).
 * On the baseline code the shop's queries ran as fast once warm (a session read and the currencies,
 * 500 pairs a round: 1.1-1.6 ms a pair against 1.3-2.8 ms) and PGlite opened and answered its first
 * statements in about half the time. docs/decisions/033-pglite-baseline-compiler.md.
 */
export const PGLITE_V8_FLAG = '--liftoff-only';

/**
 * Node's own modules that the server loads before its API answers, loaded before PGLITE_V8_FLAG
 * is set. Node compiles its own modules from a code cache that records V8's flags; once a flag is
 * changed at run time, V8 turns that cache down, and each of Node's modules loaded afterwards is
 * compiled from its source instead, about three times as long. These are loaded anyway, so loading
 * them first costs nothing. tests/e2e/start-and-stop.test.ts fails when one is missing here.
 */
function loadNodeModulesBeforeTheFlag(): void {
  for (const id of ['crypto', 'http', 'http2', 'assert', 'os', 'worker_threads', 'zlib', 'perf_hooks', 'util/types', 'stream/web']) process.getBuiltinModule(`node:${id}`);
  // Each loaded on its first use: fetch's classes (undici), Web Crypto, buffer's File, util's
  // MIMEType and parseArgs, fs's streams.
  const { File } = process.getBuiltinModule('node:buffer');
  const { MIMEType, parseArgs } = process.getBuiltinModule('node:util');
  const { ReadStream } = process.getBuiltinModule('node:fs');
  return void [globalThis.Response, globalThis.crypto, File, MIMEType, parseArgs, ReadStream];
}

/** PGlite's WebAssembly compiled and its file bundle read: what each open starts from. */
interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * Reads PGlite's WebAssembly and its file bundle (PostgreSQL's share and lib directories) and
 * compiles the WebAssembly (once per process; the bundle is read for each open, and PGlite's
 * in-memory file system keeps it). Started as soon as V8's flag is set, beside the import of
 * PGlite's own modules: left to PGlite, the two reads and the compile came one after the other,
 * after its modules and its file system's module had loaded, while the server's thread stood idle
 * (docs/decisions/039-pglite-compiled-beside-its-modules.md).
 */
async function readPgliteFiles(): Promise<PgliteFiles> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // Read at once: 15 MB from the page cache is a few milliseconds of this thread, where an
  // asynchronous read comes in 512 kB pieces, each waiting its turn on the busy thread.
  pgliteModule ??= WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm')));
  const fsBundle = new Blob([readFileSync(path.join(dist, 'pglite.data'))]);
  return { pgliteWasmModule: await pgliteModule, fsBundle };
}

/** PGlite, its module loaded (and V8's flag set before it is compiled) on the first open in this process. */
async function loadPglite(): Promise<{ pglite: typeof PGlite; files: PgliteFiles }> {
  // Before PGlite's module is compiled; the shop has no other WebAssembly of weight.
  loadNodeModulesBeforeTheFlag();
  setFlagsFromString(PGLITE_V8_FLAG);
  const files = readPgliteFiles();
  // Its file system for a data directory too, which PGlite would import only once asked to open.
  const [{ PGlite }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/nodefs')]);
  return { pglite: PGlite, files: await files };
}

const pgliteStartParams = (pglite: typeof PGlite): string[] => [
  ...pglite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

async function openPglite(dataDir: string | null, cluster?: Blob): Promise<Database> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true });
  const [{ pglite, files }, { drizzle }] = await Promise.all([loadPglite(), import('drizzle-orm/pglite')]);
  const options = { ...files, startParams: pgliteStartParams(pglite) };
  const client =
    dataDir !== null ? await pglite.create(dataDir, options) : await pglite.create({ ...options, ...(cluster === undefined ? {} : { loadDataDir: cluster }) });
  return wrapPglite(client, drizzle);
}

/**
 * A new, empty PGlite cluster (what PostgreSQL's initdb makes, nothing of the shop's in it yet) as
 * an uncompressed tarball, for openDatabase({ cluster }).
 */
export async function newPgliteCluster(): Promise<Blob> {
  const { pglite, files } = await loadPglite();
  const client = await pglite.create({ ...files, startParams: pgliteStartParams(pglite) });
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * A PGlite cluster made from `cluster` and prepared by `prepare` (the test servers' migrated and
 * seeded database), dumped as an uncompressed tarball for openDatabase({ cluster }).
 */
export async function preparedPgliteCluster(cluster: Blob, prepare: (database: Database) => Promise<void>): Promise<Blob> {
  const [{ pglite, files }, { drizzle }] = await Promise.all([loadPglite(), import('drizzle-orm/pglite')]);
  const client = await pglite.create({ ...files, startParams: pgliteStartParams(pglite), loadDataDir: cluster });
  try {
    await prepare(wrapPglite(client, drizzle));
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Wraps an open PGlite as a Database. */
function wrapPglite(client: PGlite, drizzlePglite: typeof DrizzlePglite): Database {
  const { observe, tell } = observers();
  // Every statement drizzle sends goes through query(), exec() or a transaction's own query().
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const observed = {
    query: told(tell, query),
    exec: told(tell, exec),
    transaction: (<T,>(callback: (tx: Transaction) => Promise<T>) => {
      tell('BEGIN');
      return transaction((tx) =>
        callback(
          Object.assign(Object.create(tx) as Transaction, {
            query: told(tell, tx.query.bind(tx)),
            exec: told(tell, tx.exec.bind(tx)),
          }),
        ),
      ).finally(() => tell('COMMIT'));
    }) as typeof client.transaction,
  };
  Object.assign(client, observed);
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    observe,
    listen: async (channel, handlers) => {
      if (!CHANNEL.test(channel)) throw new Error(`Bad channel name: ${channel}`);
      const unlisten = await client.listen(channel, (payload) => handlers.notified(payload));
      handlers.connected();
      return { close: () => unlisten() };
    },
    exec: async (sqlText) => {
      try {
        await client.exec(sqlText);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    query: async <Row,>(sqlText: string, params: unknown[] = []) => (await client.query<Row>(sqlText, params)).rows,
    executeSql: async (sqlText, params = []) => {
      if (params.length > 0) return { rows: (await client.query<Record<string, unknown>>(sqlText, params)).rows };
      const results = await client.exec(sqlText);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, pgSchema?: string): Promise<Database> {
  const [pg, { drizzle: drizzlePg }] = await Promise.all([loadPg(), import('drizzle-orm/node-postgres')]);
  if (pgSchema !== undefined) {
    if (!SCHEMA_NAME.test(pgSchema)) throw new Error(`Bad schema name: ${pgSchema}`);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${pgSchema}"`);
    } finally {
      await setup.end();
    }
  }
  const connection = { connectionString: url, ...(pgSchema === undefined ? {} : { options: `-c search_path="${pgSchema}"` }) };
  const pool = new pg.Pool({ ...connection, max: 5 });
  // An idle connection the server ended (PostgreSQL restarting, an administrator's termination, a
  // database dropped WITH (FORCE) as a test server closes): the pool has already let that client go
  // and opens a new one for the next query. Without a listener the pool's 'error' would end the process.
  pool.on('error', () => undefined);
  const { observe, tell } = observers();
  // pool.query and drizzle's transactions both end in a pooled client's query().
  pool.on('connect', (client) => {
    client.query = told(tell, client.query.bind(client) as typeof client.query);
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    observe,
    listen: async (channel, handlers) => listenPostgres(pg, connection, channel, handlers),
    exec: async (sqlText) => {
      const connection = await pool.connect();
      try {
        await connection.query(sqlText);
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    query: async <Row,>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as Row[],
    executeSql: async (sqlText, params = []) => {
      // Several statements in one text answer one result each.
      const answer = (await pool.query(sqlText, params)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(answer) ? answer.at(-1) : answer;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => pool.end(),
  };
}

const RECONNECT_MS = [100, 500, 2_000, 5_000];
/** A listening connection not made in this long is given up and tried again (close() waits at most this). */
const LISTEN_CONNECT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), made after
 * this answers: the handlers hear connected() once LISTEN is in place. When it drops, they hear
 * lost() at once and connected() after each successful reconnection; a first connection that fails
 * is tried again the same way.
 */
async function listenPostgres(pg: PgModule, connection: pg.ClientConfig, channel: string, handlers: ListenHandlers): Promise<Listening> {
  if (!CHANNEL.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notified(message.payload ?? '');
    });
    client.on('error', () => dropped(client));
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    attempt = 0;
    handlers.connected();
  };
  /** The connection being made, if one is (close() waits for it). */
  let underWay: Promise<void> | null = null;
  const tryConnect = () => {
    const trying = connect().catch(() => retry());
    underWay = trying;
    void trying.finally(() => {
      if (underWay === trying) underWay = null;
    });
  };
  const dropped = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.lost();
    client.end().catch(() => undefined);
    retry();
  };
  const retry = () => {
    if (closed || timer !== null) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] ?? 5_000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      tryConnect();
    }, delay);
    timer.unref();
  };

  // Not waited for: a connection of its own takes a server process's start, and nothing needs to
  // wait for it (the reference cache checks the version on every read until connected()).
  tryConnect();
  return {
    close: async () => {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      await underWay;
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Drops a schema made by openDatabase({ pgSchema }) for a test. */
export async function dropPgSchema(url: string, pgSchema: string): Promise<void> {
  if (!SCHEMA_NAME.test(pgSchema)) throw new Error(`Bad schema name: ${pgSchema}`);
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
  } finally {
    await client.end();
  }
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The address of another database on the same PostgreSQL server as `url`. */
export function pgUrlOfDatabase(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

async function withPgAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const pgCode = (error: unknown): string | undefined => (error as { code?: string } | null)?.code;

/**
 * Makes `template` once on the server of `url` (built by `build` in a database of its own, then
 * renamed into place, so a concurrent maker never sees half of it) and answers whether it was
 * made here. Copies of it (pgDatabaseFromTemplate) are for tests.
 */
export async function ensurePgTemplate(url: string, template: string, build: (buildingUrl: string) => Promise<void>): Promise<boolean> {
  if (!DATABASE_NAME.test(template)) throw new Error(`Bad database name: ${template}`);
  const exists = await withPgAdmin(url, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1);
  if (exists) return false;
  const building = `${template.slice(0, 50)}_b${Math.random().toString(36).slice(2, 10)}`;
  await withPgAdmin(url, (client) => client.query(`CREATE DATABASE "${building}"`));
  try {
    await build(pgUrlOfDatabase(url, building));
    await withPgAdmin(url, (client) => client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`));
    return true;
  } catch (error) {
    await dropPgDatabase(url, building).catch(() => undefined);
    // Another process made it first.
    if (pgCode(error) === '42P04') return false;
    throw error;
  }
}

/**
 * A new database copied from `template` (CREATE DATABASE … TEMPLATE: about 0.2 s, where migrating
 * and seeding take about a second). Answers false when the template is gone (removed as stale).
 */
export async function pgDatabaseFromTemplate(url: string, template: string, name: string): Promise<boolean> {
  if (!DATABASE_NAME.test(name) || !DATABASE_NAME.test(template)) throw new Error(`Bad database name: ${name} or ${template}`);
  for (let attempt = 0; ; attempt++) {
    try {
      await withPgAdmin(url, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      return true;
    } catch (error) {
      if (pgCode(error) === '3D000') return false;
      // The template is copied only while no one is connected to it (its maker, for a moment).
      if (pgCode(error) !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Drops a database made for a test, ending any connection still open to it. */
export async function dropPgDatabase(url: string, name: string): Promise<void> {
  if (!DATABASE_NAME.test(name)) throw new Error(`Bad database name: ${name}`);
  await withPgAdmin(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Drops the databases on the server of `url` whose names start with `prefix` but not with `keep`. */
export async function dropPgDatabasesLike(url: string, prefix: string, keep: string): Promise<void> {
  const names = await withPgAdmin(url, async (client) =>
    (await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND NOT starts_with(datname, $2)', [prefix, keep])).rows.map(
      (r) => r.datname,
    ),
  );
  for (const name of names) await dropPgDatabase(url, name).catch(() => undefined);
}
