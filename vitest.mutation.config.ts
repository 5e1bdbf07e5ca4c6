import { defineConfig } from 'vitest/config';

/**
 * The path suite of the machine whose guards the mutation run changes (MUTATION_MACHINE, set by
 * scripts/mutation.ts): a mutant survives only if it stays green.
 */
const machine = process.env.MUTATION_MACHINE ?? 'checkout';

export default defineConfig({
  test: {
    name: 'paths',
    environment: 'node',
    include: [`tests/paths/${machine}.paths.test.ts`],
    testTimeout: 120_000,
  },
});
