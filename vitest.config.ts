import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The server tests that meet what differs between the two database engines: migrations and the
 * seed, PGlite's own start-up and restarts, the statements built once, the SQL budget, the job
 * queue, and a purchase end to end over HTTP. With DATABASE_URL set, `npm test` runs the server
 * tests in full on PostgreSQL and these again on PGlite (the `pglite-smoke` project), so CI meets
 * both engines without running every server test twice (README, "What runs where").
 */
export const PGLITE_SMOKE = [
  'server/db/db.test.ts',
  'server/db/reusable.test.ts',
  'server/sql-budget.test.ts',
  'server/jobs/queue.test.ts',
  'server/app.test.ts',
  'server/services/reference.test.ts',
  'server/routes/commerce-http.test.ts',
  'server/routes/payment-money.test.ts',
  'server/outbox-crash.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * View tests that replace a module with vi.mock, or load one afresh with vi.resetModules (a page
 * before some of its code arrived): they need a module graph of their own (the `views` project
 * shares one per worker).
 */
const VIEWS_ISOLATED = ['src/screens/calculator/calculator-typing.test.tsx', 'src/ui/modal-loading.test.tsx', 'src/screens/branch-finder/page-place-search.test.tsx'];
/** Every answer of the server tests is checked against the API's OpenAPI document (server/testing.ts); OPENAPI_CHECK=0 turns it off. */
const OPENAPI_CHECK = process.env.OPENAPI_CHECK ?? '1';

export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one idle on a two-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker, not per file (no server test replaces a module): about
          // half the project's CPU was importing the server again for each file.
          isolate: false,
          include: ['domain/**/*.test.ts', 'machines/**/*.test.ts', 'flows/**/*.test.ts', 'server/**/*.test.ts', 'tests/support/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          env: { OPENAPI_CHECK },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pglite-smoke',
          environment: 'node',
          // Only beside a PostgreSQL run: without DATABASE_URL the `node` project is on PGlite already.
          include: onPostgres ? PGLITE_SMOKE : [],
          setupFiles: ['tests/support/setup-node.ts'],
          env: { DATABASE_URL: '', OPENAPI_CHECK },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          environment: 'jsdom',
          // One jsdom and one module graph per worker, not per file: a file's set-up is about 3 s
          // of jsdom and imports. Files that replace a module (vi.mock) run in views-isolated.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'stories/**/*.test.{ts,tsx}'],
          exclude: VIEWS_ISOLATED,
          setupFiles: ['tests/support/setup-views.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views-isolated',
          environment: 'jsdom',
          include: VIEWS_ISOLATED,
          setupFiles: ['tests/support/setup-views.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'paths',
          environment: 'node',
          include: ['tests/paths/**/*.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          globalSetup: ['tests/support/path-coverage-setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // Every story of the built Storybook (storybook-static/) played in Chromium: `npm run test:stories`.
        test: {
          name: 'stories',
          environment: 'node',
          include: ['tests/stories/**/*.test.ts'],
          // One browser, two pages at a time: the machine has two cores.
          maxConcurrency: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The README's screenshots (docs/screenshots/): `npm run screenshots`, on the e2e harness.
        test: {
          name: 'screenshots',
          environment: 'node',
          include: ['tests/screenshots/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/servers.ts'],
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The API testers this project did not write (`npm run test:api`): Stoplight Prism as a
        // validation proxy and requests generated from the document by Portman, run by Newman.
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/support/shop.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/servers.ts'],
          // A real browser on real servers: give a polled expectation a few seconds, not vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // In CI (a shared, noisy machine, three shops side by side) a journey that fails is run once
          // more with a fresh browser context before the run fails; the reporter marks it "retry x1",
          // so a journey that needed it shows in the log. Locally a failure fails at once.
          retry: process.env.CI === 'true' ? 1 : 0,
        },
      },
    ],
  },
});
