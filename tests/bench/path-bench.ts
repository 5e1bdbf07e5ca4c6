/**
 * Path generation: the harness's planPaths over each machine's path suite, as `npm run test:paths`
 * plans it (every named input in turn), timed and weighed. The suites are read from the path test
 * files themselves: a module hook answers their import of the harness with a collector.
 */
import { readdirSync } from 'node:fs';
import { register } from 'node:module';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { PathSuiteConfig } from '../support/graph-coverage.ts';
import { canCollect, fullGc, median, memory, now } from './measure.ts';

const PATHS_DIR = new URL('../paths/', import.meta.url);

export interface PathPlanResult {
  name: string;
  variants: number;
  states: number;
  paths: number;
  transitions: number;
  /** Planning time per round (all variants), ms. */
  times: number[];
  /** Heap growth while planning, before any collection (garbage included), bytes. */
  heapGrowth: number;
  /** Heap still held by the plans after a full collection, bytes. */
  heapRetained: number;
}

export interface PathBenchResult {
  results: PathPlanResult[];
  skipped: { file: string; reason: string }[];
}

async function loadSuites(): Promise<{ suites: PathSuiteConfig<AnyStateMachine>[]; skipped: PathBenchResult['skipped'] }> {
  register(new URL('./path-suite-hooks.mjs', import.meta.url));
  const { collectedSuites } = await import('./path-suite-collector.ts');
  const skipped: PathBenchResult['skipped'] = [];
  const files = readdirSync(PATHS_DIR)
    .filter((file) => file.endsWith('.paths.test.ts'))
    .sort();
  for (const file of files) {
    const before = collectedSuites().length;
    try {
      await import(new URL(file, PATHS_DIR).href);
      if (collectedSuites().length === before) skipped.push({ file, reason: 'defines no path suite' });
    } catch (error) {
      skipped.push({ file, reason: (error as Error).message.split('\n')[0] ?? 'failed to load' });
    }
  }
  return { suites: collectedSuites(), skipped };
}

export async function benchPaths(options: { rounds: number; budgetPerMachineMs: number }): Promise<PathBenchResult> {
  const { planPaths, listTransitions, serializeValue } = await import('../support/graph-coverage.ts');
  const { suites, skipped } = await loadSuites();
  const results: PathPlanResult[] = [];
  for (const suite of suites) {
    const variants: unknown[] = suite.inputs ? Object.values(suite.inputs) : [suite.input];
    const serializeState = (suite.serializeState ?? serializeValue) as (snapshot: AnyMachineSnapshot) => string;
    const planAll = () =>
      variants.map((input) =>
        planPaths(suite.machine, {
          input,
          events: suite.events as readonly AnyEventObject[],
          serializeState,
          ...(suite.limit === undefined ? {} : { limit: suite.limit }),
          // As `npm run test:paths` plans it: a suite whose actors join a system (the shop's) plans each path in a system of its own.
          ...(suite.isolateSystems ? { isolateSystems: true } : {}),
        }),
      );
    try {
      // First round: weighed as well as timed.
      fullGc();
      const base = memory().heapUsed;
      let start = now();
      let plans: ReturnType<typeof planAll> | null = planAll();
      const times = [now() - start];
      const heapGrowth = memory().heapUsed - base;
      fullGc();
      const heapRetained = memory().heapUsed - base;
      const states = plans.reduce((n, p) => n + p.reachableStates, 0);
      const paths = plans.reduce((n, p) => n + p.paths.length, 0);
      plans = null;
      const started = now();
      while (times.length < options.rounds && now() - started + times[0]! <= options.budgetPerMachineMs) {
        start = now();
        planAll();
        times.push(now() - start);
      }
      results.push({
        name: suite.name,
        variants: variants.length,
        states,
        paths,
        transitions: listTransitions(suite.machine).length,
        times,
        heapGrowth,
        heapRetained: canCollect ? heapRetained : Number.NaN,
      });
    } catch (error) {
      skipped.push({ file: `${suite.name}.paths.test.ts`, reason: `planning failed: ${(error as Error).message.split('\n')[0]}` });
    }
  }
  return { results, skipped };
}

export const medianTime = (result: PathPlanResult): number => median(result.times);
