/**
 * Fixed-window rate limits kept in PostgreSQL (table rate_limits), so several API instances share
 * each counter. One statement per hit: the row is created, counted up, or started afresh when its
 * window has passed, and the new count comes back. Time is the injected clock, so tests move it.
 *
 * Not rate-limiter-flexible's PostgreSQL store: it reads Date.now() (tests could not move its
 * time), manages its own table outside the migrations, and drives node-postgres clients only,
 * while the shop also runs on PGlite through drizzle.
 */
import { lt, sql } from 'drizzle-orm';
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

/** Deletes counters whose window has ended; at most `batch` of them. */
export async function purgeRateLimits(deps: { db: Db; clock: Clock }, batch: number): Promise<number> {
  const now = deps.clock.now();
  const stale = deps.db.select({ key: t.rateLimits.key }).from(t.rateLimits).where(lt(t.rateLimits.expiresAt, now)).limit(batch);
  const deleted = await deps.db
    .delete(t.rateLimits)
    .where(sql`${t.rateLimits.key} IN (${stale})`)
    .returning({ key: t.rateLimits.key });
  return deleted.length;
}
