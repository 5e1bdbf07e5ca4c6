/**
 * Stoplight Prism as a validation proxy in front of the API: every request and answer that passes
 * through it is checked against the API's own OpenAPI document (read from /api/openapi.json).
 * With `errors`, a request or an answer the document does not describe is turned into Prism's own
 * error answer (`prism proxy --errors`); without, it goes through with the violations listed in
 * its `sl-violations` header.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../e2e/support/servers.ts';

export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}

const PRISM = path.resolve(import.meta.dirname, '../../../node_modules/.bin/prism');
export const RESULTS = path.resolve(process.env.E2E_RESULTS || 'test-results', 'api');

/** Prism's own error answers (a violation with --errors) carry a type under this address. */
export const PRISM_ERROR_TYPE = 'https://stoplight.io/prism/errors#';

export async function startPrism(api: string, options: { errors: boolean; name: string }): Promise<RunningPrism> {
  const port = await freePort();
  await mkdir(RESULTS, { recursive: true });
  const log = createWriteStream(path.join(RESULTS, `prism-${options.name}.log`));
  const child = spawn(PRISM, ['proxy', `${api}/api/openapi.json`, api, '--host', '127.0.0.1', '--port', String(port), ...(options.errors ? ['--errors'] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}) before it answered: see ${log.path as string}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`Prism did not answer in time: see ${log.path as string}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The violations Prism found in an answer that went through it (its sl-violations header). */
export function violationsOf(response: Response): Violation[] {
  const header = response.headers.get('sl-violations');
  if (header === null) return [];
  return JSON.parse(header) as Violation[];
}
