/**
 * What every service receives: the database, the clock and the configuration. Passing them in
 * (rather than importing singletons) lets tests run each server on its own database and time.
 */
import type { Db } from './db/client.ts';
import type { Config } from './env.ts';
import type { ReferenceCache } from './services/reference.ts';

export interface Clock {
  now(): Date;
}

export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Reference data (catalogue, margins, the day's rates) from memory, kept current. */
  reference: ReferenceCache;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = '2026-11-23T10:00:00Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
