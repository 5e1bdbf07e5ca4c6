import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing.ts';
import { DAILY_RATES_CRON, JOBS, SEND_EMAILS_CRON, purgeCron, startJobQueue, type JobName, type JobQueue } from './queue.ts';

const FIXTURE = fileURLToPath(new URL('../services/fixtures/eurofxref-daily.xml', import.meta.url));

describe('purgeCron: PURGE_INTERVAL_SECONDS as a schedule', () => {
  it.each([
    [300, '*/5 * * * *'],
    [30, '* * * * *'],
    [60, '* * * * *'],
    [1800, '*/30 * * * *'],
    [3600, '0 */1 * * *'],
    [0, null],
  ])('%i s is %s', (seconds, cron) => {
    expect(purgeCron(seconds)).toBe(cron);
  });
});

const started: { queue: JobQueue; server: TestServer; schema: string }[] = [];
const servers: TestServer[] = [];
// Queues stop before their databases close.
afterEach(async () => {
  const schemas = new Map<string, TestServer>();
  for (const { queue, server, schema } of started.splice(0).reverse()) {
    await queue.stop();
    schemas.set(schema, server);
  }
  // On PostgreSQL the queue's schema sits beside the test server's own: dropped with the test.
  for (const [schema, server] of schemas) {
    if (server.database.kind === 'postgres') await server.database.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  for (const server of servers.splice(0).reverse()) await server.close();
});

async function queueOn(server: TestServer, schema: string, runs: JobName[], failures: JobName[] = []) {
  const queue = await startJobQueue(server.database, server.deps, {
    schema,
    dailyRates: false,
    pollingSeconds: 0.5,
    log: () => undefined,
    onRun: (name, ok) => (ok ? runs : failures).push(name),
  });
  started.push({ queue, server, schema });
  return queue;
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const schemaName = () => `jobs_${randomBytes(4).toString('hex')}`;

describe('the job queue on the shop database', () => {
  it('runs a job, which does its work: the daily rates are stored', async () => {
    const server = await createTestServer({ config: { dailyRatesSource: FIXTURE } });
    servers.push(server);
    const runs: JobName[] = [];
    const queue = await queueOn(server, schemaName(), runs);
    const id = await queue.send(JOBS.dailyRates);
    expect(id).not.toBeNull();
    await until(async () => (await queue.state(JOBS.dailyRates, id ?? '')) === 'completed', 'the job to complete');
    expect(runs).toEqual([JOBS.dailyRates]);
    const rows = await server.database.query("SELECT 1 FROM rates WHERE rate_date = '2026-11-20'");
    expect(rows.length).toBeGreaterThan(20);
  }, 40_000);

  it('retries a failed job later instead of dropping it', async () => {
    const server = await createTestServer({ seed: false, config: { dailyRatesSource: '/no/such/rates.xml' } });
    servers.push(server);
    const failures: JobName[] = [];
    const queue = await queueOn(server, schemaName(), [], failures);
    const id = await queue.send(JOBS.dailyRates);
    await until(() => failures.length === 1, 'the first attempt to fail');
    await until(async () => (await queue.state(JOBS.dailyRates, id ?? '')) === 'retry', 'the job to wait for its retry');
  }, 40_000);

  it('keeps its schedules in the database: a restarted queue has them', async () => {
    const server = await createTestServer({ seed: false });
    servers.push(server);
    const schema = schemaName();
    const first = await startJobQueue(server.database, server.deps, { schema, pollingSeconds: 0.5, log: () => undefined });
    await first.stop();
    const second = await queueOn(server, schema, []);
    // queueOn turns the daily rates' schedule off, as tests and offline runs do.
    expect((await second.schedules()).map((s) => [s.name, s.cron]).sort()).toEqual(
      [
        [JOBS.purge, purgeCron(server.deps.config.purge.intervalSeconds)],
        [JOBS.sendEmails, SEND_EMAILS_CRON],
      ].sort(),
    );
    const again = await startJobQueue(server.database, server.deps, { schema, pollingSeconds: 0.5, log: () => undefined });
    started.push({ queue: again, server, schema });
    expect((await again.schedules()).map((s) => [s.name, s.cron]).sort()).toEqual(
      [
        [JOBS.dailyRates, DAILY_RATES_CRON],
        [JOBS.purge, purgeCron(server.deps.config.purge.intervalSeconds)],
        [JOBS.sendEmails, SEND_EMAILS_CRON],
      ].sort(),
    );
  }, 40_000);

  it('keeps a job asked for before a restart, and the restarted queue runs it', async () => {
    const server = await createTestServer({ seed: false });
    servers.push(server);
    const schema = schemaName();
    // Polling once a minute: the job is asked for after the first poll and stopped before the next,
    // so it waits in the database across the restart.
    const asked = await startJobQueue(server.database, server.deps, { schema, dailyRates: false, pollingSeconds: 60, log: () => undefined });
    const id = await asked.send(JOBS.purge);
    expect(id).not.toBeNull();
    await asked.stop();
    expect(await asked.state(JOBS.purge, id ?? '')).not.toBe('completed');
    const runs: JobName[] = [];
    const after = await queueOn(server, schema, runs);
    await until(async () => (await after.state(JOBS.purge, id ?? '')) === 'completed', 'the job asked for before the restart to complete');
    expect(runs).toContain(JOBS.purge);
  }, 60_000);

  it('runs each job once with two API instances on one database', async () => {
    const first = await createTestServer({ config: { dailyRatesSource: FIXTURE } });
    servers.push(first);
    const second = await createTestServer({ sharing: first, config: { dailyRatesSource: FIXTURE } });
    servers.push(second);
    const schema = schemaName();
    const runsA: JobName[] = [];
    const runsB: JobName[] = [];
    const a = await queueOn(first, schema, runsA);
    await queueOn(second, schema, runsB);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await a.send(JOBS.purge);
      if (id !== null) ids.push(id);
      await until(async () => (await a.state(JOBS.purge, id ?? '')) === 'completed', 'a purge to complete');
    }
    expect(ids).toHaveLength(3);
    expect(runsA.length + runsB.length).toBe(3);
  }, 60_000);
});
