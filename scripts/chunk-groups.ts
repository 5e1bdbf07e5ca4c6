/**
 * Which chunk a module the pages load on demand goes into, beyond what the bundler does by itself
 * (decision 065). Left alone it makes a chunk of every set of on-demand entries that share a
 * module: a date-fns function two pages use, a small contract, a hook two checkout steps use. A
 * page then fetched twenty files beside its first chunk, and on a phone's network each takes its
 * round trip and a share of the line, so the first chunk, which every paint waits for, came last.
 */
import type { ChunkingContext } from 'rolldown';

/** The entries loaded on demand whose shared modules are one chunk: the checkout's steps. */
const CHECKOUT_ENTRY = /[\\/](src[\\/]app[\\/]on-demand[\\/](checkout-pages\.tsx|checkout\.ts)|src[\\/]screens[\\/](view-cart|delivery|customer-info|payment|payment-unsuccessful|confirmation)[\\/][^\\/]+-screen\.tsx)$/;

/**
 * The entries that reach a module through static imports: the app's entry, or a module some other
 * module imports with `import()`. Memoised within one chunking pass.
 */
function entriesOf(id: string, ctx: ChunkingContext, memo: Map<string, ReadonlySet<string>>): ReadonlySet<string> {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  memo.set(id, entries); // an import cycle ends here
  const info = ctx.getModuleInfo(id);
  if (info === null) return entries;
  if (info.isEntry || info.dynamicImporters.length > 0) entries.add(id);
  for (const importer of info.importers) for (const entry of entriesOf(importer, ctx, memo)) entries.add(entry);
  return entries;
}

/**
 * 'checkout-shared' for a module two or more of the checkout's steps share and nothing else
 * loads (their page frame's hooks, the order summary, the cart's and the order's HTTP calls);
 * nothing otherwise, so the bundler places it. A module only one step uses stays in that step's
 * chunk, and one another page uses too stays out, so that page does not fetch the checkout's.
 */
export function checkoutSharedChunk(): (id: string, ctx: ChunkingContext) => string | null {
  let memo = new Map<string, ReadonlySet<string>>();
  let pass: ChunkingContext | null = null;
  return (id, ctx) => {
    if (ctx !== pass) {
      pass = ctx;
      memo = new Map();
    }
    const entries = [...entriesOf(id, ctx, memo)];
    return entries.length >= 2 && entries.every((entry) => CHECKOUT_ENTRY.test(entry)) ? 'checkout-shared' : null;
  };
}
