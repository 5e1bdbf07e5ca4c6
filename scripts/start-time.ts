/**
 * Start-up to the first healthy answer, data already seeded: the shop's API (server/main.ts,
 * without the app host) against a bare Hono hello-world started the same way (node --import tsx).
 *
 *   npx tsx scripts/start-time.ts [runs]          embedded PGlite (a data directory seeded first)
 *   DATABASE_URL=postgres://... npx tsx scripts/start-time.ts [runs]
 *
 * Prints the median of each and their ratio. A figure, not a pass/fail test.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 5);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

async function healthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer in time`);
}

async function timeStart(script: string, env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    await healthy(`http://127.0.0.1:${port}/healthz`, Date.now() + 300_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = await mkdtemp(join(tmpdir(), 'start-time-'));
// Inside the repository, so that it imports hono from the same node_modules.
const helloScript = join(process.cwd(), 'scripts', '.start-time-hello.ts');
await writeFile(
  helloScript,
  `import { serve } from '@hono/node-server';\nimport { Hono } from 'hono';\nconst app = new Hono();\napp.get('/healthz', (c) => c.json({ status: 'ok' }));\nserve({ fetch: app.fetch, port: Number(process.env.API_PORT), hostname: '127.0.0.1' });\n`,
);

try {
  const shopEnv = async () => {
    const [api, psp, app] = [await freePort(), await freePort(), await freePort()];
    return { port: api, env: { API_PORT: String(api), PSP_PORT: String(psp), APP_PORT: String(app), SERVE_APP: '0', DATA_DIR: join(dir, 'data') } };
  };
  // The first start seeds; it is not counted.
  const first = await shopEnv();
  await timeStart('server/main.ts', first.env, first.port);

  const shop: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await shopEnv();
    shop.push(await timeStart('server/main.ts', s.env, s.port));
    const port = await freePort();
    bare.push(await timeStart(helloScript, { API_PORT: String(port) }, port));
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${db}: shop ${median(shop).toFixed(0)} ms, hello-world ${median(bare).toFixed(0)} ms, ratio ${(median(shop) / median(bare)).toFixed(2)}x (median of ${runs})`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await rm(helloScript, { force: true });
}
