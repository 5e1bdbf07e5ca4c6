/**
 * The checkout's fixed waits: the redirect after clearing a cart or finding none (spec 4.3), and
 * the payment status retry. Apart from the order states (./order-state.ts) because the cart's
 * machine, on every page, reads the first, while the order states load with the checkout.
 */
export const REDIRECT_DELAY_MS = 1000;
export const PAYMENT_STATUS_RETRY_MS = 1000;

/**
 * Issue 45 part 1: how long the provider's card page has to report itself loaded (its first size
 * message) before the checkout takes the provider as unavailable, and how long creating the
 * payment intent may take before the same.
 */
export const CARD_PAGE_LOAD_DELAY_MS = 15_000;
export const PAYMENT_INTENT_TIMEOUT_MS = 15_000;
