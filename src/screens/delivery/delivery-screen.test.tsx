import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, makeOrder, problems } from '../../../mocks/fixtures.ts';
import { createHandlers, on, problemResponse, routeUrl, variants } from '../../../mocks/handlers.ts';
import { startCheckout, testServices } from '../../../tests/support/checkout-over-api.ts';
import { DeliveryScreen } from './delivery-screen.tsx';

/** A Friday morning: home delivery slots fall on Saturday, Sunday and Monday. */
const NOW = new Date('2026-11-27T10:00:00Z');
const fx = makeFixtures(NOW);
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const settings = fx.siteSettings;
const homeOrder = makeOrder(NOW, fx.homeDeliveryCart);

function open(productId?: 1 | 2 | 3) {
  const run = startCheckout('/checkout/delivery-options', { productId });
  render(<DeliveryScreen checkout={run.checkout} settings={settings} now={() => NOW} />);
  return run;
}

describe('DeliveryScreen', () => {
  it('shows a spinner, then the collection dates as radios beside the order summary', async () => {
    open();
    expect(screen.getByText('Loading your order')).toBeInTheDocument();
    const group = await screen.findByRole('radiogroup', { name: 'Available dates' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choose your collection date');
    expect(group).toHaveTextContent('Tomorrow, Saturday 28 November');
    // The second day is not in stock: collection is free from 2pm.
    expect(within(group).getAllByText('Free collection from 2pm')).toHaveLength(1);
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(summary).toHaveTextContent('€500');
    expect(summary).toHaveTextContent('£676.56');
    expect(screen.getByRole('heading', { name: 'Good to know' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('saves the chosen slot, then Next goes to the details page', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put(routeUrl('deliverySlot'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ...fx.order, deliverySlot: { date: fx.slots[2]!.date, price: 0, deliveryMethodName: 'Collect from 10am' } });
      }),
    );
    const run = open();
    await userEvent.click(await screen.findByRole('radio', { name: /Monday 30 November/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(saved).toEqual([{ id: 'slot-3' }]);
    expect(screen.getByRole('radio', { name: /Monday 30 November/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(run.navigations).toEqual(['/checkout/customer-information']);
  });

  it('gives home delivery its prices, the Monday note and the remote-area note', async () => {
    server.use(on('order', () => HttpResponse.json(homeOrder)), on('deliverySlots', () => HttpResponse.json(fx.homeDeliverySlots)));
    open(1);
    const group = await screen.findByRole('radiogroup', { name: 'Available dates' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choose your delivery date');
    const [tomorrow, , monday] = within(group).getAllByRole('radio').map((r) => r.closest('label')!);
    expect(tomorrow).toHaveTextContent('£4.99');
    expect(tomorrow).toHaveTextContent('If you live in a remote area, please allow up to 48 hours for your delivery.');
    expect(monday).toHaveTextContent('Free');
    expect(monday).toHaveTextContent('Monday deliveries are sent out before the weekend');
    expect(tomorrow).not.toHaveTextContent('Monday deliveries');
  });

  it('labels the step Collection and leaves Payment out for sell-back', async () => {
    server.use(on('order', () => HttpResponse.json(makeOrder(NOW, fx.sellBackCart))));
    open(3);
    await screen.findByRole('radiogroup', { name: 'Available dates' });
    const steps = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent?.replace(/, completed$/, ''))).toEqual(['Review', 'Collection', 'Details', 'Confirmation']);
    expect(within(steps).getByText('Collection').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it("tells a sell-back shopper which branch to bring the currency to, not to bring a payment card", async () => {
    const arndale = { id: 12, isMeta: false, brand: 'tm', brandName: 'Travel Money', name: 'Manchester Arndale' };
    server.use(on('order', () => HttpResponse.json(makeOrder(NOW, fx.sellBackCart, { store: arndale }))));
    const services = testServices();
    const run = startCheckout('/checkout/delivery-options', { productId: 3, services });
    render(<DeliveryScreen checkout={run.checkout} settings={settings} now={() => NOW} />);
    const info = await screen.findByRole('region', { name: 'Good to know' });
    expect(info).toHaveTextContent("Bring the currency you're selling and photo ID (passport or driving licence) to Manchester Arndale.");
    expect(info).not.toHaveTextContent('payment card');
    const address = await within(info).findByText('Unit 12, Arndale Centre');
    expect(address.closest('address')).toHaveTextContent('Manchester Arndale');
  });

  it('keeps the payment card note for a click-and-collect order', async () => {
    open(2);
    const info = await screen.findByRole('region', { name: 'Good to know' });
    expect(info).toHaveTextContent('Bring the payment card you ordered with');
  });

  it.each([
    [18, '/'],
    [3, '/checkout/payment-unsuccessful'],
    [16, '/checkout/payment-unsuccessful'],
  ] as const)('leaves an order in state %i for %s', async (state, to) => {
    server.use(...variants.orderState(state, { fixtures: fx }));
    const run = open();
    await waitFor(() => expect(run.navigations).toEqual([to]));
  });

  it("shows the problem's title and detail when the order cannot be read, and tries again", async () => {
    server.use(...variants.problem('order', problems.server));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Available dates' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('pops up the problem when the slot cannot be saved and undoes the choice', async () => {
    server.use(on('deliverySlot', () => problemResponse({ title: 'Slot no longer available', detail: 'Please choose another date.' }, 409)));
    open();
    await userEvent.click(await screen.findByRole('radio', { name: /Saturday 28 November/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Slot no longer available' });
    expect(dialog).toHaveTextContent('Please choose another date.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Saturday 28 November/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when there are no dates', async () => {
    server.use(...variants.noSlots());
    open();
    expect(await screen.findByText('There are no dates available right now. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
