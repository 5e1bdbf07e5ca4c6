import { Hono } from 'hono';

/** The shop's API. Routes per area are mounted here. */
export function createApi() {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  return app;
}
