/**
 * The yardstick the shop's API is compared with: a Hono hello-world on @hono/node-server,
 * bundled and started the same way as the shop (scripts/server-build.ts, then node), with a /healthz
 * like the API's.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));
app.get('/healthz', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
