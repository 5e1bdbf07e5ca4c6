import { useSelector } from '@xstate/react';
import { selectRead } from '#machines/read/read.machine.ts';
import type { StoreDetails } from '#domain/order-confirmation.ts';
import type { CheckoutActorRef } from '../checkout-shared/use-checkout.ts';

/**
 * The branch details of the order's branch, which the checkout reads when its page shows them
 * (a collection's confirmation, a sell-back's collection page): null while on their way or not
 * read, 'failed' when they could not be read (the page then shows the branch by name only).
 */
export function useStoreDetails(checkout: CheckoutActorRef): StoreDetails | 'failed' | null {
  const read = useSelector(checkout, (s) => s.children.storeDetails);
  return useSelector(read, (snapshot) => {
    if (snapshot === undefined) return null;
    const state = selectRead(snapshot);
    if (state.status === 'done') return state.output;
    return state.status === 'failed' ? 'failed' : null;
  });
}
