/**
 * Stands in for tests/support/graph-coverage.ts when the path benchmark loads a path test file:
 * every export is the harness's own, except definePathSuite, which records the suite's
 * configuration for planning instead of registering vitest tests.
 */
import type { AnyStateMachine } from 'xstate';
import type { PathSuiteConfig } from '../support/graph-coverage.ts';

export * from '../support/graph-coverage.ts';

const REGISTRY = Symbol.for('travel-money-shop.bench.path-suites');

type Registry = PathSuiteConfig<AnyStateMachine>[];

export function collectedSuites(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= [];
  return holder[REGISTRY];
}

export function definePathSuite<TMachine extends AnyStateMachine>(config: PathSuiteConfig<TMachine>): void {
  collectedSuites().push(config as unknown as PathSuiteConfig<AnyStateMachine>);
}
