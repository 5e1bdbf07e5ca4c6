import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { checkoutSharedChunk } from './chunk-groups.ts';

const ROOT = '/shop';
const REVIEW = `${ROOT}/src/screens/view-cart/view-cart-screen.tsx`;
const DELIVERY = `${ROOT}/src/screens/delivery/delivery-screen.tsx`;
const CHECKOUT_MACHINES = `${ROOT}/src/app/on-demand/checkout.ts`;
const CHART = `${ROOT}/src/screens/chart/chart-screen.tsx`;
const MAIN = `${ROOT}/src/main.tsx`;

/** A module graph: each module with the modules it imports statically, and the dynamic entries. */
function graph(imports: Record<string, string[]>, dynamicEntries: string[], entry = MAIN): ChunkingContext {
  const importers = new Map<string, string[]>();
  for (const [importer, imported] of Object.entries(imports)) for (const id of imported) importers.set(id, [...(importers.get(id) ?? []), importer]);
  return {
    getModuleInfo: (id) =>
      ({
        id,
        isEntry: id === entry,
        importers: importers.get(id) ?? [],
        dynamicImporters: dynamicEntries.includes(id) ? [entry] : [],
      }) as unknown as ModuleInfo,
  };
}

describe("the checkout steps' shared chunk", () => {
  const ctx = graph(
    {
      [REVIEW]: [`${ROOT}/src/screens/checkout-shared/page-status.tsx`, `${ROOT}/src/ui/text-input.tsx`, `${ROOT}/src/screens/view-cart/line.tsx`],
      [DELIVERY]: [`${ROOT}/src/screens/checkout-shared/page-status.tsx`],
      [CHECKOUT_MACHINES]: [`${ROOT}/src/api/order.ts`],
      [`${ROOT}/src/screens/checkout-shared/page-status.tsx`]: [`${ROOT}/src/screens/checkout-shared/more-time.tsx`, `${ROOT}/src/api/order.ts`],
      [`${ROOT}/src/screens/checkout-shared/more-time.tsx`]: [`${ROOT}/src/screens/checkout-shared/page-status.tsx`],
      [CHART]: [`${ROOT}/src/ui/text-input.tsx`],
      [MAIN]: [`${ROOT}/src/ui/button.tsx`],
      [`${ROOT}/src/ui/button.tsx`]: [],
    },
    [REVIEW, DELIVERY, CHECKOUT_MACHINES, CHART],
  );

  it.each([
    ['a module two steps import', `${ROOT}/src/screens/checkout-shared/page-status.tsx`, 'checkout-shared'],
    ['what that module imports, through an import cycle', `${ROOT}/src/screens/checkout-shared/more-time.tsx`, 'checkout-shared'],
    ["a module a step and the checkout's machines import", `${ROOT}/src/api/order.ts`, 'checkout-shared'],
    ['a module one step imports: it stays with that step', `${ROOT}/src/screens/view-cart/line.tsx`, null],
    ['a module a step and the chart page import: the chart does not fetch the checkout', `${ROOT}/src/ui/text-input.tsx`, null],
    ["a module of the app's first chunk", `${ROOT}/src/ui/button.tsx`, null],
    ['a step itself', REVIEW, null],
  ])('%s', (_, id, chunk) => {
    expect(checkoutSharedChunk()(id, ctx)).toBe(chunk);
  });

  it('reads each chunking pass afresh', () => {
    const name = checkoutSharedChunk();
    const page = `${ROOT}/src/screens/checkout-shared/page-status.tsx`;
    expect(name(page, ctx)).toBe('checkout-shared');
    const later = graph({ [REVIEW]: [page], [CHART]: [page] }, [REVIEW, CHART]);
    expect(name(page, later)).toBeNull();
  });
});
