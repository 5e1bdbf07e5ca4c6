// @ts-check
/**
 * Mutation run over the guards of one machine (MUTATION_MACHINE) against its path tests only.
 * `npm run test:mutation` (scripts/mutation.ts) runs it for the checkout, cart, session and payment
 * machines and adds up the score. Not part of `npm test` or CI: it takes minutes.
 *
 * Only the `guards: { ... }` block of the machine is mutated; its lines are found in the source
 * here, so the run follows the machine as it changes.
 */
import { readFileSync } from 'node:fs';

export const MACHINES = {
  checkout: 'machines/checkout/checkout.setup.ts',
  cart: 'machines/cart/cart.setup.ts',
  session: 'machines/session/session.machine.ts',
  'payment-frame': 'machines/payment/payment-frame.machine.ts',
  'payment-response': 'machines/payment/payment-response.machine.ts',
};

const machine = /** @type {keyof typeof MACHINES} */ (process.env.MUTATION_MACHINE ?? 'checkout');
const file = MACHINES[machine];
if (!file) throw new Error(`No machine ${machine}`);

/** `file:first-last`, the lines of the machine's `guards: { ... }` block in `setup()`. */
function guardLines() {
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
  // cannot tell which tests a mutant reaches: every mutant runs the machine's whole suite.
  coverageAnalysis: 'off',
  mutate: [guardLines()],
  // What a guard decides: comparisons, conditions, logic and negations. Strings and optional
  // chaining in a guard only feed those decisions.
  mutator: { excludedMutations: ['StringLiteral', 'OptionalChaining', 'ObjectLiteral', 'BlockStatement', 'ArrowFunction'] },
  concurrency: 1,
  timeoutMS: 120_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${machine}.html` },
  jsonReporter: { fileName: `reports/mutation/${machine}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
