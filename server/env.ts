import * as v from 'valibot';

/** The European Central Bank's daily reference rates (services/daily-rates.ts). */
export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const blankToUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());

const Whole = (min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'must be a number'),
        v.transform(Number),
        v.integer('must be a whole number'),
        v.minValue(min, `must be ${min} or more`),
        v.maxValue(max, `must be ${max} or less`),
      ),
    ),
  );

const Port = Whole(1, 65535);

const Origin = v.pipe(
  v.optional(v.string(), ''),
  v.transform(blankToUndefined),
  v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL such as http://localhost:3000'),
      v.check((s) => /^https?:\/\//.test(s), 'must start with http:// or https://'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
  ),
);

const Flag = v.pipe(
  v.optional(v.string(), ''),
  v.transform(blankToUndefined),
  v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false'], 'must be 0, 1, true or false'), v.transform((s) => s === '1' || s === 'true'))),
);

/** pino's levels; 'silent' writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const EnvSchema = v.object({
  APP_PORT: Port,
  API_PORT: Port,
  PSP_PORT: Port,
  HOST: v.optional(v.string(), '127.0.0.1'),
  APP_ORIGIN: Origin,
  /** The site the shop's pages run as (the app reads it from the config the app host injects). */
  SITE_ID: Whole(1, 1_000_000),
  API_BASE: Origin,
  PSP_ORIGIN: Origin,
  DATABASE_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'))),
  ),
  DATA_DIR: v.pipe(v.optional(v.string(), ''), v.transform(blankToUndefined)),
  SESSION_SECRET: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ),
  SESSION_TTL_MINUTES: Whole(1, 60 * 24 * 30),
  SESSION_HANDOVER_GRACE_MINUTES: Whole(0, 60 * 24 * 30),
  CART_TTL_MINUTES: Whole(1, 24 * 60),
  CART_EXTENSION_LIMIT: Whole(0, 10),
  BASKET_EMAIL_DELAY_MINUTES: Whole(0, 7 * 24 * 60),
  BODY_LIMIT_BYTES: Whole(1024, 10 * 1024 * 1024),
  AML_THRESHOLD_GBP: Whole(1, 1_000_000),
  VELOCITY_MAX_ORDERS_PER_DAY: Whole(1, 1000),
  VELOCITY_MAX_GBP_PER_DAY: Whole(1, 10_000_000),
  AML_ROLLING_THRESHOLD_GBP: Whole(1, 10_000_000),
  AML_ROLLING_DAYS: Whole(1, 366),
  PSP_PENDING_MS: Whole(0, 10 * 60_000),
  PSP_UNAVAILABLE: Flag,
  PSP_WEBHOOK_SECRET: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ),
  OPS_TOKEN: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ),
  STAFF_TOKEN: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ),
  DAILY_RATES_SOURCE: v.pipe(v.optional(v.string(), ''), v.transform(blankToUndefined)),
  DAILY_RATES_IMPORT: Flag,
  RATES_MAX_AGE_WORKING_DAYS: Whole(1, 30),
  API_ON_APP_ORIGIN: Flag,
  SMTP_URL: v.pipe(v.optional(v.string(), ''), v.transform(blankToUndefined), v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')))),
  MAIL_FROM: v.pipe(v.optional(v.string(), ''), v.transform(blankToUndefined)),
  MAIL_CATCHER_PORT: Whole(0, 65535),
  EMAIL_LEASE_SECONDS: Whole(1, 60 * 60),
  PLACE_SEARCH: v.optional(v.picklist(['geonames'], 'must be geonames (the embedded provider)'), 'geonames'),
  ADDRESS_LOOKUP: v.optional(v.picklist(['demo'], 'must be demo (the embedded provider)'), 'demo'),
  SEED: Flag,
  NODE_ENV: v.optional(v.string(), ''),
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), ''),
    v.transform(blankToUndefined),
    v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  ),
  HEADERS_TIMEOUT_MS: Whole(100, 10 * 60_000),
  REQUEST_TIMEOUT_MS: Whole(100, 10 * 60_000),
  KEEP_ALIVE_TIMEOUT_MS: Whole(100, 10 * 60_000),
  /** How many proxies in front of the API append to X-Forwarded-For; 0: the socket's address is the client's. */
  TRUSTED_PROXY: Whole(0, 10),
  RATE_LIMIT_SESSIONS: Whole(1, 1_000_000),
  RATE_LIMIT_CUSTOMER_INFO: Whole(1, 1_000_000),
  RATE_LIMIT_LOOKUPS: Whole(1, 1_000_000),
  PURGE_INTERVAL_SECONDS: Whole(0, 24 * 60 * 60),
  PURGE_BATCH: Whole(1, 100_000),
  PURGE_GRACE_MINUTES: Whole(0, 30 * 24 * 60),
  EMBED_ANCESTORS: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.split(/[\s,]+/).filter((o) => o !== '')),
    v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s]+$/, 'must list origins such as https://partner.example'))),
  ),
});

/**
 * In production the signing keys come from the environment (a secret store), never from a table
 * of the database they protect: whoever can read a backup could otherwise forge sessions and
 * payment callbacks.
 */
const PRODUCTION_SECRETS = ['SESSION_SECRET', 'PSP_WEBHOOK_SECRET'] as const;

/**
 * The staff page's sign-in token (routes/staff.ts) outside production when STAFF_TOKEN is unset:
 * known, so `npm start` has a staff page to try; production refuses to start without its own.
 */
export const DEVELOPMENT_STAFF_TOKEN = 'staff-token-for-development-only-0123456789';

/** Hits allowed per window, per key. */
export interface RateLimitSetting {
  points: number;
  windowSeconds: number;
}

/** Who may ask the shop to email a rate alert to an address, and how often. */
export interface RateAlertLimits {
  /** Alerts asked for per session. */
  session: RateLimitSetting;
  /** Alerts asked for per client address. */
  address: RateLimitSetting;
  /** Alerts an address may have waiting for its confirmation at a time, on all sites. */
  unconfirmedPerRecipient: number;
  /** Confirmation emails per address; one over waits in the outbox until the window ends. */
  confirmationEmails: RateLimitSetting;
  /** An alert asked for again sends its confirmation email again only this long after the last. */
  confirmationResendHours: number;
  /** How long a confirmation link works; an alert nobody confirmed is removed after it. */
  confirmationDays: number;
}

/** Who may ask the shop to email a basket link to an address, and how often. */
export interface BasketLinkLimits {
  /** Addresses given per session. */
  session: RateLimitSetting;
  /** Addresses given per client address. */
  address: RateLimitSetting;
  /** Basket links asked for per recipient; more are not sent (the answer stays 204). */
  recipient: RateLimitSetting;
}

export interface EmailLimits {
  /** POST /api/rate-alerts. */
  rateAlerts: RateAlertLimits;
  /** PUT /api/order/basket-email. */
  basketLinks: BasketLinkLimits;
}

/** The limits on emails a shopper can have sent to an address they type, in one place (docs/decisions/044). */
export const EMAIL_LIMITS: EmailLimits = {
  rateAlerts: {
    session: { points: 10, windowSeconds: 60 * 60 },
    address: { points: 20, windowSeconds: 60 * 60 },
    unconfirmedPerRecipient: 3,
    confirmationEmails: { points: 3, windowSeconds: 60 * 60 },
    confirmationResendHours: 24,
    confirmationDays: 7,
  },
  basketLinks: {
    session: { points: 10, windowSeconds: 60 * 60 },
    address: { points: 30, windowSeconds: 60 * 60 },
    recipient: { points: 3, windowSeconds: 24 * 60 * 60 },
  },
};

/** Everything the servers read from the environment, validated once at start. */
export interface Config {
  appPort: number;
  apiPort: number;
  pspPort: number;
  host: string;
  /** The shop's origin: the only origin CORS allows, and where the loyalty sign-in returns to. */
  appOrigin: string;
  /** The site the shop's pages run as. */
  siteId: number;
  /** The public base of the API (the client's configured API base). */
  apiBase: string;
  /** The sandbox payment provider's origin. */
  pspOrigin: string;
  /** PostgreSQL through node-postgres when set; the embedded PGlite under dataDir otherwise. */
  databaseUrl: string | null;
  dataDir: string;
  /** HS256 key of session tokens; null: generated once and kept in the database. */
  sessionSecret: string | null;
  sessionTtlMinutes: number;
  /**
   * How long after its expiry a session token may still be handed over for a new session that
   * keeps its cart and order (docs/decisions/011); older tokens get a fresh, empty session.
   */
  sessionHandoverGraceMinutes: number;
  cartTtlMinutes: number;
  /** How many times a shopper may ask for more time on one cart ("Need more time?"), each adding cartTtlMinutes. */
  cartExtensionLimit: number;
  /** How long after the shopper left the email field, unpaid, the basket link is emailed. */
  basketEmailDelayMinutes: number;
  bodyLimitBytes: number;
  /** An order at or above this total (GBP) asks for additional identification. */
  amlThresholdGbp: number;
  /** Velocity check: orders and GBP a customer may place through the website in one day. */
  velocityMaxOrdersPerDay: number;
  velocityMaxGbpPerDay: number;
  /** An order taking the customer's last amlRollingDays to this total (GBP) or more also asks for it. */
  amlRollingThresholdGbp: number;
  amlRollingDays: number;
  /** How long the sandbox provider's pending test card stays pending. */
  pspPendingMs: number;
  /** The sandbox provider answers as if it were down: no payment can be started (pay at the branch is offered). */
  pspUnavailable: boolean;
  /**
   * Signs payment links (shop -> provider) and callbacks (provider -> shop); null: generated once
   * and kept in the database (services/payment.ts pspWebhookSecret).
   */
  pspWebhookSecret: string | null;
  /** Bearer token of the operations routes (revoke a session); null: those routes do not exist. */
  opsToken: string | null;
  /** The token staff sign in to the staff page with (/staff); outside production DEVELOPMENT_STAFF_TOKEN when unset. */
  staffToken: string;
  /** Where the daily reference rates are read (an eurofxref URL or file; services/daily-rates.ts). */
  dailyRatesSource: string;
  /** Whether the job queue imports the daily rates on working days (server/jobs/queue.ts). */
  dailyRatesImport: boolean;
  /**
   * In production, quotes and checkout answer 503 when the newest mid rate is older than this many
   * England and Wales working days (services/rate-freshness.ts).
   */
  ratesMaxAgeWorkingDays: number;
  /**
   * The app host also serves the API on the shop's own origin (under /backend) and the browser
   * calls it there, with no CORS preflights (server/app-host.ts); off: the browser calls API_BASE.
   */
  apiOnAppOrigin: boolean;
  /** Where emails are sent; null: to the local mail catcher `npm start` runs (server/mail/catcher.ts). */
  smtpUrl: string | null;
  /** The emails' sender. */
  mailFrom: string;
  /** The mail catcher's web inbox port (0: any free one). */
  mailCatcherPort: number;
  /**
   * How long an email being sent is held by the instance sending it; a row still 'sending' after
   * that (its process died) is pending again and sent again (services/outbox.ts).
   */
  emailLeaseSeconds: number;
  placeSearch: 'geonames';
  addressLookup: 'demo';
  /** Load the catalogue, branches and rates on first start. */
  seed: boolean;
  /** NODE_ENV=production: the signing keys must come from the environment. */
  production: boolean;
  /** The servers' log level (LOG_LEVEL, default info; test servers default to silent). */
  logLevel: LogLevel;
  /**
   * Node's HTTP time-outs, the same for the API, the app host and the provider: how long a client
   * may take to send the headers, the whole request, and how long an idle keep-alive connection
   * stays open. A request that declares a longer body than it sends is cut off at requestTimeoutMs.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Proxies in front of the API that append to X-Forwarded-For (TRUSTED_PROXY); 0: none, use the socket's address. */
  trustedProxyHops: number;
  /** Rate limits, per client address and, where there is one, per session (docs/decisions/013). */
  rateLimits: {
    /** POST /session/{siteId}, per client address. */
    sessionCreate: RateLimitSetting;
    /** PUT /api/order/customer-info, per session; per client address five times as many. */
    customerInfo: RateLimitSetting;
    /** Place search and nearby branches, per client address and route. */
    lookups: RateLimitSetting;
  };
  /** Limits on the emails a shopper can have sent to an address they type (EMAIL_LIMITS). */
  emailLimits: EmailLimits;
  /** Expired carts and idle sessions are deleted every intervalSeconds (0: never), batch rows at most per run, graceMinutes after they ended. */
  purge: { intervalSeconds: number; batch: number; graceMinutes: number };
  /** Partner origins that may frame the embedded calculator (EMBED_ANCESTORS). */
  embedAncestors: string[];
}

/** @deprecated the old name of Config. */
export type Env = Config;

/** Reads and validates the environment, with one clear line per bad value. */
export function readEnv(source: Record<string, string | undefined> = process.env): Config {
  const parsed = v.safeParse(EnvSchema, source);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new Error(`Bad configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.output;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [...PRODUCTION_SECRETS, 'STAFF_TOKEN' as const].filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `Bad configuration:\n${missing.map((name) => `${name}: must be set (32+ characters) when NODE_ENV=production`).join('\n')}`,
      );
    }
  }
  const requestTimeoutMs = e.REQUEST_TIMEOUT_MS ?? 30_000;
  const appPort = e.APP_PORT ?? 3000;
  const apiPort = e.API_PORT ?? 3001;
  const pspPort = e.PSP_PORT ?? 3002;
  const sessionTtlMinutes = e.SESSION_TTL_MINUTES ?? 60;
  return {
    appPort,
    apiPort,
    pspPort,
    host: e.HOST,
    appOrigin: e.APP_ORIGIN ?? `http://localhost:${appPort}`,
    siteId: e.SITE_ID ?? 1,
    apiBase: e.API_BASE ?? `http://localhost:${apiPort}`,
    pspOrigin: e.PSP_ORIGIN ?? `http://localhost:${pspPort}`,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR ?? './data',
    sessionSecret: e.SESSION_SECRET ?? null,
    sessionTtlMinutes,
    sessionHandoverGraceMinutes: e.SESSION_HANDOVER_GRACE_MINUTES ?? sessionTtlMinutes,
    cartTtlMinutes: e.CART_TTL_MINUTES ?? 30,
    cartExtensionLimit: e.CART_EXTENSION_LIMIT ?? 2,
    basketEmailDelayMinutes: e.BASKET_EMAIL_DELAY_MINUTES ?? 60,
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 64 * 1024,
    amlThresholdGbp: e.AML_THRESHOLD_GBP ?? 1000,
    velocityMaxOrdersPerDay: e.VELOCITY_MAX_ORDERS_PER_DAY ?? 3,
    // The limits' reasoning: docs/decisions/003-aml-and-velocity-thresholds.md.
    velocityMaxGbpPerDay: e.VELOCITY_MAX_GBP_PER_DAY ?? 2500,
    amlRollingThresholdGbp: e.AML_ROLLING_THRESHOLD_GBP ?? 3000,
    amlRollingDays: e.AML_ROLLING_DAYS ?? 30,
    pspPendingMs: e.PSP_PENDING_MS ?? 5000,
    pspUnavailable: e.PSP_UNAVAILABLE ?? false,
    pspWebhookSecret: e.PSP_WEBHOOK_SECRET ?? null,
    opsToken: e.OPS_TOKEN ?? null,
    staffToken: e.STAFF_TOKEN ?? DEVELOPMENT_STAFF_TOKEN,
    dailyRatesSource: e.DAILY_RATES_SOURCE ?? ECB_DAILY_RATES_URL,
    dailyRatesImport: e.DAILY_RATES_IMPORT ?? true,
    ratesMaxAgeWorkingDays: e.RATES_MAX_AGE_WORKING_DAYS ?? 2,
    apiOnAppOrigin: e.API_ON_APP_ORIGIN ?? true,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Travel Money Shop <orders@travelmoney.example>',
    mailCatcherPort: e.MAIL_CATCHER_PORT ?? 1080,
    // Longer than one send can take (the mailer's time-outs, server/mail/mailer.ts, end one in 40 s).
    emailLeaseSeconds: e.EMAIL_LEASE_SECONDS ?? 60,
    placeSearch: e.PLACE_SEARCH,
    addressLookup: e.ADDRESS_LOOKUP,
    seed: e.SEED ?? true,
    production,
    logLevel: e.LOG_LEVEL ?? 'info',
    // Node wants the header time-out no longer than the request time-out.
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS ?? 10_000, requestTimeoutMs),
    requestTimeoutMs,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS ?? 5_000,
    trustedProxyHops: e.TRUSTED_PROXY ?? 0,
    rateLimits: {
      sessionCreate: { points: e.RATE_LIMIT_SESSIONS ?? 60, windowSeconds: 10 * 60 },
      customerInfo: { points: e.RATE_LIMIT_CUSTOMER_INFO ?? 20, windowSeconds: 10 * 60 },
      lookups: { points: e.RATE_LIMIT_LOOKUPS ?? 120, windowSeconds: 60 },
    },
    emailLimits: EMAIL_LIMITS,
    purge: {
      intervalSeconds: e.PURGE_INTERVAL_SECONDS ?? 300,
      batch: e.PURGE_BATCH ?? 500,
      graceMinutes: e.PURGE_GRACE_MINUTES ?? 60,
    },
    embedAncestors: e.EMBED_ANCESTORS,
  };
}
