/**
 * Inverts each guard of the checkout, cart, session (with its authorised call), payment, new-line,
 * calculator, branch finder, shop, fulfilment and note-mix machines in turn (`=> x` becomes `=> !(x)`), runs that
 * machine's path suite, and reports whether the suite failed and through
 * which tests: a path's assertion (what the shopper sees or where they go) or only the transition
 * coverage check. The machine file is restored after each run, also when the run is interrupted.
 *
 *   npm run test:guards                       # every guard
 *   npm run test:guards -- checkout isSoldOut # one machine, or one guard of it
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const MACHINES: Array<{ name: string; file: string; suite: string }> = [
  { name: 'checkout', file: 'machines/checkout/checkout.setup.ts', suite: 'tests/paths/checkout.paths.test.ts' },
  { name: 'cart', file: 'machines/cart/cart.setup.ts', suite: 'tests/paths/cart.paths.test.ts' },
  { name: 'session', file: 'machines/session/session.machine.ts', suite: 'tests/paths/session.paths.test.ts' },
  { name: 'authorised-call', file: 'machines/session/authorised-call.machine.ts', suite: 'tests/paths/authorised-call.paths.test.ts' },
  { name: 'payment-frame', file: 'machines/payment/payment-frame.machine.ts', suite: 'tests/paths/payment-frame.paths.test.ts' },
  { name: 'payment-response', file: 'machines/payment/payment-response.machine.ts', suite: 'tests/paths/payment-response.paths.test.ts' },
  { name: 'new-line', file: 'machines/cart/new-line.machine.ts', suite: 'tests/paths/new-line.paths.test.ts' },
  { name: 'calculator', file: 'machines/calculator/calculator.setup.ts', suite: 'tests/paths/calculator.paths.test.ts' },
  { name: 'branch-finder', file: 'machines/branch-finder/branch-finder.machine.ts', suite: 'tests/paths/branch-finder.paths.test.ts' },
  { name: 'shop', file: 'machines/shop/shop.machine.ts', suite: 'tests/paths/shop.paths.test.ts' },
  { name: 'fulfilment', file: 'machines/fulfilment/fulfilment.machine.ts', suite: 'tests/paths/fulfilment.paths.test.ts' },
  { name: 'note-mix', file: 'machines/note-mix/note-mix.machine.ts', suite: 'tests/paths/note-mix.paths.test.ts' },
];

interface Guard {
  name: string;
  /** Offsets of the guard's body (the expression after its arrow) in the source. */
  start: number;
  end: number;
}

/** The guards of `setup({ guards: { ... } })`: one entry a guard, each an arrow function. */
export function findGuards(source: string): Guard[] {
  const open = source.indexOf('\n  guards: {\n');
  if (open < 0) return [];
  const close = source.indexOf('\n  },', open);
  const block = source.slice(open, close);
  const entry = /\n {4}(\w+): [^\n]*?\) =>/g;
  const heads = [...block.matchAll(entry)];
  return heads.map((m) => {
    const start = open + m.index + m[0].length;
    return { name: m[1]!, start, end: endOfExpression(source, start) };
  });
}

/** Where the expression starting at `start` ends: the first comma outside brackets and strings. */
function endOfExpression(source: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    if (!quote && depth === 0 && c === ',') return i;
  }
  throw new Error('A guard without an end');
}

interface Outcome {
  failedPaths: number;
  coverageFailed: boolean;
  /** The suite did not load: planning the paths threw on the inverted machine. */
  suiteFailed?: boolean;
}

async function runSuite(suite: string): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'invert-guards-'));
  const out = join(dir, 'report.json');
  try {
    await promisify(execFile)('npx', ['vitest', 'run', '--project', 'paths', suite, '--reporter=json', `--outputFile=${out}`], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    // A failing run exits non-zero; the report says why.
  }
  try {
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      testResults: Array<{ status: string; assertionResults: Array<{ title: string; status: string }> }>;
    };
    const results = report.testResults.flatMap((f) => f.assertionResults);
    const failed = results.filter((r) => r.status === 'failed');
    return {
      failedPaths: failed.filter((r) => r.title !== 'covers every transition').length,
      coverageFailed: failed.some((r) => r.title === 'covers every transition'),
      // A file that failed with no test failing did not load: the inverted machine broke the planning.
      suiteFailed: report.testResults.some((f) => f.status === 'failed') && failed.length === 0,
    };
  } catch {
    // No report: the suite did not even load (a definition the model refuses); that is a failure.
    return { failedPaths: 1, coverageFailed: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [onlyMachine, onlyGuard] = process.argv.slice(2);
  let survived = 0;
  let total = 0;
  // Exit through 'exit', which puts the machine file back.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  for (const m of MACHINES.filter((x) => !onlyMachine || x.name === onlyMachine)) {
    const path = join(ROOT, m.file);
    const original = readFileSync(path, 'utf8');
    const restore = (): void => writeFileSync(path, original);
    // Whatever ends the run, the machine file is left as it was.
    process.on('exit', restore);
    try {
      for (const g of findGuards(original).filter((x) => !onlyGuard || x.name === onlyGuard)) {
        const body = original.slice(g.start, g.end);
        writeFileSync(path, `${original.slice(0, g.start)} !(${body.trim()})${original.slice(g.end)}`);
        const outcome = await runSuite(m.suite);
        restore();
        total += 1;
        const killed = outcome.failedPaths > 0 || outcome.coverageFailed || outcome.suiteFailed === true;
        if (!killed) survived += 1;
        const how = !killed
          ? 'SURVIVED: the path tests stay green'
          : outcome.suiteFailed
            ? 'fails: the suite cannot plan its paths (the inverted machine throws)'
            : outcome.failedPaths > 0
            ? `fails ${outcome.failedPaths} path${outcome.failedPaths === 1 ? '' : 's'}${outcome.coverageFailed ? ' and the coverage check' : ''}`
            : 'fails the coverage check only';
        const row = `${m.name.padEnd(17)} ${g.name.padEnd(36)} ${how}`;
        console.log(row);
      }
    } finally {
      restore();
      process.off('exit', restore);
    }
  }
  console.log(`\n${total - survived} of ${total} inverted guards fail the path tests; ${survived} survive.`);
  if (survived > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
