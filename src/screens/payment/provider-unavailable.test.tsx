/** The payment page when the card provider is unavailable (issue 45 part 1), over the checkout chart and a mocked API. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, on, problemResponse } from '../../../mocks/handlers.ts';
import { startCheckout } from '../../../tests/support/checkout-over-api.ts';
import { PaymentScreen } from './payment-screen.tsx';

const fx = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const providerDown = on('createPaymentIntent', () =>
  problemResponse({ type: 'payment-provider-unavailable', title: 'Card payments are not working right now', detail: 'Please try again in a few minutes.' }, 503),
);

function open() {
  const run = startCheckout('/checkout/payment');
  render(<PaymentScreen checkout={run.checkout} settings={fx.siteSettings} />);
  return run;
}

describe('PaymentScreen when the card provider is unavailable', () => {
  it('offers a collection "Reserve now, pay at the branch"; reserved, it goes to the confirmation', async () => {
    let reserved = 0;
    const orderNow = () => ({ ...fx.order, state: { value: reserved > 0 ? 5 : 3 } });
    server.use(
      on('order', () => HttpResponse.json(orderNow())),
      providerDown,
      on('reserveAtBranch', () => {
        reserved += 1;
        return HttpResponse.json(orderNow());
      }),
    );
    const run = open();
    const reserve = await screen.findByRole('button', { name: messages.reserveAtBranch });
    expect(screen.getByText(messages.providerUnavailableTitle)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.providerUnavailableTryAgain })).toBeEnabled();
    expect(screen.queryByTitle(messages.paymentFrameTitle)).not.toBeInTheDocument();
    await userEvent.click(reserve);
    await waitFor(() => expect(run.navigations).toEqual(['/checkout/order-confirmation']));
    expect(reserved).toBe(1);
  });

  it('a home delivery is offered a branch instead or the card again, and the card page comes back when the provider answers', async () => {
    server.use(
      on('order', () => HttpResponse.json({ ...fx.order, state: { value: 3 }, ClickAndCollect: false, product: { id: 1, name: 'Home delivery' } })),
      providerDown,
    );
    open();
    const again = await screen.findByRole('button', { name: messages.providerUnavailableTryAgain });
    expect(screen.getByText(messages.switchToCollectionOffer)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.switchToCollection })).toBeEnabled();
    expect(screen.queryByRole('button', { name: messages.reserveAtBranch })).not.toBeInTheDocument();
    server.use(on('createPaymentIntent', () => HttpResponse.json({ url: fx.paymentUrl }, { status: 201, headers: { Location: fx.paymentUrl } })));
    await userEvent.click(again);
    expect(await screen.findByTitle(messages.paymentFrameTitle)).toBeInTheDocument();
  });

  it('a home delivery collected from a branch instead: the branches that hold its currency, nearest first; one chosen moves the order there and on to its collection date', async () => {
    let switchedTo: unknown = null;
    const homeDelivery = { ...fx.order, state: { value: 3 }, ClickAndCollect: false, product: { id: 1, name: 'Home delivery' } };
    const collection = { ...fx.order, state: { value: 0 }, product: { id: 2, name: 'Click and collect' }, deliverySlot: null };
    server.use(
      on('order', () => HttpResponse.json(switchedTo === null ? homeDelivery : collection)),
      providerDown,
      on('switchToCollection', async ({ request }) => {
        switchedTo = ((await request.json()) as { storeId: number }).storeId;
        return HttpResponse.json(collection);
      }),
    );
    const run = open();
    await userEvent.click(await screen.findByRole('button', { name: messages.switchToCollection }));
    const list = await screen.findByRole('radiogroup', { name: messages.collectionBranchesLabel });
    const [first, second] = fx.collectionBranches.items;
    expect(screen.getByRole('heading', { name: messages.collectionBranchesTitle })).toBeInTheDocument();
    expect(list).toHaveTextContent(`0.4 miles from M3 2BW`);
    expect(list).toHaveTextContent(`Your order there: £${first!.total.toFixed(2)} (no delivery charge)`);
    // Nothing is moved until a branch is chosen; Back returns to the offer.
    expect(screen.getByRole('button', { name: messages.collectFromBranch })).toBeDisabled();
    // Focus follows: to the list's heading as it replaces the button, back to the button on Back.
    await waitFor(() => expect(screen.getByRole('heading', { name: messages.collectionBranchesTitle })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: messages.backToPaymentOptions }));
    await waitFor(() => expect(screen.getByRole('button', { name: messages.switchToCollection })).toHaveFocus());
    await userEvent.click(await screen.findByRole('button', { name: messages.switchToCollection }));
    await userEvent.click(await screen.findByRole('radio', { name: new RegExp(second!.name) }));
    await userEvent.click(screen.getByRole('button', { name: messages.collectFromBranch }));
    await waitFor(() => expect(run.navigations).toEqual(['/checkout/delivery-options']));
    expect(switchedTo).toBe(second!.storeId);
    expect(first!.storeId).not.toBe(second!.storeId);
  });

  it('no branch holds all of the currency: says so, and Back returns to the card', async () => {
    server.use(
      on('order', () => HttpResponse.json({ ...fx.order, state: { value: 3 }, ClickAndCollect: false, product: { id: 1, name: 'Home delivery' } })),
      providerDown,
      on('collectionBranches', () => HttpResponse.json({ near: null, items: [] })),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: messages.switchToCollection }));
    expect(await screen.findByText(messages.noCollectionBranches)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.backToPaymentOptions }));
    expect(await screen.findByRole('button', { name: messages.providerUnavailableTryAgain })).toBeEnabled();
  });
});
