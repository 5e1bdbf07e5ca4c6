/**
 * Deletes what nobody can use any more, a bounded batch per run so a run never holds the
 * database for long: carts expired for longer than the grace period and without an order (an
 * order keeps its cart, in progress or not), sessions idle for longer than a token lives plus
 * the grace period with no cart or order left, used or expired loyalty sign-in codes, rate
 * limit counters whose window has ended, and rate alerts nobody confirmed in time. Several API instances may run it at once: rows another
 * run has locked are skipped.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { purgeUnconfirmedRateAlerts } from './rate-alerts.ts';
import { purgeRateLimits } from './rate-limits.ts';
import { releaseExpiredReservations } from './reservation.ts';

export interface PurgeResult {
  carts: number;
  sessions: number;
  signInCodes: number;
  rateLimits: number;
  unconfirmedRateAlerts: number;
  /** Unpaid reservations to pay at the branch whose branch has closed on their collection day, their notes given back. */
  expiredReservations: number;
}

/** Rows a RETURNING statement gave back, whichever driver ran it (both answer { rows }). */
function rowCount(result: unknown): number {
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}

function idsOf(result: unknown): string[] {
  return ((result as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id);
}

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/**
 * In one transaction: locks the first `batch` ids `select` finds, oldest first by `oldestFirst`
 * (rows another run has locked are skipped) and, when there are any, deletes them with `remove`,
 * which answers how many went.
 */
async function purgeLocked(
  deps: Deps,
  lock: { select: SQL; oldestFirst: SQL; batch: number },
  remove: (tx: Tx, ids: string[]) => Promise<number>,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ids = idsOf(await tx.execute(sql`${lock.select} ORDER BY ${lock.oldestFirst} LIMIT ${lock.batch} FOR UPDATE SKIP LOCKED`));
    return ids.length === 0 ? 0 : remove(tx, ids);
  });
}

export async function purgeExpired(deps: Deps, options: { batch?: number } = {}): Promise<PurgeResult> {
  const batch = options.batch ?? deps.config.purge.batch;
  const now = deps.clock.now();
  const graceMs = deps.config.purge.graceMinutes * 60_000;
  const cartsBefore = new Date(now.getTime() - graceMs).toISOString();
  const sessionsBefore = new Date(now.getTime() - graceMs - deps.config.sessionTtlMinutes * 60_000).toISOString();

  const carts = await purgeLocked(
    deps,
    {
      select: sql`SELECT c.id FROM carts c
        WHERE c.expires_at < ${cartsBefore}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)`,
      oldestFirst: sql`c.expires_at`,
      batch,
    },
    async (tx, ids) => {
      // A cart recreated from a purged one keeps its lines; it only forgets where it came from.
      await tx.update(t.carts).set({ recreatedFrom: null }).where(inArray(t.carts.recreatedFrom, ids));
      await tx.update(t.sessions).set({ cartId: null }).where(inArray(t.sessions.cartId, ids));
      return (await tx.delete(t.carts).where(inArray(t.carts.id, ids)).returning({ id: t.carts.id })).length;
    },
  );

  // A session another one replaced is purged first; the newer one on a later run.
  const sessions = await purgeLocked(
    deps,
    {
      select: sql`SELECT s.id FROM sessions s
        WHERE s.updated_at < ${sessionsBefore}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM carts c WHERE c.session_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.session_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM sessions r WHERE r.replaced_by = s.id)`,
      oldestFirst: sql`s.updated_at`,
      batch,
    },
    async (tx, ids) => {
      await tx.update(t.legacyTokens).set({ sessionId: null }).where(inArray(t.legacyTokens.sessionId, ids));
      return (await tx.delete(t.sessions).where(inArray(t.sessions.id, ids)).returning({ id: t.sessions.id })).length;
    },
  );

  const signInCodes = rowCount(
    await deps.db.execute(sql`DELETE FROM loyalty_signin_codes WHERE code_hash IN (
      SELECT code_hash FROM loyalty_signin_codes
      WHERE expires_at < ${now.toISOString()}::timestamptz OR used_at IS NOT NULL
      LIMIT ${batch}) RETURNING code_hash`),
  );
  const rateLimits = await purgeRateLimits(deps, batch);
  const unconfirmedRateAlerts = await purgeUnconfirmedRateAlerts(deps, batch);
  const expiredReservations = await releaseExpiredReservations(deps, batch);
  return { carts, sessions, signInCodes, rateLimits, unconfirmedRateAlerts, expiredReservations };
}
