/**
 * Stopping the shop: SIGTERM (or Ctrl-C's SIGINT) stops it cleanly from the moment its API answers,
 * even while the payment provider, the app host, email and the job queue are still starting.
 * A shop of its own, stopped as soon as its API answers its first /healthz.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { startShop } from './support/servers.ts';

test('SIGTERM as soon as the API answers: the rest of the start-up finishes, then the shop stops cleanly', async () => {
  const shop = await startShop({ name: 'e2e_stopping', waitFor: 'api' });
  const exit = await shop.stop();
  const log = await readFile(shop.logFile, 'utf8');
  expect(exit, log).toEqual({ code: 0, signal: null });
  expect(log).toContain('SIGTERM: stopping');
  // What was starting was let finish before everything closed: email's inbox was opened.
  expect(log).toMatch(/^Inbox: /m);
});
