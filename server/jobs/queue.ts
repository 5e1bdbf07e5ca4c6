/**
 * The shop's job queue: pg-boss on the shop's own database (PGlite by default, PostgreSQL with
 * DATABASE_URL), through the same connection the API uses. A job is fetched with
 * `FOR UPDATE SKIP LOCKED`, so with several API instances on one PostgreSQL each job runs once;
 * a failed job is retried with backoff; schedules (cron, Europe/London) are kept in the database, so
 * they survive a restart and fire once across instances. docs/decisions/020-job-queue.md.
 *
 * The jobs themselves are plain functions of Deps (services/…); this module only names them,
 * schedules them and runs them.
 */
import type { Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { SHOP_TIME_ZONE } from '#domain/availability.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverEmails } from '../services/outbox.ts';
import { purgeExpired } from '../services/purge.ts';
import { checkRateAlerts } from '../services/rate-alerts.ts';

/** The shop's queues. */
export const JOBS = {
  /** Expired carts (stock released with them), idle sessions, spent rate-limit counters, unpaid reservations past their time (notes given back). */
  purge: 'purge-expired',
  /** The day's reference rates from DAILY_RATES_SOURCE (services/daily-rates.ts). */
  dailyRates: 'daily-rates',
  /** The emails waiting in the outbox, written and sent (services/outbox.ts). */
  sendEmails: 'send-emails',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Retries of a failed job: 3 more, after 30 s, 60 s, 120 s. */
export const JOB_RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;

/** Emails left waiting (the mail server was down) are tried again every minute. */
export const SEND_EMAILS_CRON = '* * * * *';

/**
 * The send-emails queue never waits behind a run that died with its process (kill -9): its policy
 * is 'short' (at most one run waiting, any number running; each email is claimed with a lease, so
 * two runs at once send each email once), and a run still 'active' after SEND_EMAILS_EXPIRE_SECONDS
 * is given up by the queue. The other queues keep 'stately' (one waiting, one running).
 * docs/decisions/041-outbox-survives-a-crash.md.
 */
export const SEND_EMAILS_POLICY = 'short';
export const SEND_EMAILS_EXPIRE_SECONDS = 120;

/** The run asked for when a lease held by a process that died runs out; its own waiting slot. */
const LEASE_END_KEY = 'lease-end';

/** The ECB publishes around 16:00 CET (15:00 in London) on working days. */
export const DAILY_RATES_CRON = '30 15 * * 1-5';

/** Every `seconds` as cron (at least once a minute, the queue's resolution); null: never. */
export function purgeCron(seconds: number): string | null {
  if (seconds <= 0) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '* * * * *' : minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.min(24, Math.round(minutes / 60))} * * *`;
}

export interface JobQueueOptions {
  /** pg-boss's schema; tests give each queue its own. */
  schema?: string;
  log?: (message: string) => void;
  /** Whether the daily rates are imported on their schedule (off in tests and offline runs). */
  dailyRates?: boolean;
  /** Seconds between polls for new jobs. */
  pollingSeconds?: number;
  /** Told of every run of a job (its queue, and whether it succeeded); for tests and metrics. */
  onRun?: (name: JobName, ok: boolean) => void;
  /** Where the emails go (server/mail/mailer.ts); without one, they wait in the outbox. */
  mailer?: Mailer;
}

export interface JobQueue {
  /** Adds a job; answers its id (null when a singleton of that job is already waiting). */
  send(name: JobName, data?: object): Promise<string | null>;
  /** How many jobs of a queue are waiting. */
  pending(name: JobName): Promise<number>;
  /** A job's state: created, retry, active, completed, cancelled, failed; null when unknown. */
  state(name: JobName, id: string): Promise<string | null>;
  /** The schedules kept in the database: queue and cron. */
  schedules(): Promise<{ name: string; cron: string }[]>;
  stop(): Promise<void>;
}

/** The handler of each job: what runs, for Deps. */
export function jobHandlers(
  deps: Deps,
  log: (message: string) => void,
  mailer?: Mailer,
  runAgainAt?: (when: Date) => Promise<unknown>,
): Record<JobName, () => Promise<void>> {
  return {
    [JOBS.sendEmails]: async () => {
      if (mailer === undefined) return;
      const { sent, failed, released, nextLeaseEnd } = await deliverEmails(deps, mailer);
      if (released > 0) log(`Emails: ${released} left unsent by a stopped process, sent again`);
      if (sent + failed > 0) log(`Emails: ${sent} sent, ${failed} to try again`);
      // An email held by a process that died goes out when its lease runs out, not at the next minute.
      if (nextLeaseEnd !== null) await runAgainAt?.(nextLeaseEnd);
    },
    [JOBS.purge]: async () => {
      const purged = await purgeExpired(deps);
      if (Object.values(purged).some((n) => typeof n === 'number' && n > 0)) log(`Purged ${JSON.stringify(purged)}`);
    },
    [JOBS.dailyRates]: async () => {
      // The XML reader loads with the first import, not with the shop.
      const { importDailyRates } = await import('../services/daily-rates.ts');
      const record = await importDailyRates(deps, deps.config.dailyRatesSource);
      log(`Imported ${record.stored} daily rates for ${record.days.join(', ')}`);
      // The day's rates are in: the rate alerts they reach go to the outbox.
      const alerts = await checkRateAlerts(deps);
      if (alerts > 0) log(`Rate alerts: ${alerts} due`);
    },
  };
}

/** Starts the queue on the shop's database, with its workers and schedules. */
export async function startJobQueue(database: Database, deps: Deps, options: JobQueueOptions = {}): Promise<JobQueue> {
  const log = options.log ?? console.warn;
  // Loaded here, after the shop answers: pg-boss brings node-postgres, which a shop on PGlite
  // does not otherwise load.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values ?? []) },
    schema: options.schema ?? 'jobs',
    // Kept short: finished jobs are deleted after a day, failed ones kept a week.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log(`Job queue: ${error.message}`));
  await boss.start();

  const handlers = jobHandlers(deps, log, options.mailer, (startAfter) =>
    boss.send(JOBS.sendEmails, {}, { ...JOB_RETRY, startAfter, singletonKey: LEASE_END_KEY }),
  );
  const pollingIntervalSeconds = options.pollingSeconds ?? 2;
  for (const name of Object.values(JOBS)) {
    if (name === JOBS.sendEmails) {
      const queue = { name, policy: SEND_EMAILS_POLICY, expireInSeconds: SEND_EMAILS_EXPIRE_SECONDS, ...JOB_RETRY } as const;
      await boss.createQueue(name, queue);
      // A database whose queue was made 'stately' by an earlier version gets the policy above.
      await boss.updateQueue(name, queue);
    } else {
      // At most one waiting and one running of each: a late schedule never piles up runs.
      await boss.createQueue(name, { name, policy: 'stately', ...JOB_RETRY });
    }
    await boss.work(name, { pollingIntervalSeconds }, async () => {
      try {
        await handlers[name]();
        options.onRun?.(name, true);
      } catch (error) {
        options.onRun?.(name, false);
        throw error;
      }
    });
  }
  const purge = purgeCron(deps.config.purge.intervalSeconds);
  if (purge === null) await boss.unschedule(JOBS.purge);
  else await boss.schedule(JOBS.purge, purge, undefined, { tz: SHOP_TIME_ZONE });
  await boss.schedule(JOBS.sendEmails, SEND_EMAILS_CRON, undefined, { tz: SHOP_TIME_ZONE });
  if (options.dailyRates === false) await boss.unschedule(JOBS.dailyRates);
  else await boss.schedule(JOBS.dailyRates, DAILY_RATES_CRON, undefined, { tz: SHOP_TIME_ZONE });

  return {
    send: (name, data = {}) => boss.send(name, data, JOB_RETRY),
    pending: (name) => boss.getQueueSize(name),
    state: async (name, id) => (await boss.getJobById(name, id))?.state ?? null,
    schedules: async () => (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron })),
    stop: () => boss.stop({ graceful: true, wait: true, close: false }),
  };
}
