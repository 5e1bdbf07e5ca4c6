/**
 * Spec 6: 'A partner site mode changes some wording: no branch email disclaimer'. The
 * confirmation email of a click and collect order carries the disclaimer, except on the partner
 * site; a home delivery order's never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { confirmationOf } from '#domain/order-confirmation.ts';
import { orderAwaitingPayment, shopper } from '../../tests/support/commerce-fixtures.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { renderOrderConfirmationEmail } from './order-confirmation-email.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const shop = { appOrigin: 'https://shop.example', siteName: 'Travel Money Shop' };
const fees = { showBuybackGuarantee: true, showRefundGuarantee: true };

describe('the branch email disclaimer in the confirmation email', () => {
  it.each([
    { when: 'a click and collect order', productId: 2 as const, isPartner: false, shown: true },
    { when: 'a click and collect order on the partner site', productId: 2 as const, isPartner: true, shown: false },
    { when: 'a home delivery order', productId: 1 as const, isPartner: false, shown: false },
  ])('$when: shown $shown', async ({ productId, isPartner, shown }) => {
    const order = await orderAwaitingPayment(await shopper(server), productId);
    const email = renderOrderConfirmationEmail(confirmationOf(order, { ...fees, isPartner }, server.clock.now(), null), shop);
    for (const part of [email.text, email.html]) {
      if (shown) expect(part).toContain(messages.branchEmailDisclaimer);
      else expect(part).not.toContain(messages.branchEmailDisclaimer);
    }
  });
});
