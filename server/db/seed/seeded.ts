/** Whether the first-start seed has run: one cheap read, without loading the seed's data. */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';

export const SEED_NAME = 'catalogue-v1';

/** Whether the first-start seed has run on this database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ name: t.seedRuns.name }).from(t.seedRuns).where(eq(t.seedRuns.name, SEED_NAME));
  return rows.length > 0;
}
