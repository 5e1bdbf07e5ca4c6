/**
 * The order the report names: the provider returns with its payment id; an order id in the
 * address wins when there is one. The checkout page does not read it, so a placeholder will do.
 */
export function reportedOrderIdOf(search: string): string {
  const query = new URLSearchParams(search);
  return query.get('orderId')?.trim() || query.get('paymentId')?.trim() || 'unknown';
}
