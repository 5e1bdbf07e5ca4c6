/**
 * `npm run test:replay -- <log.json> [more logs] [vitest options]`: replays event logs (written by
 * Simulate, the live flows panel or a failing journey; flows/event-log.ts) as path tests. Each log
 * names its machine by id; the machine's path suite (tests/paths/<name>.paths.test.ts) runs the
 * log instead of its generated paths, with its own fake actors and oracle
 * (tests/support/replay-log.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEventLog } from '#flows/event-log.ts';

const root = resolve(import.meta.dirname, '..');

/** Machine id to the base name of its file (`branchFinder` → `branch-finder`). */
async function machineFiles(): Promise<Map<string, string>> {
  const dir = join(root, 'machines');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.machine.ts'));
  const byId = new Map<string, string>();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const machine = value as { id?: unknown; root?: unknown; getStateNodeById?: unknown };
      if (typeof machine?.id === 'string' && machine.root !== undefined && typeof machine.getStateNodeById === 'function') {
        byId.set(machine.id, basename(file, '.machine.ts'));
      }
    }
  }
  return byId;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const logs = args.filter((a) => !a.startsWith('-')).map((a) => resolve(a));
  const passThrough = args.filter((a) => a.startsWith('-'));
  if (logs.length === 0) {
    console.error('Usage: npm run test:replay -- <event-log.json> [more logs]');
    return 2;
  }
  const byId = await machineFiles();
  const suites = new Set<string>();
  for (const file of logs) {
    let machine: string;
    try {
      machine = parseEventLog(readFileSync(file, 'utf8')).machine;
    } catch (error) {
      console.error(`${relative(root, file)}: ${(error as Error).message}`);
      return 1;
    }
    const name = byId.get(machine);
    const suite = name && join('tests', 'paths', `${name}.paths.test.ts`);
    if (!suite || !existsSync(join(root, suite))) {
      console.error(`${relative(root, file)}: no machine with the id '${machine}' has a path suite (machines: ${[...byId.keys()].sort().join(', ')})`);
      return 1;
    }
    suites.add(suite);
  }
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'paths', ...suites, ...passThrough], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REPLAY_LOGS: JSON.stringify(logs) },
  });
  return run.status ?? 1;
}

process.exitCode = await main();
