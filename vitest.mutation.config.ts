import { defineConfig } from 'vitest/config';

/**
 * The path suites of the machines whose guards the mutation run changes (stryker.config.mjs):
 * a mutant survives only if every one of them stays green.
 */
export default defineConfig({
  test: {
    name: 'paths',
    environment: 'node',
    include: [
      'tests/paths/checkout.paths.test.ts',
      'tests/paths/cart.paths.test.ts',
      'tests/paths/session.paths.test.ts',
      'tests/paths/payment-frame.paths.test.ts',
      'tests/paths/payment-response.paths.test.ts',
    ],
    testTimeout: 120_000,
  },
});
