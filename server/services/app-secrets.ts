/**
 * Keys the shop makes for itself when the environment gives none: made once, on first use, and kept
 * in app_secrets, so tokens and links signed before a restart still verify after it, and every
 * process on the same database signs alike.
 */
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** The stored value (32 random bytes, base64url) of the secret `name`, made if there is none. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  // Two processes starting at once: the second insert does nothing and both read the first.
  await db
    .insert(t.appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(t.appSecrets).where(eq(t.appSecrets.name, name));
  if (row === undefined) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}
