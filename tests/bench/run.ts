/**
 * `npm run bench`: figures, not pass/fail. The last table sets each figure of the speed goals
 * beside its goal (shop against a yardstick started the same way: a Hono hello-world, pgbench on
 * the same SQL, a bare app of the design card's stack built by the same Vite). Speed is reported
 * as ratios of variants run side by side in one process (interleaved rounds, median of the
 * per-round ratios, middle half in brackets), with absolute medians for context; the machines are
 * shared, so only the ratios travel. Loopback only; each benchmark stops starting rounds when its time budget is spent.
 */
import { availableParallelism, loadavg } from 'node:os';
import { benchPaths, medianTime } from './path-bench.ts';
import { benchPricing } from './pricing-bench.ts';
import { canCollect, mb, mbAbsolute, median, memoryAfterGc, ms, now, opsPerSecond, ratio, table } from './measure.ts';
import { compareDatabases, comparePort, findPostgres, startServer, type NamedComparison, type StartedServer } from './server-bench.ts';
import { benchGoals } from './goals.ts';
import { profilePages } from './cpu-profile.ts';
import { benchLighthouse, LIGHTHOUSE_HEADER, LIGHTHOUSE_PAGES, lighthouseRows } from './lighthouse.ts';

const log = (line = '') => process.stdout.write(`${line}\n`);
const started = now();
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

log(`Benchmarks ${new Date().toISOString()}  node ${process.version}  ${availableParallelism()} cores  load ${load()}`);

// `npm run bench -- --only lighthouse [--runs N]`: the Lighthouse part alone (tests/bench/lighthouse.ts);
// `npm run bench -- --only profile [paths]`: CPU profiles of the pages' loads (tests/bench/cpu-profile.ts).
const args = process.argv.slice(2);
const argOf = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = argOf('--only');
const lighthouseRuns = Math.max(1, Number(argOf('--runs') ?? 1) || 1);
if (only !== undefined && only !== 'lighthouse' && only !== 'profile') {
  log(`--only takes 'lighthouse' or 'profile' (the other parts run together), not '${only}'`);
  process.exit(2);
}
if (only === 'profile') {
  const named = args.filter((a) => a.startsWith('/'));
  await profilePages(log, named.length > 0 ? named : LIGHTHOUSE_PAGES);
  process.exit(0);
}

/** Lighthouse's table, or why it did not run. */
async function lighthouseTable(): Promise<string> {
  try {
    const figures = await benchLighthouse(log, lighthouseRuns);
    const runs = figures.runs === 1 ? 'one run a page' : `median of ${figures.runs} runs a page`;
    return `Lighthouse, mobile profile (simulated Slow 4G, 4× CPU; ${runs}), the shop beside the card's bare app:\n\n${table(LIGHTHOUSE_HEADER, lighthouseRows(figures))}`;
  } catch (error) {
    return `Lighthouse skipped: ${(error as Error).message}`;
  }
}

if (only === 'lighthouse') {
  const text = await lighthouseTable();
  log(`\n${text}`);
  process.exit(text.startsWith('Lighthouse skipped') ? 1 : 0);
}
if (!canCollect) log('(no full GC available: heap figures include garbage)');

const speedRows: string[][] = [];
const memoryRows: string[][] = [];
const notes: string[] = [];

function speedRow(section: string, c: NamedComparison): void {
  speedRows.push([
    section,
    c.call,
    `${c.baseline.name} ${ms(median(c.baseline.samples))}`,
    `${c.compared.name} ${ms(median(c.compared.samples))}`,
    ratio(c.roundRatios),
    `${c.rounds}×${c.perRound}`,
  ]);
}

function memoryRow(s: StartedServer): void {
  memoryRows.push([
    `${s.label} test server, started and seeded`,
    ms(s.startMs),
    mb(s.after.heapUsed - s.before.heapUsed),
    mb(s.after.external - s.before.external),
    mb(s.after.rss - s.before.rss),
    mbAbsolute(s.after.heapUsed),
    mbAbsolute(s.after.rss),
  ]);
}

// 5. Memory, first, while the heap holds little else; the servers then serve benchmarks 1 and 2.
log('\n[memory] starting test servers');
const beforeImport = memoryAfterGc();
await import('#server/testing.ts');
const afterImport = memoryAfterGc();
memoryRows.push([
  'server modules loaded',
  '–',
  mb(afterImport.heapUsed - beforeImport.heapUsed),
  mb(afterImport.external - beforeImport.external),
  mb(afterImport.rss - beforeImport.rss),
  mbAbsolute(afterImport.heapUsed),
  mbAbsolute(afterImport.rss),
]);

const postgres = await findPostgres();
const servers: StartedServer[] = [];
try {
  const pglite = await startServer('PGlite', null);
  servers.push(pglite);
  memoryRow(pglite);
  let pgServer: StartedServer | null = null;
  if (postgres.url !== null) {
    pgServer = await startServer('PostgreSQL', postgres.url);
    servers.push(pgServer);
    memoryRow(pgServer);
    notes.push(`PostgreSQL: ${postgres.reason}; its server process's own memory is not counted.`);
  }

  // 1. PGlite against PostgreSQL, in process.
  if (pgServer === null) {
    log(`\n[server in process] PostgreSQL skipped: ${postgres.reason}`);
    notes.push(`PGlite vs PostgreSQL skipped: ${postgres.reason}.`);
  } else {
    log('\n[server in process] PGlite vs PostgreSQL');
    for (const c of await compareDatabases(pglite.server, pgServer.server, log)) speedRow('PostgreSQL / PGlite', c);
  }

  // 2. A real loopback port against app.request, on PGlite.
  log('\n[server over a port] loopback port vs in process (PGlite)');
  speedRow('port / in process', await comparePort(pglite.server));
} finally {
  for (const s of servers.reverse()) await s.server.close();
}

// 3. Exact money against plain numbers.
log('\n[pricing] domain pricing vs plain numbers');
for (const r of benchPricing()) {
  speedRows.push([
    'exact / plain numbers',
    `${r.fn} (time per op)`,
    `plain ${opsPerSecond(median(r.baseline.opsPerSecond))}`,
    `exact ${opsPerSecond(median(r.compared.opsPerSecond))}`,
    ratio(r.roundRatios),
    `${r.roundRatios.length}×${r.opsPerBatch}`,
  ]);
  notes.push(`${r.fn}: plain floating point is a penny out on ${r.mismatches} of ${r.inputs} amounts.`);
}

// 4. Path generation.
log('\n[paths] planning each machine');
const paths = await benchPaths({ rounds: 3, budgetPerMachineMs: 4_000 });
const pathRows = paths.results.map((r) => [
  r.name,
  String(r.variants),
  String(r.states),
  String(r.transitions),
  String(r.paths),
  ms(medianTime(r)),
  String(r.times.length),
  mb(r.heapGrowth),
  Number.isNaN(r.heapRetained) ? '–' : mb(r.heapRetained),
]);
for (const s of paths.skipped) notes.push(`paths: ${s.file} skipped (${s.reason}).`);

// 6. The speed goals, side by side with their yardsticks.
const goals = await benchGoals(postgres, log);
notes.push(...goals.notes);

// 7. Core Web Vitals by Lighthouse, beside the card's bare app.
log('\n[lighthouse] the shop\'s pages and the card\'s bare app');
const lighthouseText = await lighthouseTable();

const end = memoryAfterGc();
log('\n' + '='.repeat(100));
log(`Summary  ${new Date().toISOString()}  node ${process.version}  ${availableParallelism()} cores  load ${load()}  run ${(
  (now() - started) /
  1000
).toFixed(0)} s`);
log('\nSpeed: ratio = compared / baseline, median of per-round ratios (middle half of rounds in brackets);');
log('absolute medians are for context only (shared machine).\n');
log(table(['comparison', 'call', 'baseline (median)', 'compared (median)', 'ratio', 'rounds×n'], speedRows));
log('\nPath planning (planPaths over every input of the suite; states and paths summed over the inputs; time is the median of the rounds):\n');
log(table(['machine', 'inputs', 'states', 'transitions', 'paths', 'time', 'rounds', 'heap growth', 'heap retained'], pathRows));
log('\nMemory (process.memoryUsage around the step, after a full GC; PGlite\'s WebAssembly memory is external):\n');
log(table(['step', 'time', 'heap used', 'external', 'rss', 'heap after', 'rss after'], memoryRows));
log('\nAgainst the goals (ratio = shop / yardstick, median of interleaved rounds, middle half in brackets; ✔ when the goal is met):\n');
log(table(['figure', 'shop', 'yardstick', 'ratio', 'goal', 'met'], goals.rows));
log(`\n${lighthouseText}`);
log(`\nAt the end: heap used ${mbAbsolute(end.heapUsed)}, rss ${mbAbsolute(end.rss)}.`);
if (notes.length) log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
