/**
 * Sending survives a crash (docs/decisions/041-outbox-survives-a-crash.md). The shop's servers run
 * in a child process, started as `npm start` starts them (server/main.ts), with a batch of emails
 * waiting in the outbox. The mail server (a mail catcher in this process) holds its answer to one
 * of them; while it does, the child is killed with SIGKILL. A new child on the same database sends
 * the rest and, once the lease of the one cut short has run out, that one again, with the same
 * Message-ID: every email is in the inbox once. On PGlite (a data directory on disk) by default,
 * on PostgreSQL (a database of its own beside DATABASE_URL's) when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { readEnv } from './env.ts';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from './mail/catcher.ts';
import { messageIdOf } from './services/outbox.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The emails waiting when the shop starts, and which of them (1-based) the mail server holds. */
const BATCH = 6;
const HELD = 3;
/** The promise: every email in the inbox within two minutes of the crash. */
const DEADLINE_MS = 120_000;
/** Kept short here so the test is quick; the shop's default is 60 s. */
const LEASE_SECONDS = 2;
const MAIL_FROM = readEnv({}).mailFrom;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it holds, for `ms` at most. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms: number, child?: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (child !== undefined && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`The shop exited (${String(child.exitCode ?? child.signalCode)}) before ${what}`);
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Where the shop keeps its data for this test: a PGlite directory, or a PostgreSQL database of its own. */
interface Store {
  env: { DATABASE_URL: string; DATA_DIR: string };
  open(): ReturnType<typeof openDatabase>;
  remove(): Promise<void>;
}

async function newStore(): Promise<Store> {
  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-outbox-crash-'));
    return { env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), remove: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `test_outbox_crash_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return { env: { DATABASE_URL: databaseUrl, DATA_DIR: '' }, open: () => openDatabase({ databaseUrl }), remove: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) killGroup(child.pid, 'SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The shop's servers as `npm start` runs them, on the store's database, sending to the catcher. */
async function startShop(store: Store, catcher: MailCatcher, logFile: string): Promise<ChildProcess> {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // Its own process group: the kill ends all of it, as a crash would.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...store.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      API_PORT: String(await freePort()),
      PSP_PORT: String(await freePort()),
      APP_PORT: String(await freePort()),
      SERVE_APP: '0',
      SMTP_URL: catcher.smtpUrl,
      SEED: '0',
      DAILY_RATES_IMPORT: '0',
      PURGE_INTERVAL_SECONDS: '0',
      EMAIL_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: 'info',
    },
  });
  closeSync(log);
  children.push(child);
  return child;
}

describe('sending survives a crash', () => {
  it(
    `a kill -9 in the middle of sending: after a restart every email is in the inbox once (within ${DEADLINE_MS / 60_000} minutes)`,
    async () => {
      const store = await newStore();
      cleanups.push(() => store.remove());
      const logFile = path.join(os.tmpdir(), `shop-outbox-crash-${process.pid}-${randomBytes(3).toString('hex')}.log`);
      cleanups.push(() => rm(logFile, { force: true }));

      // The batch, waiting in the outbox as the shop writes emails (recipient, subject and parts kept).
      const database = await store.open();
      const ids: string[] = [];
      try {
        await migrate(database);
        for (let i = 1; i <= BATCH; i++) {
          const [row] = await database.query<{ id: string }>(
            `INSERT INTO emails (dedupe_key, kind, recipient, subject, html, text, created_at)
             VALUES ($1, 'order-confirmation', $2, $3, $4, $5, now() - make_interval(secs => $6)) RETURNING id`,
            [`crash-test:${i}`, `shopper${i}@example.com`, `Your order TM-${i} is confirmed`, `<p>Order TM-${i}</p>`, `Order TM-${i}`, BATCH - i],
          );
          ids.push(row!.id);
        }
      } finally {
        await database.close();
      }

      // The mail server holds its answer to the HELD-th email until the shop sending it is dead.
      let received = 0;
      let heldMessage: CaughtMessage | undefined;
      let answerHeld = (): void => undefined;
      const catcher = await startMailCatcher({
        beforeAnswer: (message) => {
          received++;
          if (received !== HELD) return Promise.resolve();
          heldMessage = message;
          return new Promise<void>((resolve) => (answerHeld = resolve));
        },
      });
      cleanups.push(() => catcher.close());
      const failWithLog = (error: unknown): never => {
        throw new Error(`${(error as Error).message}\n--- the shop's log ---\n${readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n')}`, { cause: error });
      };

      const first = await startShop(store, catcher, logFile);
      await until(() => heldMessage !== undefined, `the shop to send email ${HELD}`, 60_000, first).catch(failWithLog);
      // Mid-send: the message is with the mail server, its answer not yet given.
      expect(catcher.messages()).toHaveLength(HELD);
      killGroup(first.pid!, 'SIGKILL');
      await exited(first);
      expect(first.signalCode).toBe('SIGKILL');
      const crashedAt = Date.now();
      answerHeld();

      const second = await startShop(store, catcher, logFile);
      const everyEmail = new Set(ids.map((id) => messageIdOf(id, MAIL_FROM)));
      await until(
        () => catcher.messages().length === BATCH && catcher.messages().every((m) => everyEmail.has(m.messageId)) && (heldMessage?.copies ?? 0) >= 2,
        'every email in the inbox',
        DEADLINE_MS - (Date.now() - crashedAt),
        second,
      ).catch(failWithLog);
      expect(Date.now() - crashedAt).toBeLessThan(DEADLINE_MS);

      // Once each, by Message-ID; the one cut short arrived twice and is listed once.
      const inbox = catcher.messages();
      expect(inbox.map((m) => m.messageId).sort()).toEqual([...everyEmail].sort());
      expect(inbox.map((m) => m.subject).sort()).toEqual(Array.from({ length: BATCH }, (_, i) => `Your order TM-${i + 1} is confirmed`).sort());
      expect(heldMessage?.messageId).toBe(messageIdOf(ids[HELD - 1]!, MAIL_FROM));
      expect(heldMessage?.copies).toBe(2);
      // The shop sent again only the email in doubt: those the mail server had answered stayed sent.
      expect(inbox.reduce((sum, m) => sum + m.copies, 0)).toBe(BATCH + 1);

      // A clean stop, then the outbox says the same: every email sent.
      killGroup(second.pid!, 'SIGTERM');
      await exited(second);
      const after = await store.open();
      try {
        const rows = await after.query<{ id: string; status: string; lease_until: Date | null }>('SELECT id, status, lease_until FROM emails');
        expect(rows.map((r) => ({ status: r.status, lease_until: r.lease_until }))).toEqual(ids.map(() => ({ status: 'sent', lease_until: null })));
      } finally {
        await after.close();
      }
    },
    DEADLINE_MS + 90_000,
  );
});
