/**
 * The shop's processes once the database is open and migrated (server/main.ts): on a first start the
 * seed; the API, the sandbox payment provider, the app host, email and the job queue.
 */
import { createApi } from './app.ts';
import { API_MOUNT_PATH } from '#domain/contract/runtime-config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Deps } from './deps.ts';
import type { Config } from './env.ts';
import { listen } from './http-server.ts';
import type { ServerType } from '@hono/node-server';
import type { JobQueue } from './jobs/queue.ts';
import { createLogger, flushLogs, withRequestLog } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { PSP_REFUNDS_PATH, type SignedSend } from './psp/events.ts';
import { SIGNATURE_HEADER } from './psp/signature.ts';
import { stopper } from './stopping.ts';
import { PSP_CALLBACK_PATH } from './routes/order.ts';
import { loadCustomerRules } from './services/order.ts';
import { pspWebhookSecret, sendRequestedRefunds } from './services/payment.ts';
import { rateHistorySpan } from './services/rates.ts';
import { createReferenceCache } from './services/reference.ts';
import { freshenSampleRates } from './services/sample-rates.ts';

/** The database as server/main.ts hands it over: open, migrated, and whether its seed has run. */
export interface Opened {
  database: Database;
  /** The migrations this start applied. */
  applied: string[];
  /** The first-start seed has run (or is not wanted). */
  seeded: boolean;
}

/** How long a stop waits for the rest of the start (the job queue's, say) before it closes everything. */
const STOP_WAITS_FOR_START_MS = 10_000;

export async function start(config: Config, opening: Promise<Opened>): Promise<void> {
  const { database, applied, seeded } = await opening;
  if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
  if (!seeded) {
    // Only on a first start: the seed's modules and its data are not loaded otherwise.
    const { seed } = await import('./db/seed/index.ts');
    if (await seed(database.db, { now: systemClock.now(), production: config.production })) {
      const span = await rateHistorySpan(database.db);
      console.log(`Seeded the catalogue, branches and sample rates${span ? ` (${span.first} to ${span.last})` : ''}`);
    }
  } else if (config.seed && !config.production) {
    // A demo started again: its sample rates move up to the last working day (one read when they
    // are there already, none left once real rates replaced them).
    const movedBy = await freshenSampleRates(database.db, systemClock.now());
    if (movedBy !== 0) console.log(`Sample rates moved ${movedBy} days, to end on the last working day`);
  }

  const deps: Deps = { db: database.db, clock: systemClock, config, reference: await createReferenceCache(database) };
  // The shop's refund requests go to the provider started below, in-process (as an HTTP POST to
  // {PSP_ORIGIN}/refunds would, without the socket).
  const sendRefund: SignedSend = async ({ body, signature }) =>
    psp.request(PSP_REFUNDS_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body });
  const api = createApi(deps, { logger: createLogger({ level: config.logLevel, name: 'api' }), sendRefund });
  const servers = [listen({ fetch: api.fetch, answerFirst: api.answerFromMemory, readBodyFirst: { maxBytes: config.bodyLimitBytes }, port: config.apiPort, hostname: config.host, timeouts: config })];
  const serveApp = process.env.SERVE_APP !== '0';

  // Shoppers can be answered from here, so from here SIGINT and SIGTERM stop the shop cleanly
  // (server/stopping.ts): what is still starting (below) is let finish, for up to
  // STOP_WAITS_FOR_START_MS, then everything closes in turn. (A start that fails ends the process
  // with its error.)
  let startedUp = (): void => undefined;
  const starting = new Promise<void>((resolve) => (startedUp = resolve));
  /** What the stop closes besides the servers, once started. */
  const closing: { jobs?: JobQueue; mailer?: Mailer } = {};
  const stop = stopper({
    starting,
    waitForStartMs: STOP_WAITS_FOR_START_MS,
    steps: [
      // The queue failing to stop is not a failed stop: the exit ends whatever it left open.
      { name: 'the job queue', close: () => closing.jobs?.stop().catch(() => undefined) },
      { name: 'email', close: () => closing.mailer?.close() },
      // Each server finishes the requests it has.
      {
        name: 'the servers',
        close: async () => {
          await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
        },
      },
      { name: 'the reference data', close: () => deps.reference.close() },
      { name: 'the database', close: () => database.close() },
      // The log's last lines, including a batch being written now.
      { name: 'the log', close: () => flushLogs() },
    ],
    log: (line) => console.log(line),
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // The API answers from here. The sandbox payment provider and the app host load while it does:
  // nothing the API answers needs their modules (the card page, the static files and their cache).
  const [{ createPsp }, appHostModule] = await Promise.all([import('./psp/app.ts'), serveApp ? import('./app-host.ts') : null]);

  /** Sends the outbox's waiting emails now; set once the job queue runs. */
  let wakeMail = (): void => undefined;

  // --- Sandbox payment provider (server/psp) ------------------------------------------------------
  const pspLogger = createLogger({ level: config.logLevel, name: 'psp' });
  // Its signed callbacks go straight into the API app in-process (same as an HTTP POST to
  // {API_BASE}/api/psp/callback, without the socket). Its payments are kept in the same database
  // (its own tables), so a restart neither charges a card page twice nor forgets a pending payment.
  const psp = createPsp({
    config: { secret: await pspWebhookSecret(deps), pendingMs: config.pspPendingMs, appOrigin: config.appOrigin, retryDelaysMs: [1_000, 5_000, 30_000] },
    db: database.db,
    clock: systemClock,
    log: (message) => pspLogger.warn(message),
    deliver: async ({ body, signature }) => {
      const res = await api.request(PSP_CALLBACK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
        body,
      });
      if (res.ok) wakeMail();
      return { status: res.status };
    },
  });
  servers.push(listen({ fetch: withRequestLog(psp, pspLogger).fetch, port: config.pspPort, hostname: config.host, timeouts: config }));
  // Pending payments that fell due while the shop was down (or on another instance that stopped)
  // are finished, callbacks the shop has not accepted are sent again, and refunds the provider has
  // not confirmed are asked for again.
  const catchUp = async () => {
    try {
      await psp.sweep();
      await sendRequestedRefunds(deps, sendRefund);
    } catch (error) {
      pspLogger.error({ err: error }, 'Catching up on payments failed');
    }
  };
  // The first catch-up runs once the shop answers (below), then every few seconds: its reads are
  // not needed to answer shoppers, and on PGlite, where every query runs on this thread, they would
  // hold up the first answers.
  setInterval(() => void catchUp(), 5_000).unref();
  // ------------------------------------------------------------------------------------------------

  // The built app, with every unknown path falling back to index.html for client routing, and the
  // runtime configuration (API base, origins, site id) written into index.html (server/app-host.ts).
  // `npm run dev` serves the app through Vite instead (SERVE_APP=0).
  if (appHostModule !== null) {
    const { createAppHost, preloadReads } = appHostModule;
    const appHost = createAppHost({
      config: {
        apiBase: config.apiOnAppOrigin ? `${config.appOrigin}${API_MOUNT_PATH}` : config.apiBase,
        siteId: config.siteId,
        appOrigin: config.appOrigin,
        pspOrigin: config.pspOrigin,
      },
      embedAncestors: config.embedAncestors,
      ...(config.apiOnAppOrigin ? { api } : {}),
      // The public reads every page starts with and its own, answered by the API in-process for each page.
      preload: (pathname) => preloadReads(api, config.siteId, pathname),
    });
    const appLogger = createLogger({ level: config.logLevel, name: 'app' });
    servers.push(listen({ fetch: withRequestLog(appHost, appLogger).fetch, readBodyFirst: { maxBytes: config.bodyLimitBytes, under: `${API_MOUNT_PATH}/` }, port: config.appPort, hostname: config.host, timeouts: config }));
    console.log(`Shop:  http://localhost:${config.appPort}`);
  }
  console.log(`API:   ${config.apiBase}${config.apiOnAppOrigin && serveApp ? ` (and ${config.appOrigin}${API_MOUNT_PATH} for the shop)` : ''}`);
  console.log(`PSP:   ${config.pspOrigin}`);
  console.log(`Data:  ${config.databaseUrl === null ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);

  // The job queue (server/jobs/queue.ts), started once the shop answers: purging expired carts,
  // sessions and rate-limit counters, and the daily rates on working days.
  const jobsLogger = createLogger({ level: config.logLevel, name: 'jobs' });

  // Email and the job queue load once the API answers: their modules (the SMTP client and server,
  // the MIME parser, the queue) are most of the server's code and nothing before them needs them.
  // So do the customer details' rules (the phone number's metadata), before the first details come.
  const [{ startMailCatcher }, { createMailer }, { JOBS, startJobQueue }] = await Promise.all([
    import('./mail/catcher.ts'),
    import('./mail/mailer.ts'),
    import('./jobs/queue.ts'),
    loadCustomerRules(),
  ]);

  // Email: SMTP_URL, or the local mail catcher with its web inbox (server/mail/catcher.ts).
  let smtpUrl = config.smtpUrl;
  if (smtpUrl === null) {
    const catcher = await startMailCatcher({ host: config.host });
    smtpUrl = catcher.smtpUrl;
    const inbox = await new Promise<ServerType>((resolve, reject) => {
      const tryPort = (port: number) => {
        const server = listen({ fetch: catcher.app.fetch, port, hostname: config.host, timeouts: config });
        server.once('listening', () => resolve(server));
        // The usual port is taken (another shop on this machine): any free one.
        server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' && port !== 0 ? tryPort(0) : reject(error)));
      };
      tryPort(config.mailCatcherPort);
    });
    servers.push(inbox);
    const address = inbox.address();
    console.log(`Inbox: http://localhost:${typeof address === 'object' && address ? address.port : config.mailCatcherPort} (the emails the shop sends; SMTP_URL sends them for real)`);
  }
  const mailer = createMailer(smtpUrl, config.mailFrom);
  closing.mailer = mailer;

  const jobs = await startJobQueue(database, deps, { dailyRates: config.dailyRatesImport, log: (message) => jobsLogger.info(message), mailer });
  closing.jobs = jobs;
  // A completed payment asks for its confirmation email: send it now rather than at the next minute.
  wakeMail = () => void jobs.send(JOBS.sendEmails).catch(() => undefined);
  // Emails the last run left waiting, or left 'sending' when it stopped, go out now rather than at
  // the next minute (docs/decisions/041).
  wakeMail();
  void catchUp();
  startedUp();
}
