import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_STAFF_TOKEN, readEnv } from './env.ts';

const SESSION_SECRET = 'a-session-secret-of-32-characters-or-more';
const PSP_WEBHOOK_SECRET = 'a-webhook-secret-of-32-characters-or-more';
const STAFF_TOKEN = 'a-staff-token-of-32-characters-or-more';

describe('readEnv in production mode', () => {
  it.each([
    [{}, /SESSION_SECRET: must be set[\s\S]*PSP_WEBHOOK_SECRET: must be set/],
    [{ PSP_WEBHOOK_SECRET }, /SESSION_SECRET: must be set \(32\+ characters\) when NODE_ENV=production/],
    [{ SESSION_SECRET }, /PSP_WEBHOOK_SECRET: must be set \(32\+ characters\) when NODE_ENV=production/],
    [{ SESSION_SECRET: '   ', PSP_WEBHOOK_SECRET }, /SESSION_SECRET: must be set/],
  ])('refuses to start without both signing keys: %j', (env, message) => {
    expect(() => readEnv({ NODE_ENV: 'production', ...env })).toThrow(message);
  });

  it('still names a key that is too short', () => {
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short', PSP_WEBHOOK_SECRET })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('starts with both keys from the environment', () => {
    expect(readEnv({ NODE_ENV: 'production', SESSION_SECRET, PSP_WEBHOOK_SECRET, STAFF_TOKEN })).toMatchObject({
      production: true,
      sessionSecret: SESSION_SECRET,
      pspWebhookSecret: PSP_WEBHOOK_SECRET,
      staffToken: STAFF_TOKEN,
    });
  });

  it('refuses to start without a staff token of its own', () => {
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET, PSP_WEBHOOK_SECRET })).toThrow(/STAFF_TOKEN: must be set \(32\+ characters\) when NODE_ENV=production/);
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET, PSP_WEBHOOK_SECRET, STAFF_TOKEN: 'short' })).toThrow(/STAFF_TOKEN: must be at least 32 characters/);
  });

  it('outside production has the known development staff token when unset', () => {
    expect(readEnv({}).staffToken).toBe(DEVELOPMENT_STAFF_TOKEN);
  });

  it.each([{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }])('outside production generates the keys when unset: %j', (env) => {
    expect(readEnv(env)).toMatchObject({ production: false, sessionSecret: null, pspWebhookSecret: null });
  });
});

describe('readEnv: logging and time-outs', () => {
  it('defaults to info and Node time-outs that cut off a stalled request', () => {
    expect(readEnv({})).toMatchObject({ logLevel: 'info', headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
  });

  it.each([
    [{ LOG_LEVEL: 'silent' }, { logLevel: 'silent' }],
    [{ LOG_LEVEL: 'debug' }, { logLevel: 'debug' }],
    [{ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '500' }, { requestTimeoutMs: 2000, headersTimeoutMs: 1000, keepAliveTimeoutMs: 500 }],
    // Node refuses a header time-out longer than the request time-out.
    [{ REQUEST_TIMEOUT_MS: '500' }, { requestTimeoutMs: 500, headersTimeoutMs: 500 }],
  ])('reads %j', (env, expected) => {
    expect(readEnv(env)).toMatchObject(expected);
  });

  it.each([
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ REQUEST_TIMEOUT_MS: '50' }, /REQUEST_TIMEOUT_MS: must be 100 or more/],
    [{ KEEP_ALIVE_TIMEOUT_MS: 'soon' }, /KEEP_ALIVE_TIMEOUT_MS: must be a number/],
  ])('names the bad value %j', (env, message) => {
    expect(() => readEnv(env)).toThrow(message);
  });
});

describe('readEnv: how old the rates may be in production', () => {
  it('defaults to 2 working days and reads RATES_MAX_AGE_WORKING_DAYS', () => {
    expect(readEnv({}).ratesMaxAgeWorkingDays).toBe(2);
    expect(readEnv({ RATES_MAX_AGE_WORKING_DAYS: '5' }).ratesMaxAgeWorkingDays).toBe(5);
  });

  it.each([
    ['0', /RATES_MAX_AGE_WORKING_DAYS: must be 1 or more/],
    ['31', /RATES_MAX_AGE_WORKING_DAYS: must be 30 or less/],
    ['two', /RATES_MAX_AGE_WORKING_DAYS: must be a number/],
  ])('names the bad value %s', (value, message) => {
    expect(() => readEnv({ RATES_MAX_AGE_WORKING_DAYS: value })).toThrow(message);
  });
});
