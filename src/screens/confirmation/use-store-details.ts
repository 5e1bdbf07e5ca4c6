import type { PromiseActorLogic } from 'xstate';
import { usePromiseActorFor } from '../checkout-shared/use-promise-actor.ts';
import type { StoreDetails } from '#domain/order-confirmation.ts';

/** GET the branch's address and opening times; supplied by the composition root. */
export type StoreDetailsLogic = PromiseActorLogic<StoreDetails, { storeId: number }>;

/**
 * The branch details for the confirmation, read once a branch is known: null while on their way,
 * 'failed' when they could not be read (the page then shows the branch by name only).
 */
export function useStoreDetails(logic: StoreDetailsLogic | undefined, storeId: number | null): StoreDetails | 'failed' | null {
  const state = usePromiseActorFor(logic, storeId === null ? null : { storeId }, storeId);
  if (state.status === 'done') return state.output;
  if (state.status === 'failed') return 'failed';
  return null;
}
