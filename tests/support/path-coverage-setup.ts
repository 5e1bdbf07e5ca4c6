/**
 * Global setup of the `paths` vitest project: gives the suites a fresh registry folder, and at the
 * end prints one row per machine (transitions, covered) and fails the run unless every machine
 * under machines/ has a path suite that took every one of its transitions. It also writes the
 * tester's report, one HTML page per machine with an index, into reports/paths/ (coverage-report.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { renderCoverageHtml, renderIndexHtml, type CoverageDetails } from './coverage-report.ts';
import type { CoverageReport } from './graph-coverage.ts';

const machinesDir = join(import.meta.dirname, '..', '..', 'machines');
/** Where the HTML coverage report goes (git-ignored, as every report under reports/). */
export const PATH_REPORT_DIR = join(import.meta.dirname, '..', '..', 'reports', 'paths');

/**
 * One page per machine reported, then the index over every machine's page in the folder: a run
 * of one suite updates its page and leaves the others; a full run starts the folder afresh.
 */
export function writeHtmlReport(dir: string, reports: CoverageReport[], fresh: boolean): void {
  if (fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const r of reports) {
    writeFileSync(join(dir, `${r.name}.json`), JSON.stringify(r.details));
    writeFileSync(join(dir, `${r.name}.html`), renderCoverageHtml(r.details));
  }
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CoverageDetails);
  writeFileSync(join(dir, 'index.html'), renderIndexHtml(all));
}

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
    if (reports.length > 0) {
      writeHtmlReport(PATH_REPORT_DIR, reports, !filtered);
      console.log(`States, transitions and guards, path by path: ${join(relative(process.cwd(), PATH_REPORT_DIR), 'index.html')}\n`);
    }

    const incomplete = reports.filter((r) => r.covered < r.transitions);
    for (const r of incomplete) console.error(`${r.name}: transitions no path took:\n  ${r.missing.join('\n  ')}`);
    if (incomplete.length || withoutSuite.length) {
      console.error('Path coverage incomplete: every transition of every machine must be taken by a path.');
      process.exitCode = 1;
    }
  };
}
