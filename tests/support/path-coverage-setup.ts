/**
 * Global setup of the `paths` vitest project: gives the suites a fresh registry folder, and at the
 * end prints one row per machine (transitions, covered) and fails the run unless every machine
 * under machines/ has a path suite that took every one of its transitions.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { CoverageReport } from './graph-coverage.ts';

const machinesDir = join(import.meta.dirname, '..', '..', 'machines');

function machineNames(): string[] {
  return readdirSync(machinesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => basename(f, '.machine.ts'))
    .sort();
}

export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]): string => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'path-coverage-'));
  project.provide('pathCoverageDir', dir);
  // `npm run test:replay` runs logs, not the generated paths: no coverage to count.
  if (process.env.REPLAY_LOGS) return () => rmSync(dir, { recursive: true, force: true });

  return () => {
    const reports = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CoverageReport);
    rmSync(dir, { recursive: true, force: true });

    // A filtered run (file names on the command line) only answers for the suites it ran.
    const filtered = ((project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? []).length > 0;
    const reported = new Set(reports.map((r) => r.name));
    const withoutSuite = filtered ? [] : machineNames().filter((n) => !reported.has(n));

    const rows = [
      ['machine', 'transitions', 'covered', 'paths', 'states'],
      ...reports
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((r) => [r.name, String(r.transitions), String(r.covered), String(r.paths), String(r.states)]),
      ...withoutSuite.map((n) => [n, '?', 'no path suite', '', '']),
    ];
    console.log(`\nStatechart transition coverage\n${formatTable(rows)}\n`);

    const incomplete = reports.filter((r) => r.covered < r.transitions);
    for (const r of incomplete) console.error(`${r.name}: transitions no path took:\n  ${r.missing.join('\n  ')}`);
    if (incomplete.length || withoutSuite.length) {
      console.error('Path coverage incomplete: every transition of every machine must be taken by a path.');
      process.exitCode = 1;
    }
  };
}
