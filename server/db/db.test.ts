import { mkdtemp, rm, mkdir, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createTestServer, pgliteClusterForTests } from '../testing.ts';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';
import { listMigrations, migrate, MIGRATIONS_DIR } from './migrate.ts';
import { seed } from './seed/index.ts';
import * as t from './schema.ts';

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-db-'));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('listening for notifications', () => {
  it('answers at once; connected() follows once LISTEN is in place, and a NOTIFY sent through the pool is heard', async () => {
    const server = await createTestServer({ seed: false });
    const heard: string[] = [];
    let connected = (): void => undefined;
    const inPlace = new Promise<void>((resolve) => (connected = resolve));
    try {
      const listening = await server.database.listen('test_heard', { notified: (payload) => heard.push(payload), connected: () => connected(), lost: () => undefined });
      await inPlace;
      await server.database.query(`NOTIFY test_heard, 'version 7'`);
      await expect.poll(() => heard).toEqual(['version 7']);
      await listening.close();
    } finally {
      await server.close();
    }
  });

  it('on PostgreSQL, a first connection that fails fails nothing: it is tried again until closed', async () => {
    // Nothing listens on port 9 here: every attempt is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none' });
    let connected = 0;
    try {
      const listening = await database.listen('test_unreachable', { notified: () => undefined, connected: () => (connected += 1), lost: () => undefined });
      // The first attempt and the retry 100 ms later, both refused (an unhandled rejection fails the run).
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(connected).toBe(0);
      await listening.close();
    } finally {
      await database.close();
    }
  });

  it('closed while its connection is being made, leaves no connection listening', async () => {
    const server = await createTestServer({ seed: false });
    try {
      const listening = await server.database.listen('test_closed', { notified: () => undefined, connected: () => undefined, lost: () => undefined });
      await listening.close();
      const open = await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN test_closed' AND pid <> pg_backend_pid()`);
      expect(open[0]?.n ?? 0).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('the PostgreSQL pool', () => {
  it('outlives its idle connections being ended by the server: the next query opens a new one', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return; // the embedded database has no connections to lose
    const server = await createTestServer({ seed: false });
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Three queries at once leave three idle connections in the pool.
      const pids = await Promise.all([1, 2, 3].map(async () => (await server.database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'))[0]!.pid));
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      await expect.poll(async () => (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids])).rows[0]!.n).toBe(0);
      // The pool heard each ending as an idle client's error (which, unheard, would end the process).
      await expect.poll(async () => (await server.database.query<{ ok: number }>('SELECT 1 AS ok'))[0]!.ok).toBe(1);
    } finally {
      await admin.end();
      await server.close();
    }
  });
});

describe('migrations', () => {
  it('apply in name order, once, and are recorded', async () => {
    const server = await createTestServer({ seed: false });
    try {
      const recorded = await server.database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.map((r) => r.name)).toEqual(await listMigrations());
      expect(recorded.map((r) => r.name)).toEqual(['0001_foundation.sql', '0002_commerce.sql', '0003_payment-processing.sql', '0004_site-marketing-default.sql', '0005_session-handover.sql', '0006_payment-refunds-and-psp-store.sql', '0007_abuse-limits.sql', '0008_reference-version.sql', '0009_site-trust-and-contact.sql', '0010_email-outbox.sql', '0011_cart-extensions.sql', '0012_basket-link-email.sql', '0013_rate-alerts.sql', '0014_manage-order.sql', '0015_email-lease.sql', '0016_refund-retries.sql', '0017_order-find-attempts.sql', '0018_rate-alert-confirmation.sql', '0019_sample-rates.sql', '0020_branch-access.sql', '0021_order-fulfilment.sql', '0022_pay-at-branch.sql', '0023_note-mix.sql']);
      expect(await migrate(server.database)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('cost one statement on a start with every migration in', async () => {
    const server = await createTestServer({ seed: false });
    const sent: string[] = [];
    const stop = server.database.observe((sqlText) => sent.push(sqlText));
    try {
      expect(await migrate(server.database)).toEqual([]);
      expect(sent).toEqual(['SELECT name FROM schema_migrations']);
    } finally {
      stop();
      await server.close();
    }
  });

  it('apply only the new file when one is added', async () => {
    const dir = `${await tempDir()}/`;
    for (const name of await listMigrations()) await copyFile(`${MIGRATIONS_DIR}${name}`, `${dir}${name}`);
    const database = await openDatabase();
    try {
      expect(await migrate(database, dir)).toEqual(await listMigrations());
      await writeFile(`${dir}9999_extra.sql`, 'CREATE TABLE extra_things (id integer PRIMARY KEY);');
      expect(await migrate(database, dir)).toEqual(['9999_extra.sql']);
      expect(await migrate(database, dir)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('roll a failing migration back whole and say which one failed', async () => {
    const dir = `${await tempDir()}/`;
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}0001_bad.sql`, 'CREATE TABLE half_done (id integer);\nSELECT no_such_function();');
    const database = await openDatabase();
    try {
      await expect(migrate(database, dir)).rejects.toThrow(/Migration 0001_bad.sql failed/);
      const tables = await database.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(tables).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('seed', () => {
  it('runs once: a second run changes nothing', async () => {
    const server = await createTestServer();
    try {
      const count = async () => (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM rates'))[0]?.n;
      const before = await count();
      expect(before).toBeGreaterThan(25 * 250);
      expect(await seed(server.deps.db, { now: server.clock.now() })).toBe(false);
      expect(await count()).toBe(before);
    } finally {
      await server.close();
    }
  });

  it('holds at least 30 branches and the sample rate history up to the last working day before today', async () => {
    const server = await createTestServer();
    try {
      const branches = await server.deps.db.select().from(t.stores);
      expect(branches.filter((s) => !s.isMeta).length).toBeGreaterThanOrEqual(30);
      const [span] = await server.database.query<{ last: string }>("SELECT to_char(max(rate_date), 'YYYY-MM-DD') AS last FROM rates");
      // The test clock's Monday 23 November 2026: Friday the 20th.
      expect(span?.last).toBe('2026-11-20');
    } finally {
      await server.close();
    }
  });
});

describe('a file-backed PGlite', () => {
  it('keeps sessions, the signing key and the seed across a restart', async () => {
    if (process.env.DATABASE_URL) return; // the restart concerns the embedded database
    const dataDir = await tempDir();
    const first = await createTestServer({ dataDir, config: { sessionSecret: null } });
    const token = await first.newSession();
    await first.close();

    const second = await createTestServer({ dataDir, config: { sessionSecret: null } });
    try {
      // The same signing key (kept in the database) still verifies the old token.
      const res = await second.request(apiRoutes.sessionInfo.url(1), { headers: second.auth(token) });
      expect(res.status).toBe(200);
      const sessions = await second.deps.db.select().from(t.sessions);
      expect(sessions.map((s) => s.id)).toContain(String(decodeJwt(token).sid));
      const seeds = await second.deps.db.select().from(t.seedRuns);
      expect(seeds).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('PGlite start-up', () => {
  it('opens with small shared buffers (less of its memory cleared on every open)', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      const [row] = await database.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });

  it("starts from a new cluster's tarball as from initdb: empty, with the same settings, and each copy its own", async () => {
    // The one the test servers start from (newPgliteCluster's, kept on this machine).
    const cluster = await pgliteClusterForTests();
    const [first, second] = [await openDatabase({ cluster }), await openDatabase({ cluster })];
    try {
      const [settings] = await first.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(settings?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(await first.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
      expect(await migrate(first)).toEqual(await listMigrations());
      // The second copy is not the first: the migrations have not run there.
      expect(await second.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('takes a cluster to start from only in memory', async () => {
    await expect(openDatabase({ dataDir: await tempDir(), cluster: new Blob([]) })).rejects.toThrow('A cluster to start from is for PGlite in memory only');
  });
});
