// @ts-check
/**
 * Mutation run over the guards of the checkout, cart, session and payment machines, against their
 * path tests only (`npm run test:mutation`). Not part of `npm test` or CI: it takes minutes.
 *
 * Only the `guards: { ... }` block of each machine is mutated; its lines are found in the source
 * here, so the run follows the machines as they change.
 */
import { readFileSync } from 'node:fs';

const MACHINES = [
  'machines/checkout/checkout.machine.ts',
  'machines/cart/cart.machine.ts',
  'machines/session/session.machine.ts',
  'machines/payment/payment-frame.machine.ts',
  'machines/payment/payment-response.machine.ts',
];

/** `file:first-last`, the lines of the machine's `guards: { ... }` block in `setup()`. */
function guardLines(file) {
  const lines = readFileSync(new URL(file, import.meta.url), 'utf8').split('\n');
  const first = lines.findIndex((l) => l === '  guards: {');
  const last = lines.findIndex((l, i) => i > first && l === '  },');
  if (first < 0 || last < 0) throw new Error(`No guards block in ${file}`);
  return `${file}:${first + 2}-${last}`;
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // The path suites plan their paths while loading (running every guard), so per-test coverage
  // cannot tell which tests a mutant reaches: every mutant runs the five suites.
  coverageAnalysis: 'off',
  mutate: MACHINES.map(guardLines),
  // What a guard decides: comparisons, conditions, logic and negations. Strings and optional
  // chaining in a guard only feed those decisions.
  mutator: { excludedMutations: ['StringLiteral', 'OptionalChaining', 'ObjectLiteral', 'BlockStatement', 'ArrowFunction'] },
  concurrency: 1,
  timeoutMS: 120_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
