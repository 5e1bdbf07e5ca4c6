/**
 * The start-up's floor: the hello-world of hello-server.ts that first opens the shop's database
 * the way the shop opens it (server/db/client.ts: the same driver, flags and settings) and reads one
 * row. No start of the shop on that database can answer sooner; the benchmark sets it beside the
 * shop's start-up, so a goal below it shows as such.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { openDatabase } from '../../server/db/client.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR || null });
await database.query('SELECT name FROM schema_migrations LIMIT 1');
const app = new Hono();
app.get('/healthz', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
// Closes the database before it exits, as the shop does: the same data directory is opened again next round.
process.on('SIGTERM', () => void database.close().finally(() => process.exit(0)));
