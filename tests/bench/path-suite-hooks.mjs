/**
 * Module hooks for the path-planning benchmark: a path test file's import of the harness is
 * answered by the collector, so loading the file records its suite instead of registering tests.
 */
const collector = new URL('./path-suite-collector.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === '../support/graph-coverage.ts' && context.parentURL?.includes('/tests/paths/')) {
    return { url: collector, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
