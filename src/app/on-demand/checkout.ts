/**
 * The checkout's machines (spec 2.5-2.12, 7.5) with their I/O: the checkout of the checkout routes
 * (the payment frame is its child and does no I/O; the branch of a collection is its read) and the
 * view-cart page's 'Add new currency' form, and how the view-cart page's address is read. They load
 * when the shop first opens a checkout page (`loadPages`), not with the first page.
 */
import type { Currency } from '#domain/contract/catalogue.ts';
import { transactionTypeOf } from '#domain/products.ts';
import { viewCartRequestOf } from '#domain/view-cart-request.ts';
import { abandonCart } from '#src/api/cart.ts';
import { fetchCurrencies, fetchQuote } from '#src/api/catalogue.ts';
import { chooseDeliverySlot, createPaymentIntent, fetchCollectionBranches, fetchDeliverySlots, fetchOrder, reserveAtBranch, submitCustomerInfo, switchToCollection } from '#src/api/order.ts';
import { PAYMENT_INTENT_TIMEOUT_MS } from '#domain/delays.ts';
import { newLineMachine } from '#machines/cart/new-line.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { linesKeyOf } from '#machines/note-mix/note-mix.selectors.ts';
import { noteMixMachine } from '#machines/note-mix/note-mix.machine.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import { loadCartNotes, saveLineNotes } from '#src/api/note-mix.ts';
import { fromCallback } from 'xstate';
import type { LoadedPages } from '#machines/shop/shop.machine.ts';
import { createShopReads, fromPromise, readOf, type ShopServices } from '../actors.ts';
import { authorised } from '../authorised-calls.ts';
import { lookupAddresses } from '#src/api/places.ts';
import type { LookupAddress } from '#domain/contract/branches.ts';

export function provideCheckout(services: ShopServices) {
  return checkoutMachine.provide({
    actors: {
      loadOrder: authorised(fromPromise(({ signal }) => fetchOrder(services.api, { signal }))),
      loadDeliverySlots: authorised(fromPromise(({ signal }) => fetchDeliverySlots(services.api, { signal }))),
      saveDeliverySlot: authorised(fromPromise(({ input, signal }) => chooseDeliverySlot(services.api, input.slotId, { signal }))),
      saveCustomerInfo: authorised(fromPromise(({ input, signal }) => submitCustomerInfo(services.api, input.details, { signal }))),
      // Issue 45 part 1: a provider that has not answered within its time is taken as unavailable (a TimeoutError).
      createPaymentIntent: authorised(
        fromPromise(({ signal }) => createPaymentIntent(services.api, { signal: AbortSignal.any([signal, AbortSignal.timeout(PAYMENT_INTENT_TIMEOUT_MS)]) })),
      ),
      reserveAtBranch: authorised(fromPromise(({ signal }) => reserveAtBranch(services.api, { signal }))),
      loadCollectionBranches: authorised(fromPromise(({ signal }) => fetchCollectionBranches(services.api, { signal }))),
      switchToCollection: authorised(fromPromise(({ input, signal }) => switchToCollection(services.api, input.storeId, { signal }))),
      abandonCart: authorised(fromPromise(({ signal }) => abandonCart(services.api, { signal }))),
      storeDetails: readOf(createShopReads(services).storeDetails),
      noteMix: provideNoteMix(services),
    },
  });
}

/** The notes you want on the review step: read and saved through the API, read again as the cart's lines change. */
export function provideNoteMix(services: ShopServices) {
  return noteMixMachine.provide({
    actors: {
      loadNotes: authorised(fromPromise(({ signal }) => loadCartNotes(services.api, { signal }))),
      saveNotes: authorised(fromPromise(({ input, signal }) => saveLineNotes(services.api, input.lineId, input.choice, { signal }))),
      watchCart: fromCallback(({ sendBack, system }) => {
        const cart = systemActor(system, SYSTEM_ID.cart);
        if (cart === undefined) return undefined;
        let seen = linesKeyOf(cart.getSnapshot());
        const subscription = cart.subscribe((snapshot) => {
          const key = linesKeyOf(snapshot);
          if (key === seen) return;
          seen = key;
          sendBack({ type: 'notes.cartChanged' });
        });
        return () => subscription.unsubscribe();
      }),
    },
  });
}

/** 'Add new currency' on the view-cart page: quotes at the cart's branch and product. */
export function provideNewLine(services: ShopServices) {
  return newLineMachine.provide({
    actors: {
      fetchCurrencies: fromPromise<Currency[], Record<string, never>>(({ signal }) => fetchCurrencies(services.api, { signal })),
      fetchQuote: fromPromise(({ input, signal }) =>
        fetchQuote(services.api, { ...input, transactionType: transactionTypeOf(input.productId) }, { signal }),
      ),
    },
  });
}

/** The details form's address lookup: the addresses at a postcode, to fill the customer form. */
export function provideAddressLookup(services: ShopServices) {
  return readOf(
    authorised(fromPromise<LookupAddress[], { postcode: string }>(({ input, signal }) => lookupAddresses(services.api, input.postcode, { signal }))),
  );
}

/** What the checkout's pages bring the shop. */
export function provideCheckoutPages(services: ShopServices): LoadedPages {
  return { checkout: provideCheckout(services), newLine: provideNewLine(services), viewCartRequestOf, addressLookup: provideAddressLookup(services) };
}
