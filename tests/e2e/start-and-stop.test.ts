/**
 * Starting and stopping the shop, on a shop of its own stopped as soon as its API answers its
 * first /healthz:
 * - on PGlite, every one of Node's own modules the server needs by then is loaded before V8's flag
 *   for PGlite is set (a flag changed at run time makes Node compile each module loaded after it
 *   without its code cache); on PostgreSQL no flag is set;
 * - SIGTERM (or Ctrl-C's SIGINT) stops it cleanly from the moment its API answers, even while the
 *   payment provider, the app host, email and the job queue are still starting.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PGLITE_V8_FLAG } from '../../server/db/client.ts';
import { startShop, type RunningShop } from './support/servers.ts';

let shop: RunningShop;
let reportFile: string;

beforeAll(async () => {
  reportFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'node-modules-')), 'report.json');
  const hook = path.join(import.meta.dirname, 'support/node-modules-hook.mjs');
  shop = await startShop({
    name: 'e2e_start_and_stop',
    waitFor: 'api',
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import "${pathToFileURL(hook).href}"`, NODE_MODULES_REPORT: reportFile },
  });
});
afterAll(async () => {
  await shop?.stop();
});

test("Node's own modules the server needs are all loaded before V8's flag for PGlite, and none after it", async () => {
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as { flags: string | null; loadedAfter: string[] };
  const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
  expect(report).toEqual({ flags: onPostgres ? null : PGLITE_V8_FLAG, loadedAfter: [] });
});

test('SIGTERM as soon as the API answers: the rest of the start-up finishes, then the shop stops cleanly', async () => {
  const exit = await shop.stop();
  const log = await readFile(shop.logFile, 'utf8');
  expect(exit, log).toEqual({ code: 0, signal: null });
  expect(log).toContain('SIGTERM: stopping');
  // What was starting was let finish before everything closed: email's inbox was opened.
  expect(log).toMatch(/^Inbox: /m);
});
