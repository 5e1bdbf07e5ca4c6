/**
 * Fixed-window rate limits kept in PostgreSQL (table rate_limits), so several API instances share
 * each counter. One statement per hit: the row is created, counted up, or started afresh when its
 * window has passed, and the new count comes back. Time is the injected clock, so tests move it.
 *
 * Not rate-limiter-flexible's PostgreSQL store: it reads Date.now() (tests could not move its
 * time), manages its own table outside the migrations, and drives node-postgres clients only,
 * while the shop also runs on PGlite through drizzle.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Clock } from '../deps.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  points: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  points: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** Counts one hit on key; allowed while the window's hits stay within limit.points. */
export async function consume(deps: { db: Db; clock: Clock }, key: string, limit: RateLimit): Promise<RateLimitResult> {
  const now = deps.clock.now();
  const nowText = now.toISOString();
  const until = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  const expired = sql`${t.rateLimits.expiresAt} <= ${nowText}::timestamptz`;
  const [row] = await deps.db
    .insert(t.rateLimits)
    .values({ key, points: 1, expiresAt: new Date(until) })
    .onConflictDoUpdate({
      target: t.rateLimits.key,
      set: {
        points: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.rateLimits.points} + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN ${until}::timestamptz ELSE ${t.rateLimits.expiresAt} END`,
      },
    })
    .returning({ points: t.rateLimits.points, expiresAt: t.rateLimits.expiresAt });
  if (row === undefined) throw new Error('The rate limit was not counted');
  return {
    allowed: row.points <= limit.points,
    points: row.points,
    retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Guessing guard: a key (a reference, an email address) may be tried `attempts` times within
 * `windowSeconds`; once those are spent on wrong answers it is locked for `lockSeconds`, during
 * which every try is refused whatever it says. A lock is never lengthened by tries made during it,
 * so the rightful owner gets in once it ends.
 */
export interface AttemptGuard {
  attempts: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * Counts a try on key before its answer is checked, so tries sent at the same time each take an
 * attempt of their own (none slips through between a check and a count). Answers whether the try
 * may be checked: the key is not locked and its attempts are not spent. A window or lock that has
 * ended starts afresh.
 */
export async function countAttempt(deps: { db: Db; clock: Clock }, key: string, guard: AttemptGuard): Promise<boolean> {
  const now = deps.clock.now();
  const ended = sql`${t.orderFindAttempts.until} <= ${now.toISOString()}::timestamptz`;
  const windowEnds = new Date(now.getTime() + guard.windowSeconds * 1000).toISOString();
  const [row] = await deps.db
    .insert(t.orderFindAttempts)
    .values({ key, attempts: 1, locked: false, until: new Date(windowEnds) })
    .onConflictDoUpdate({
      target: t.orderFindAttempts.key,
      set: {
        attempts: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.orderFindAttempts.attempts} + 1 END`,
        locked: sql`CASE WHEN ${ended} THEN false ELSE ${t.orderFindAttempts.locked} END`,
        until: sql`CASE WHEN ${ended} THEN ${windowEnds}::timestamptz ELSE ${t.orderFindAttempts.until} END`,
      },
    })
    .returning({ attempts: t.orderFindAttempts.attempts, locked: t.orderFindAttempts.locked });
  if (row === undefined) throw new Error('The attempt was not counted');
  return !row.locked && row.attempts <= guard.attempts;
}

/**
 * After a wrong answer: locks the key when its attempts are spent. Answers the end of the lock
 * when this call locked it (once per lock, however many wrong answers arrive together), else null.
 */
export async function lockWhenSpent(deps: { db: Db; clock: Clock }, key: string, guard: AttemptGuard): Promise<Date | null> {
  const until = new Date(deps.clock.now().getTime() + guard.lockSeconds * 1000);
  const [row] = await deps.db
    .update(t.orderFindAttempts)
    .set({ locked: true, until })
    .where(and(eq(t.orderFindAttempts.key, key), eq(t.orderFindAttempts.locked, false), gte(t.orderFindAttempts.attempts, guard.attempts)))
    .returning({ until: t.orderFindAttempts.until });
  return row?.until ?? null;
}

/** After a right answer: the key's count starts again (never while it is locked). */
export async function clearAttempts(deps: { db: Db }, key: string): Promise<void> {
  await deps.db.delete(t.orderFindAttempts).where(and(eq(t.orderFindAttempts.key, key), eq(t.orderFindAttempts.locked, false)));
}

/** Deletes counters whose window or lock has ended; at most `batch` of each kind. */
export async function purgeRateLimits(deps: { db: Db; clock: Clock }, batch: number): Promise<number> {
  const now = deps.clock.now();
  const stale = deps.db.select({ key: t.rateLimits.key }).from(t.rateLimits).where(lt(t.rateLimits.expiresAt, now)).limit(batch);
  const deleted = await deps.db
    .delete(t.rateLimits)
    .where(sql`${t.rateLimits.key} IN (${stale})`)
    .returning({ key: t.rateLimits.key });
  const staleAttempts = deps.db
    .select({ key: t.orderFindAttempts.key })
    .from(t.orderFindAttempts)
    .where(lt(t.orderFindAttempts.until, now))
    .limit(batch);
  const attempts = await deps.db
    .delete(t.orderFindAttempts)
    .where(sql`${t.orderFindAttempts.key} IN (${staleAttempts})`)
    .returning({ key: t.orderFindAttempts.key });
  return deleted.length + attempts.length;
}
