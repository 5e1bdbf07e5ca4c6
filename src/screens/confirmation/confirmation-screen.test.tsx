import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#domain/contract/order.ts';
import { messages } from '#domain/messages.ts';
import { customer, makeCart, makeFixtures, makeOrder, partnerSiteSettings } from '../../../mocks/fixtures.ts';
import { createHandlers, on, variants } from '../../../mocks/handlers.ts';
import { startCheckout, testServices } from '../../../tests/support/checkout-over-api.ts';
import { ConfirmationScreen } from './confirmation-screen.tsx';

const NOW = new Date('2026-11-27T10:00:00Z');
const fx = makeFixtures(NOW);
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const homeDelivery: Order = makeOrder(NOW, makeCart(NOW, { productId: 1, lines: [{ code: 'EUR', qty: 750 }], buyBackGuarantee: true, refundGuarantee: true }), {
  state: { value: 18 },
  deliverySlot: { date: '2026-11-30', price: 4.99, deliveryMethodName: 'Next working day delivery' },
  deliveryAddress: { buildingNameNumber: '14', address1: 'Deansgate', address2: null, address3: 'Manchester', address4: null, postcode: 'M3 2BW' },
  customer,
  buyBackGuarantee: true,
  refundGuarantee: true,
});
const sellBack: Order = makeOrder(NOW, fx.sellBackCart, {
  state: { value: 18 },
  store: { id: 12, isMeta: false, brand: 'tm', brandName: 'Travel Money', name: 'Manchester Arndale' },
  deliverySlot: { date: '2026-11-28', price: 0, deliveryMethodName: 'Collect from 10am' },
  customer,
});

function open(order: Order, settings = fx.siteSettings) {
  server.use(on('order', () => HttpResponse.json(order)));
  const services = testServices();
  const run = startCheckout('/checkout/order-confirmation', { services });
  const print = vi.fn();
  render(
    <ConfirmationScreen
      checkout={run.checkout}
      settings={settings}
      now={() => NOW}
      print={print}
    />,
  );
  return Object.assign(run, { print });
}

describe('ConfirmationScreen', () => {
  it('shows the reference, today, the lines, the Buyback fee, the total and a print button', async () => {
    const { print } = open(fx.completedOrder);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order Confirmation');
    expect(await screen.findByText('TM-100042')).toBeInTheDocument();
    expect(screen.getByText('27 November 2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Order summary' });
    expect(within(table).getByRole('rowheader', { name: /EUR/ }).closest('tr')).toHaveTextContent('€500');
    expect(within(table).getByRole('rowheader', { name: 'Buyback Guarantee' }).closest('tr')).toHaveTextContent('£4.00');
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent(`£${fx.completedOrder.total.toFixed(2)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Print this page' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('leaves the fee lines out when the guarantee settings are off', async () => {
    open(fx.completedOrder, { ...fx.siteSettings, showBuybackGuarantee: false, showRefundGuarantee: false });
    await screen.findByText('TM-100042');
    expect(screen.queryByText('Buyback Guarantee')).not.toBeInTheDocument();
  });

  it("gives a collection the branch, its address and opening times, and the customer's details", async () => {
    open(fx.completedOrder);
    const collection = await screen.findByRole('region', { name: 'Collection details' });
    expect(collection).toHaveTextContent('Manchester Arndale');
    expect(await within(collection).findByText('Unit 12, Arndale Centre')).toBeInTheDocument();
    expect(within(collection).getByRole('rowheader', { name: 'Thursday' }).closest('tr')).toHaveTextContent('09:00 - 19:00');
    expect(collection).toHaveTextContent('Closed on bank holidays.');
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(details).toHaveTextContent("Jane O'Connor");
    expect(details).toHaveTextContent('jane.oconnor@example.co.uk');
    expect(details).toHaveTextContent('M3 2BW');
  });

  it('gives a home delivery its date, method, address, both fees and the delivery charge', async () => {
    open(homeDelivery);
    const delivery = await screen.findByRole('region', { name: 'Delivery details' });
    expect(delivery).toHaveTextContent('Monday 30 November 2026');
    expect(delivery).toHaveTextContent('Next working day delivery');
    // The house number and the street share a line.
    expect(within(delivery).getByText('14 Deansgate')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Opening times' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Order summary' });
    expect(within(table).getByRole('rowheader', { name: 'Refund Guarantee' }).closest('tr')).toHaveTextContent('£3.00');
    expect(within(table).getByRole('rowheader', { name: 'Next working day delivery' }).closest('tr')).toHaveTextContent('£4.99');
  });

  it("says 'Total you'll receive' for sell-back and shows the step bar without Payment", async () => {
    open(sellBack, fx.siteSettings);
    await screen.findByText('TM-100042');
    expect(screen.getByRole('columnheader', { name: 'You will receive' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: "Total you'll receive" })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(steps).not.toHaveTextContent('Payment');
    expect(within(steps).getByText('Confirmation').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it("joins the customer's house number and street on one line", async () => {
    open(fx.completedOrder);
    const details = await screen.findByRole('region', { name: 'Your details' });
    const lines = [...details.querySelectorAll('address span')].map((line) => line.textContent);
    expect(lines[0]).toBe(`${customer.address.houseNameNumber} ${customer.address.addressLine1}`);
  });

  it('says what happens next for a collection: when and where, and what ID to bring', async () => {
    open(fx.completedOrder);
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent(/Collect your currency from Manchester Arndale on \w+day \d+ \w+ 2026\./);
    expect(next).toHaveTextContent('photo ID (driving licence, passport or national ID card)');
  });

  it('asks a collection that needs additional identification for proof of address too, and one that does not, not', async () => {
    open({ ...fx.completedOrder, identificationRequired: true });
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent(messages.nextProofOfAddress);
    cleanup();
    open({ ...fx.completedOrder, identificationRequired: false });
    expect(await screen.findByRole('region', { name: 'What happens next' })).not.toHaveTextContent(messages.nextProofOfAddress);
  });

  it('asks a sell-back that needs additional identification for proof of address too', async () => {
    open({ ...sellBack, identificationRequired: true });
    expect(await screen.findByRole('region', { name: 'What happens next' })).toHaveTextContent(messages.nextProofOfAddress);
  });

  it('says when a home delivery arrives', async () => {
    open(homeDelivery);
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('Your currency arrives on Monday 30 November 2026 (Next working day delivery).');
    expect(next).not.toHaveTextContent('Collect');
  });

  it('tells a sell-back shopper where to bring the currency', async () => {
    open(sellBack);
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent("Bring the currency you're selling to Manchester Arndale on Saturday 28 November 2026.");
    expect(next).not.toHaveTextContent('payment card');
  });

  it("offers 'Back to the shop' besides the close button", async () => {
    const run = open(fx.completedOrder);
    await screen.findByText('TM-100042');
    const back = screen.getByRole('link', { name: 'Back to the shop' });
    expect(back).toHaveAttribute('href', '/');
    await userEvent.click(back);
    expect(run.navigations).toEqual(['/']);
  });

  it('closes with a link to / and shows no countdown', async () => {
    const run = open(fx.completedOrder);
    await screen.findByText('TM-100042');
    const close = screen.getByRole('link', { name: 'Close checkout' });
    expect(close).toHaveAttribute('href', '/');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await userEvent.click(close);
    expect(run.navigations).toEqual(['/']);
  });

  it('announces the confirmation step and the confirmed order once', async () => {
    const run = open(fx.completedOrder);
    await screen.findByText('TM-100042');
    expect(run.steps).toEqual(['confirmation']);
    expect(run.confirmedOrders).toBe(1);
  });

  describe("today's date is the shop's (London) date, whatever the browser's time zone", () => {
    const browserZone = process.env.TZ;
    afterEach(() => {
      if (browserZone === undefined) delete process.env.TZ;
      else process.env.TZ = browserZone;
    });
    it.each([
      { zone: 'America/New_York', now: '2026-11-24T00:30:00Z', today: '24 November 2026' },
      { zone: 'America/New_York', now: '2026-11-23T23:30:00Z', today: '23 November 2026' },
      { zone: 'America/New_York', now: '2026-06-30T23:30:00Z', today: '1 July 2026' },
      { zone: 'Europe/Paris', now: '2026-11-24T00:30:00Z', today: '24 November 2026' },
      { zone: 'Asia/Tokyo', now: '2026-11-23T16:00:00Z', today: '23 November 2026' },
    ])('at $now in $zone the date reads $today', async ({ zone, now, today }) => {
      process.env.TZ = zone;
      server.use(on('order', () => HttpResponse.json(fx.completedOrder)));
      const run = startCheckout('/checkout/order-confirmation', { services: testServices() });
      render(<ConfirmationScreen checkout={run.checkout} settings={fx.siteSettings} now={() => new Date(now)} />);
      await screen.findByText('TM-100042');
      expect(screen.getByText(today)).toBeInTheDocument();
    });
  });

  // Spec 6: 'A partner site mode changes some wording: no branch email disclaimer'.
  describe('the branch email disclaimer', () => {
    it.each([
      { when: 'a click and collect order', order: () => fx.completedOrder, settings: fx.siteSettings, shown: true },
      { when: 'a click and collect order on the partner site', order: () => fx.completedOrder, settings: partnerSiteSettings, shown: false },
      { when: 'a home delivery order', order: () => homeDelivery, settings: fx.siteSettings, shown: false },
      { when: 'a sell-back order', order: () => sellBack, settings: fx.siteSettings, shown: false },
    ])('$when: shown $shown', async ({ order, settings, shown }) => {
      open(order(), settings);
      const fulfilment = await screen.findByRole('region', { name: order().product.id === 1 ? messages.deliveryDetails : messages.collectionDetails });
      await screen.findByText('TM-100042');
      if (shown) expect(within(fulfilment).getByText(messages.branchEmailDisclaimer)).toBeInTheDocument();
      else expect(screen.queryByText(messages.branchEmailDisclaimer)).not.toBeInTheDocument();
    });
  });

  it("shows the problem's title and detail when the order cannot be read", async () => {
    server.use(...variants.problem('order'));
    const run = startCheckout('/checkout/order-confirmation');
    render(<ConfirmationScreen checkout={run.checkout} settings={fx.siteSettings} now={() => NOW} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
