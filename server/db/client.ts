/**
 * The database: PGlite (PostgreSQL compiled to WebAssembly, embedded, file-backed under the data
 * directory) by default, node-postgres when a DATABASE_URL is given. Both behind one drizzle type.
 */
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** What services query through; a transaction (`db.transaction(async (tx) => ...)`) has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs SQL text that may hold several statements (migrations) on one connection; if it fails
   * inside a BEGIN it started, that transaction is rolled back before the error is rethrown.
   */
  exec(sqlText: string): Promise<void>;
  /** A plain query with positional parameters ($1, $2 ...), rows as objects. */
  query<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL: use node-postgres. */
  databaseUrl?: string | null;
  /** PGlite's directory; null or omitted: in memory. Ignored with a databaseUrl. */
  dataDir?: string | null;
  /** PostgreSQL schema to create (if missing) and work in; for isolated test databases. */
  pgSchema?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openPglite(options.dataDir ?? null);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true });
  const client = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
  return wrapPglite(client);
}

/** Wraps an open PGlite (a fresh one, or one loaded from a dump) as a Database. */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      try {
        await client.exec(sqlText);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    query: async <Row,>(sqlText: string, params: unknown[] = []) => (await client.query<Row>(sqlText, params)).rows,
    close: () => client.close(),
  };
}

async function openPostgres(url: string, pgSchema?: string): Promise<Database> {
  if (pgSchema !== undefined) {
    if (!SCHEMA_NAME.test(pgSchema)) throw new Error(`Bad schema name: ${pgSchema}`);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${pgSchema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    ...(pgSchema === undefined ? {} : { options: `-c search_path="${pgSchema}"` }),
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      const connection = await pool.connect();
      try {
        await connection.query(sqlText);
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    query: async <Row,>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as Row[],
    close: () => pool.end(),
  };
}

/** Drops a schema made by openDatabase({ pgSchema }) for a test. */
export async function dropPgSchema(url: string, pgSchema: string): Promise<void> {
  if (!SCHEMA_NAME.test(pgSchema)) throw new Error(`Bad schema name: ${pgSchema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
  } finally {
    await client.end();
  }
}
