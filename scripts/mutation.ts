/**
 * `npm run test:mutation`: StrykerJS over the guards of each machine in turn, each mutant against
 * that machine's path suite only (stryker.config.mjs), then the score of each and of all.
 *
 *   npm run test:mutation            # checkout, cart, session, payment-frame, payment-response
 *   npm run test:mutation -- cart    # one machine
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const ALL = ['checkout', 'cart', 'session', 'payment-frame', 'payment-response'];
const machines = process.argv.length > 2 ? process.argv.slice(2) : ALL;

interface MutantResult {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
}
interface MutationReport {
  files: Record<string, { mutants: MutantResult[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const rows: string[] = [];
let detected = 0;
let undetected = 0;
for (const machine of machines) {
  execFileSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MUTATION_MACHINE: machine } });
  const report = JSON.parse(readFileSync(join(ROOT, 'reports/mutation', `${machine}.json`), 'utf8')) as MutationReport;
  const mutants = Object.values(report.files).flatMap((f) => f.mutants);
  const d = mutants.filter((m) => DETECTED.has(m.status)).length;
  const u = mutants.filter((m) => UNDETECTED.has(m.status));
  detected += d;
  undetected += u.length;
  rows.push(`${machine.padEnd(17)} ${String(d).padStart(4)} killed ${String(u.length).padStart(4)} survived  score ${((100 * d) / Math.max(1, d + u.length)).toFixed(1)}%`);
  for (const m of u) rows.push(`  survived: line ${m.location.start.line} ${m.mutatorName} → ${m.replacement ?? ''}`);
}
console.log(`\nMutation score over the guards\n${rows.join('\n')}`);
console.log(`all               ${String(detected).padStart(4)} killed ${String(undetected).padStart(4)} survived  score ${((100 * detected) / Math.max(1, detected + undetected)).toFixed(1)}%`);
