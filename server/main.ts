import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { createApi } from './app.ts';
import { readEnv } from './env.ts';

const env = readEnv();

const api = createApi();
serve({ fetch: api.fetch, port: env.apiPort, hostname: env.host });

// The built app, with every unknown path falling back to index.html for client routing.
// `npm run dev` serves the app through Vite instead (SERVE_APP=0).
if (process.env.SERVE_APP !== '0') {
  const appHost = new Hono();
  appHost.use('/*', serveStatic({ root: './dist' }));
  appHost.get('*', async (c) => c.html(await readFile('dist/index.html', 'utf8')));
  serve({ fetch: appHost.fetch, port: env.appPort, hostname: env.host });
  console.log(`Shop:  http://localhost:${env.appPort}`);
}
console.log(`API:   http://localhost:${env.apiPort}`);
