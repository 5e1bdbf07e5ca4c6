/**
 * Manage my order's machine (ours: no session, the order's own access key) with its I/O: it loads
 * when the shop first opens the page (`loadPages`).
 */
import { cancelOrder, changeCollectionDate, findOrder } from '#src/api/manage-order.ts';
import { manageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { fromPromise, type ShopServices } from '../actors.ts';

export function provideManageOrder(services: ShopServices) {
  return manageOrderMachine.provide({
    actors: {
      findOrder: fromPromise(({ input, signal }) => findOrder(services.api, input, { signal })),
      cancelOrder: fromPromise(({ input, signal }) => cancelOrder(services.api, input.access, { signal })),
      changeCollectionDate: fromPromise(({ input, signal }) => changeCollectionDate(services.api, input.access, input.slotId, { signal })),
    },
  });
}
