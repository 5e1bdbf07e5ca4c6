/**
 * The checkout's fixed waits: the redirect after clearing a cart or finding none (spec 4.3), and
 * the payment status retry. Apart from the order states (./order-state.ts) because the cart's
 * machine, on every page, reads the first, while the order states load with the checkout.
 */
export const REDIRECT_DELAY_MS = 1000;
export const PAYMENT_STATUS_RETRY_MS = 1000;
