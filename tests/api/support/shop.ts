/**
 * The shop the API testers run against (`npm run test:api`): the servers as `npm start` runs them
 * (dist-server/main.mjs, built first when its sources changed), on free ports and a fresh embedded
 * database, without the app's pages (the testers only call the API and the payment provider).
 * API_TESTERS_SHOP=api,psp runs them against a shop already running instead.
 */
import type { TestProject } from 'vitest/node';
import { buildServer, serverStaleReason } from '../../../scripts/server-build.ts';
import { startShop } from '../../e2e/support/servers.ts';

export interface TestedShop {
  api: string;
  psp: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testedShop: TestedShop;
  }
}

async function answers(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.API_TESTERS_SHOP?.split(',');
  if (external?.length === 2) {
    const [api, psp] = external as [string, string];
    project.provide('testedShop', { api, psp });
    return async () => undefined;
  }
  const reason = serverStaleReason();
  if (reason !== null) {
    console.log(`[api] building the server (${reason})`);
    await buildServer();
  }
  // On the embedded database, as `npm start` runs; the end-to-end smoke set covers PostgreSQL.
  const shop = await startShop({ name: 'api-testers', adminDatabaseUrl: null, env: { SERVE_APP: '0' }, waitFor: 'api' });
  await answers(`${shop.urls.psp}/healthz`, Date.now() + 60_000);
  project.provide('testedShop', { api: shop.urls.api, psp: shop.urls.psp });
  return async () => {
    await shop.stop();
  };
}
