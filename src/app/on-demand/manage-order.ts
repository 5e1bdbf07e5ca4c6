/**
 * Manage my order's actor (ours): no session, the order's own access key. Its machine and its I/O
 * load with its screen.
 */
import { cancelOrder, changeCollectionDate, findOrder } from '#src/api/manage-order.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { manageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { fromPromise, type ShopServices } from '../actors.ts';
import { useShopServices, useSiteSettings } from '../providers.tsx';
import { usePageActor, type PageActors } from '../use-machines.ts';
import { providedOnce } from './provided.ts';

export function provideManageOrder(services: ShopServices) {
  return manageOrderMachine.provide({
    actors: {
      findOrder: fromPromise(({ input, signal }) => findOrder(services.api, input, { signal })),
      cancelOrder: fromPromise(({ input, signal }) => cancelOrder(services.api, input.access, { signal })),
      changeCollectionDate: fromPromise(({ input, signal }) => changeCollectionDate(services.api, input.access, input.slotId, { signal })),
    },
  });
}

const manageOrderOf = providedOnce(provideManageOrder);

export type ManageOrderActorRef = PageActors['manageOrder'];

/** The manage my order page's actor, and the site's fee lines for the order it shows. */
export function useManageOrderPage(): { manageOrder: ManageOrderActorRef; settings: SiteSettings } {
  const services = useShopServices();
  return { manageOrder: usePageActor({ page: 'manageOrder', logic: manageOrderOf(services) }), settings: useSiteSettings() };
}
