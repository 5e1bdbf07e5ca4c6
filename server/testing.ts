/**
 * Test servers: a fresh API on a fresh database, migrated and seeded, with a clock the test
 * moves. PGlite in memory by default; with DATABASE_URL set, PostgreSQL in a schema of its own
 * that close() drops.
 *
 *   const server = await createTestServer();
 *   const token = await server.newSession();
 *   const res = await server.request('/api/cart', { headers: server.auth(token) });
 *   server.clock.advance(31 * 60_000);
 *   await server.close();
 *
 * With OPENAPI_CHECK=1 (the vitest projects of the server tests set it), every answer is checked
 * against the API's OpenAPI document (server/openapi/): an answer of request() that the document
 * does not describe fails the call; one served by listen() fails close().
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { bearer } from '#domain/contract/routes.ts';
import { createApi, type Api, type ApiProviders } from './app.ts';
import {
  dropPgDatabase,
  dropPgDatabasesLike,
  dropPgSchema,
  ensurePgTemplate,
  newPgliteCluster,
  openDatabase,
  pgDatabaseFromTemplate,
  pgUrlOfDatabase,
  preparedPgliteCluster,
  type Database,
} from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import { manualClock, type Deps, type ManualClock } from './deps.ts';
import { readEnv, type Config } from './env.ts';
import { listen } from './http-server.ts';
import type { AnswerChecker } from './openapi/conformance.ts';
import { RefundRequestSchema, type RefundRequest, type SignedSend } from './psp/events.ts';
import { pspWebhookSecret } from './services/payment.ts';
import { createReferenceCache, type ReferenceCache } from './services/reference.ts';

export interface TestServerOptions {
  /** The clock's start; a Monday morning in London by default. */
  now?: Date | string;
  config?: Partial<Config>;
  /** Seed the catalogue (default true). */
  seed?: boolean;
  /** A PGlite directory instead of memory (restart tests). Ignored with DATABASE_URL. */
  dataDir?: string;
  providers?: Partial<ApiProviders>;
  /**
   * Another test server whose database this one shares (a second API instance on the same
   * PGlite, or the same PostgreSQL schema): not migrated or seeded again, and left open by close().
   */
  sharing?: TestServer;
}

export interface TestServer {
  app: Api;
  deps: Deps;
  clock: ManualClock;
  config: Config;
  database: Database;
  /** The PostgreSQL schema it works in (with DATABASE_URL). */
  pgSchema?: string;
  /** The PostgreSQL database it works in (with DATABASE_URL): a copy of the seeded template, or DATABASE_URL's own. */
  pgUrl?: string;
  /** What signs payment links and callbacks: the configured one, or the one kept in the database. */
  pspWebhookSecret: string;
  /** In-process request (no socket): app.request(path, init). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Starts a real HTTP listener on a free loopback port. */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  /** POST /session/{siteId} and return the token. */
  newSession(siteId?: number): Promise<string>;
  /** Every refund request the shop has sent to the payment provider, in order. */
  refundRequests: RefundRequest[];
  /**
   * Where the shop's refund requests go (a sandbox provider, in-process); until connected they
   * are only recorded and answered 200.
   */
  connectRefunds(send: SignedSend | null): void;
  /** { Authorization: 'Bearer <token>' }. */
  auth(token: string): Record<string, string>;
  /** The SQL statements (transaction control included) sent on this server's database while `run` ran. */
  countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  close(): Promise<void>;
}

/** Where the PGlite clusters the test servers start from are kept, shared by the test files' processes. */
const CLUSTER_CACHE = fileURLToPath(new URL('../node_modules/.cache/pglite-cluster/', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * A cluster kept as `${CLUSTER_CACHE}${name}.tar`: read when there, else made and written whole
 * under another name first (a test file's process reading it never sees half of it). Keeping it
 * only saves time: a full disk costs the next process another make, not its tests.
 */
async function keptCluster(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = `${CLUSTER_CACHE}${name}.tar`;
  const kept = await readFile(file).catch(() => null);
  if (kept !== null) return new Blob([kept]);
  const cluster = await make();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(CLUSTER_CACHE, { recursive: true });
    await writeFile(partial, new Uint8Array(await cluster.arrayBuffer()));
    await rename(partial, file);
  } catch {
    await rm(partial, { force: true }).catch(() => undefined);
  }
  return cluster;
}

let newCluster: Promise<Blob> | undefined;

/**
 * The new, empty cluster every in-memory test database starts from: PostgreSQL's initdb takes
 * about 2 s in WebAssembly and makes the same cluster every time, so it runs once per PGlite
 * version on a machine and each test database loads a copy in about a quarter of that.
 */
export function pgliteClusterForTests(): Promise<Blob> {
  newCluster ??= (async () => {
    const pglitePackage = new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url);
    const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string };
    return keptCluster(`pglite-${version}`, newPgliteCluster);
  })();
  return newCluster;
}

let documentChecker: Promise<AnswerChecker> | undefined;

/** The checker of answers against the API's document: built once per process, its schemas compiled as answers need them. */
function answerChecker(): Promise<AnswerChecker> {
  documentChecker ??= (async () => {
    const [{ openApiDocument }, { answerChecker: checkerOf }] = await Promise.all([import('./openapi/document.ts'), import('./openapi/conformance.ts')]);
    return checkerOf(openApiDocument({ apiBase: 'http://127.0.0.1', opsRoutes: true }));
  })();
  return documentChecker;
}

/** What in this answer the document does not describe (nothing for a preflight or a HEAD, which it does not list). */
async function undescribed(checker: AnswerChecker, method: string, url: string, response: Response): Promise<string[]> {
  const verb = method.toUpperCase();
  if (verb === 'OPTIONS' || verb === 'HEAD') return [];
  const body = await response.clone().text();
  return checker.check(verb, new URL(url, 'http://test.invalid').pathname, response.status, response.headers.get('Content-Type'), body);
}

/**
 * What the migrated and seeded cluster is made from: the migrations, the seed and every module it
 * reads (server/db, the sample rates' move, domain/), and the installed packages (package-lock.json:
 * PGlite, the rate history's package). A change to any of them makes a new cluster.
 */
const SEED_INPUTS = ['server/db', 'server/services/sample-rates.ts', 'domain', 'package-lock.json'];

let seedInputsHash: Promise<string> | undefined;

async function hashOfSeedInputs(): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of SEED_INPUTS) {
    const full = path.join(ROOT, input);
    if ((await stat(full)).isDirectory()) {
      const entries = await readdir(full, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (entry.isFile() && !entry.name.includes('.test.')) files.push(path.join(entry.parentPath, entry.name));
      }
    } else {
      files.push(full);
    }
  }
  for (const file of files.sort()) hash.update(path.relative(ROOT, file)).update('\0').update(await readFile(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const seededClusters = new Map<string, Promise<Blob>>();

/**
 * The migrated and seeded cluster a test server with this clock's start and production flag
 * starts from: the seed writes a year of rates (about a second in WebAssembly), and makes the same
 * database for the same start, so it runs once per start on a machine (the seed's inputs named in
 * the file name, old ones removed) and each test server loads a copy.
 */
export function seededClusterForTests(now: Date, production: boolean): Promise<Blob> {
  const key = `${now.toISOString()}-${production ? 'production' : 'sample'}`;
  let cluster = seededClusters.get(key);
  if (cluster === undefined) {
    cluster = (async () => {
      seedInputsHash ??= hashOfSeedInputs();
      const inputs = await seedInputsHash;
      const stale = (await readdir(CLUSTER_CACHE).catch(() => [] as string[])).filter((f) => f.startsWith('seeded-') && !f.startsWith(`seeded-${inputs}-`));
      await Promise.all(stale.map((f) => rm(path.join(CLUSTER_CACHE, f), { force: true })));
      return keptCluster(`seeded-${inputs}-${key.replaceAll(':', '')}`, async () =>
        preparedPgliteCluster(await pgliteClusterForTests(), async (database) => {
          await migrate(database);
          await seed(database.db, { now, production });
        }),
      );
    })();
    seededClusters.set(key, cluster);
  }
  return cluster;
}

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';
export const DEFAULT_TEST_NOW = '2026-11-23T09:30:00Z';

/** The schema the seeded PostgreSQL template (and so every copy of it) keeps its tables in. */
const TEMPLATE_SCHEMA = 'shop';
const TEMPLATE_PREFIX = 'tmpl_seeded_';
const seededTemplates = new Map<string, Promise<string>>();

/**
 * On PostgreSQL, the same idea as seededClusterForTests: a database migrated and seeded once per
 * start on the server (the seed's inputs and the start named in its name, old ones dropped), and
 * each test server works in a copy of it (CREATE DATABASE … TEMPLATE) that close() drops.
 */
function seededTemplateForTests(adminUrl: string, now: Date, production: boolean): Promise<string> {
  const key = `${now.toISOString()}-${production ? 'production' : 'sample'}`;
  let template = seededTemplates.get(key);
  if (template === undefined) {
    template = (async () => {
      seedInputsHash ??= hashOfSeedInputs();
      const inputs = await seedInputsHash;
      const name = `${TEMPLATE_PREFIX}${inputs}_${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
      const made = await ensurePgTemplate(adminUrl, name, async (buildingUrl) => {
        const database = await openDatabase({ databaseUrl: buildingUrl, dataDir: null, pgSchema: TEMPLATE_SCHEMA });
        try {
          await migrate(database);
          await seed(database.db, { now, production });
        } finally {
          await database.close();
        }
      });
      if (made) await dropPgDatabasesLike(adminUrl, TEMPLATE_PREFIX, `${TEMPLATE_PREFIX}${inputs}_`);
      return name;
    })();
    template.catch(() => seededTemplates.delete(key));
    seededTemplates.set(key, template);
  }
  return template;
}

/** A copy of the seeded template for one test server: its address and its name. */
async function seededPgDatabase(adminUrl: string, now: Date, production: boolean): Promise<{ url: string; name: string }> {
  const name = `test_db_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const key = `${now.toISOString()}-${production ? 'production' : 'sample'}`;
    if (await pgDatabaseFromTemplate(adminUrl, await seededTemplateForTests(adminUrl, now, production), name)) return { url: pgUrlOfDatabase(adminUrl, name), name };
    // Dropped as stale by a run on other seed inputs: make it again.
    seededTemplates.delete(key);
  }
  throw new Error('The seeded PostgreSQL template kept disappearing');
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL || null;
  const config: Config = {
    // Quiet unless a test run asks for the servers' log (LOG_LEVEL=debug npx vitest run ...).
    ...readEnv({ LOG_LEVEL: process.env.LOG_LEVEL || 'silent' }),
    sessionSecret: TEST_SESSION_SECRET,
    ...options.config,
    databaseUrl,
  };
  // PGlite is one client per process: a second instance shares it. On PostgreSQL a second
  // instance has connections of its own to the same schema, as a second process would.
  const sharing = options.sharing ?? null;
  const shared = sharing !== null && databaseUrl === null ? sharing.database : null;
  const owner = sharing === null;
  const clock = manualClock(options.now ?? DEFAULT_TEST_NOW);
  const inMemory = databaseUrl === null && options.dataDir === undefined;
  // A seeded test database starts migrated and seeded already: in memory from the kept seeded
  // cluster, on PostgreSQL as a copy of the seeded template database.
  const startsSeeded = owner && options.seed !== false && (inMemory || databaseUrl !== null);
  const pgCopy = databaseUrl !== null && startsSeeded ? await seededPgDatabase(databaseUrl, clock.now(), config.production) : null;
  const pgSchema = databaseUrl === null ? undefined : pgCopy !== null ? TEMPLATE_SCHEMA : (sharing?.pgSchema ?? `test_${randomBytes(6).toString('hex')}`);
  const pgUrl = databaseUrl === null ? undefined : (pgCopy?.url ?? sharing?.pgUrl ?? databaseUrl);
  const database =
    shared ??
    (await openDatabase({
      databaseUrl: pgUrl ?? null,
      dataDir: options.dataDir ?? null,
      ...(pgSchema === undefined ? {} : { pgSchema }),
      ...(inMemory ? { cluster: await (startsSeeded ? seededClusterForTests(clock.now(), config.production) : pgliteClusterForTests()) } : {}),
    }));
  let reference: ReferenceCache;
  try {
    if (owner && !startsSeeded) {
      await migrate(database);
      if (options.seed !== false) await seed(database.db, { now: clock.now(), production: config.production });
    }
    reference = await createReferenceCache(database);
    // Statement counts start from a cache that hears changes (a warm quote reads nothing).
    await reference.hearing();
  } catch (error) {
    if (shared === null) await database.close();
    throw error;
  }
  const deps: Deps = { db: database.db, clock, config, reference };
  const refundRequests: RefundRequest[] = [];
  let refundTarget: SignedSend | null = null;
  const sendRefund: SignedSend = async (request) => {
    refundRequests.push(v.parse(RefundRequestSchema, JSON.parse(request.body)));
    return refundTarget === null ? { status: 200 } : refundTarget(request);
  };
  const app = createApi(deps, { sendRefund, ...options.providers });
  let secret: string;
  try {
    secret = await pspWebhookSecret(deps);
  } catch (error) {
    await reference.close();
    if (shared === null) await database.close();
    throw error;
  }
  const listeners: (() => Promise<void>)[] = [];
  const checker = process.env.OPENAPI_CHECK === '1' ? await answerChecker() : null;
  /** Answers served over a socket that the document does not describe: close() fails with them. */
  const servedUndescribed: string[] = [];
  const checkedFetch: typeof app.fetch =
    checker === null
      ? app.fetch
      : async (request, ...rest) => {
          const response = await app.fetch(request, ...rest);
          servedUndescribed.push(...(await undescribed(checker, request.method, request.url, response)));
          return response;
        };

  const server: TestServer = {
    app,
    deps,
    clock,
    config,
    database,
    ...(pgSchema === undefined ? {} : { pgSchema }),
    ...(pgUrl === undefined ? {} : { pgUrl }),
    pspWebhookSecret: secret,
    request: async (path, init) => {
      const response = await app.request(path, init);
      if (checker !== null) {
        const found = await undescribed(checker, init?.method ?? 'GET', path, response);
        if (found.length > 0) throw new Error(`The API's OpenAPI document does not describe this answer:\n${found.join('\n')}`);
      }
      return response;
    },
    listen: () =>
      new Promise((resolve) => {
        const http = listen({
          fetch: checkedFetch,
          answerFirst: app.answerFromMemory,
          readBodyFirst: { maxBytes: config.bodyLimitBytes },
          port: 0,
          hostname: '127.0.0.1',
          timeouts: config,
          onListening: (info: AddressInfo) => {
            const close = () =>
              new Promise<void>((done) => {
                http.close(() => done());
                // Keep-alive sockets of the test's fetch would hold close() open.
                if ('closeAllConnections' in http) http.closeAllConnections();
              });
            listeners.push(close);
            resolve({ url: `http://127.0.0.1:${info.port}`, close });
          },
        });
      }),
    newSession: async (siteId = 1) => {
      const res = await app.request(`/session/${siteId}`, { method: 'POST' });
      if (res.status !== 201) throw new Error(`POST /session/${siteId} answered ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    },
    refundRequests,
    connectRefunds: (send) => {
      refundTarget = send;
    },
    auth: (token) => ({ Authorization: bearer(token) }),
    countStatements: async (run) => {
      const statements: string[] = [];
      const stop = database.observe((sqlText) => statements.push(sqlText));
      try {
        return { result: await run(), statements };
      } finally {
        stop();
      }
    },
    close: async () => {
      await Promise.all(listeners.map((close) => close()));
      if (servedUndescribed.length > 0) {
        const found = servedUndescribed.splice(0);
        await closeAll();
        throw new Error(`The API's OpenAPI document does not describe answers it served:\n${found.join('\n')}`);
      }
      await closeAll();
    },
  };
  async function closeAll(): Promise<void> {
    await reference.close();
    if (shared === null) await database.close();
    if (pgCopy !== null && databaseUrl !== null) await dropPgDatabase(databaseUrl, pgCopy.name);
    else if (owner && databaseUrl !== null && pgSchema !== undefined) await dropPgSchema(databaseUrl, pgSchema);
  }
  return server;
}
