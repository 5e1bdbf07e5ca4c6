/**
 * Applies server/db/migrations/*.sql in name order, each once, each in its own transaction, and
 * records it in schema_migrations. Safe to run at every start and from several processes (an
 * advisory lock serialises them on PostgreSQL).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 727_100_001;

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
}

const UNDEFINED_TABLE = '42P01';

/** The migrations recorded as applied; creates their record table on a new database. */
async function appliedMigrations(database: Database): Promise<string[]> {
  try {
    const rows = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
    return rows.map((r) => r.name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
  }
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  return [];
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // One statement when every migration is in (every start but the first): a start reads no
  // migration file and sends no DDL.
  const done = new Set(await appliedMigrations(database));
  const applied: string[] = [];
  for (const name of await listMigrations(dir)) {
    if (done.has(name)) continue;
    const body = await readFile(`${dir}${name}`, 'utf8');
    const quoted = name.replace(/'/g, "''");
    try {
      // Checked again under the lock, so two starting processes cannot both apply it.
      await database.exec(`BEGIN;
SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${quoted}') THEN
    RAISE EXCEPTION 'migration already applied' USING ERRCODE = 'P0002';
  END IF;
END $$;
${body}
;
INSERT INTO schema_migrations (name) VALUES ('${quoted}');
COMMIT;`);
      applied.push(name);
    } catch (error) {
      if (isAlreadyApplied(error)) continue;
      throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}

function isAlreadyApplied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'P0002';
}
