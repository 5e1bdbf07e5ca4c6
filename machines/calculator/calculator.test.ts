import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { problemOf } from '#domain/problem.ts';
import { systemWithRecorders } from '../../tests/support/system-recorder.ts';
import type { Store } from '#domain/contract/branches.ts';
import { makeStore, stores } from '../../tests/support/branch-fixtures.ts';
import { bankHolidaysAt } from '../../tests/support/bank-holidays.ts';
import { dayOfWeek, plusDays } from '#domain/cut-off.ts';
import type { OpeningTimes } from '#domain/contract/branches.ts';
import { catalogue, deliveryCentre, quoteFor, settings as baseSettings } from '../../tests/support/calculator-fixtures.ts';
import type { Place } from '#domain/contract/branches.ts';
import { branchFinderMachine, type NearbyResult } from '../branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from './calculator.machine.ts';
import { selectAddToCartLink, selectAmounts, selectBranchFinderRef, selectCurrencyNotice, selectCurrencyOptions, selectProductOptions, selectRestrictions, selectTabs } from './calculator.selectors.ts';
import type { AddToCartInput, CalculatorInput, CalculatorSettings, FetchQuoteInput, LoadCalculatorInput } from './calculator.types.ts';
import { selectCutOff } from './calculator-cut-off.ts';

type TestInput = Partial<Omit<CalculatorInput, 'settings'>> & {
  settings?: Partial<CalculatorSettings>;
  /** The shop's clock starts here (epoch ms) and runs on the simulated clock. */
  startAt?: number;
};

function startCalculator(
  input: TestInput = {},
  fakes: {
    quote?: (i: FetchQuoteInput) => Promise<ReturnType<typeof quoteFor>>;
    load?: (i: LoadCalculatorInput) => Promise<ReturnType<typeof catalogue>>;
    /** Whether loading the branch chooser's machine fails this time. */
    finderLoads?: () => boolean;
  } = {},
) {
  const clock = new SimulatedClock();
  const api = {
    load: vi.fn(fakes.load ?? (async (i: LoadCalculatorInput) => catalogue(i.storeId ?? 1))),
    quote: vi.fn(fakes.quote ?? (async (i: FetchQuoteInput) => quoteFor(i.storeId))),
    add: vi.fn(async (_i: AddToCartInput): Promise<void> => {}),
  };
  const finder = branchFinderMachine.provide({
    actors: {
      searchPlaces: fromPromise(async (): Promise<Place[]> => []),
      geolocate: fromPromise(async () => ({ latitude: 53.8, longitude: -1.55 })),
      findNearby: fromPromise(async (): Promise<NearbyResult> => ({ kind: 'stores', stores: [...stores(3), makeStore(12)] })),
    },
  });
  const machine = calculatorMachine.provide({
    actors: {
      loadCalculator: fromPromise(({ input: i }) => api.load(i)),
      fetchQuote: fromPromise(({ input: i }) => api.quote(i)),
      // The branch chooser's machine, as the app loads it when the chooser first opens.
      loadBranchFinder: fromPromise(async () => {
        if (fakes.finderLoads?.()) throw new TypeError('Failed to fetch dynamically imported module');
        return finder;
      }),
    },
  });
  const emitted: AnyEventObject[] = [];
  // What it tells the other actors of the shop lands in `emitted` too.
  // The cart answers add to cart as the shop's cart does: saved, or refused with the server's problem.
  const parent = systemWithRecorders(['session', 'cart'], emitted as AnyEventObject[], clock, {
    cart: (event) =>
      event.type === 'cart.lineAdded'
        ? api.add(event.line as AddToCartInput).then(
            () => ({ type: 'cart.lineSaved' }),
            (error: unknown) => ({ type: 'cart.lineRefused', problem: problemOf(error) }),
          )
        : undefined,
  });
  const actor = createActor(machine, {
    clock,
    parent,
    input: {
      siteId: 1,
      host: 'https://shop.example',
      affiliateCode: 'AFF',
      ...input,
      ...(input.startAt === undefined ? {} : { now: () => (input.startAt ?? 0) + clock.now() }),
      settings: { ...baseSettings, ...input.settings },
    },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const settled = () => waitFor(actor, (s) => s.matches('failed') || (s.matches('ready') && !s.hasTag('quoteLoading') && !s.hasTag('adding')));
  const type = (picker: 'gbp' | 'foreign' | 'sellBack', text: string, key = text.at(-1) ?? '') => actor.send({ type: 'amount.typed', picker, text, key });
  return { actor, clock, api, emitted, settled, type };
}

const amounts = (a: { getSnapshot(): Parameters<typeof selectAmounts>[0] }) => selectAmounts(a.getSnapshot());

describe('starting (spec 2.1, 4.2, 4.4, 4.5)', () => {
  it('opens on buying, click and collect, the default currency and £1000', async () => {
    const { actor, api, emitted, settled } = startCalculator();
    await settled();
    const { context } = actor.getSnapshot();
    expect([context.transactionType, context.productId, context.currencyCode]).toEqual(['sell', 2, 'EUR']);
    expect(api.load).toHaveBeenCalledWith({ siteId: 1, storeId: null });
    expect(api.quote).toHaveBeenCalledWith({ siteId: 1, storeId: 1, productId: 2, currencyCode: 'EUR', affiliateCode: 'AFF', signInReturn: false });
    expect(amounts(actor)).toMatchObject({ gbpMinor: 100_000, foreignMinor: 120_000, rate: 1.2 });
    expect(emitted).toEqual([{ type: 'session.profileRequested', signInReturn: false }]);
  });

  it.each<[TestInput]>([[{ settings: { pageType: 'sell-travel-money' } }], [{ settings: { sellCurrency: true } }]])(
    'opens on selling back with %o, at 250 foreign units',
    async (input) => {
      const { actor, settled } = startCalculator(input);
      await settled();
      expect([actor.getSnapshot().context.transactionType, actor.getSnapshot().context.productId]).toEqual(['buy', 3]);
      expect(amounts(actor).foreignMinor).toBe(25_000);
    },
  );

  it("takes an existing cart's type, product, branch and currency", async () => {
    const { actor, api, settled } = startCalculator({ cart: { productId: 1, storeId: 12, currencyCode: 'USD' } });
    await settled();
    expect(api.load).toHaveBeenCalledWith({ siteId: 1, storeId: 12 });
    expect(api.quote).toHaveBeenCalledWith(expect.objectContaining({ storeId: 12, productId: 1, currencyCode: 'USD' }));
    expect(selectProductOptions(actor.getSnapshot()).disabled).toBe(true);
  });

  it("takes the branch of a cart read after it loaded: the branch is loaded and quotes are there", async () => {
    const { actor, api, settled } = startCalculator();
    await settled();
    actor.send({ type: 'cart.updated', cart: { productId: 1, storeId: 12, currencyCode: 'EUR' } });
    await settled();
    expect(api.load).toHaveBeenLastCalledWith({ siteId: 1, storeId: 12 });
    expect(actor.getSnapshot().context.store?.id).toBe(12);
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12, productId: 1, currencyCode: 'EUR' }));
    expect(selectProductOptions(actor.getSnapshot()).disabled).toBe(true);
  });

  it('takes the branch of a cart read while it loads', async () => {
    const { actor, api, settled } = startCalculator();
    actor.send({ type: 'cart.updated', cart: { productId: 2, storeId: 12, currencyCode: 'EUR' } });
    await settled();
    expect(api.load.mock.calls).toEqual([[{ siteId: 1, storeId: null }], [{ siteId: 1, storeId: 12 }]]);
    expect(actor.getSnapshot().context.store?.id).toBe(12);
    expect(api.quote.mock.calls.map(([i]) => i.storeId)).toEqual([12]);
  });

  it("loads nothing again for a cart at the calculator's branch", async () => {
    const { actor, api, settled } = startCalculator();
    await settled();
    actor.send({ type: 'cart.updated', cart: { productId: 2, storeId: 1, currencyCode: 'EUR' } });
    await settled();
    expect(api.load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.store?.id).toBe(1);
  });

  it('preselects the branch of store_id', async () => {
    const { api, settled } = startCalculator({ storeId: 12 });
    await settled();
    expect(api.load).toHaveBeenCalledWith({ siteId: 1, storeId: 12 });
  });

  it('removes signedIn after the loyalty sign-in and shows a toast, and asks its quotes with the session (its token may not say so yet)', async () => {
    const { actor, emitted, settled, api } = startCalculator({ signedIn: true });
    await settled();
    expect(api.quote).toHaveBeenCalledWith(expect.objectContaining({ signInReturn: true }));
    expect(emitted).toEqual([{ type: 'session.profileRequested', signInReturn: true }, { type: 'queryParam.removed', name: 'signedIn' }]);
    expect(actor.getSnapshot().context.toast).toBe("You're signed in!");
    actor.send({ type: 'toast.dismissed' });
    expect(actor.getSnapshot().context.toast).toBeNull();
  });

  it('can be retried when its catalogue cannot be loaded', async () => {
    let attempts = 0;
    const { actor, settled } = startCalculator({}, {
      load: async (i) => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : catalogue(i.storeId ?? 1)),
    });
    await settled();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'calculator.retried' });
    await settled();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(attempts).toBe(2);
  });
});

describe('tabs and products (spec 2.1, 4.2, 4.5)', () => {
  it('shows the sell tab only with enableSelling', async () => {
    const off = startCalculator({ settings: { enableSelling: false } });
    await off.settled();
    expect(selectTabs(off.actor.getSnapshot())).toEqual(['sell']);
    off.actor.send({ type: 'transactionType.changed', transactionType: 'buy' });
    expect(off.actor.getSnapshot().context.transactionType).toBe('sell');
    const on = startCalculator();
    await on.settled();
    expect(selectTabs(on.actor.getSnapshot())).toEqual(['sell', 'buy']);
  });

  it('changing the tab clears the quote, picks its default product and resets the amount', async () => {
    const { actor, api, emitted, settled } = startCalculator();
    await settled();
    actor.send({ type: 'transactionType.changed', transactionType: 'buy' });
    expect(actor.getSnapshot().context.quote).toBeNull();
    await settled();
    expect(actor.getSnapshot().context.productId).toBe(3);
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ productId: 3 }));
    expect(amounts(actor).foreignMinor).toBe(25_000);
    expect(emitted).not.toContainEqual({ type: 'cart.abandonRequested' });
    actor.send({ type: 'transactionType.changed', transactionType: 'sell' });
    await settled();
    expect([actor.getSnapshot().context.productId, amounts(actor).gbpMinor]).toEqual([2, 100_000]);
  });

  it('abandons the cart when the tab is used', async () => {
    const { actor, emitted, settled } = startCalculator({ cart: { productId: 2, storeId: 1, currencyCode: 'EUR' } });
    await settled();
    actor.send({ type: 'transactionType.changed', transactionType: 'buy' });
    expect(emitted).toContainEqual({ type: 'cart.abandonRequested' });
    expect(selectProductOptions(actor.getSnapshot()).disabled).toBe(false);
  });

  it('fetches a quote on a product change, and locks the radios once a cart exists', async () => {
    const { actor, api, settled } = startCalculator();
    await settled();
    actor.send({ type: 'product.changed', productId: 1 });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ productId: 1 }));
    expect(amounts(actor).gbpMinor).toBe(100_000);
    actor.send({ type: 'cart.updated', cart: { productId: 1, storeId: 1, currencyCode: 'EUR' } });
    actor.send({ type: 'product.changed', productId: 2 });
    expect(actor.getSnapshot().context.productId).toBe(1);
    expect(selectProductOptions(actor.getSnapshot())).toMatchObject({ disabled: true, products: [{ id: 1 }, { id: 2 }] });
  });
});

describe('currencies (spec 2.1, 4.5, 8)', () => {
  it("searches by code or plural name, with 'No results found'", async () => {
    const { actor, settled } = startCalculator();
    await settled();
    actor.send({ type: 'currency.searched', text: 'dollar' });
    expect(selectCurrencyOptions(actor.getSnapshot()).currencies.map((c) => c.code)).toEqual(['USD']);
    actor.send({ type: 'currency.searched', text: 'yen' });
    expect(selectCurrencyOptions(actor.getSnapshot()).noResults).toBe('No results found');
  });

  it('fetches a quote on a currency change and resets the amount', async () => {
    const { actor, api, settled, type, clock } = startCalculator();
    await settled();
    type('gbp', '500');
    clock.increment(500);
    actor.send({ type: 'currency.changed', currencyCode: 'USD' });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ currencyCode: 'USD' }));
    expect(amounts(actor).gbpMinor).toBe(100_000);
    expect(selectRestrictions(actor.getSnapshot())).toEqual(['Only $20 notes and above']);
  });

  it.each([
    ['sell', 'TRY', "Oh snap! We don't have any Turkish Lira right now - check back soon!"],
    ['buy', 'THB', "Oh snap! We can't buy Thai Baht right now - check back soon!"],
  ] as const)('on the %s type, %s reads %s and gets no quote', async (transactionType, code, notice) => {
    const { actor, api, settled } = startCalculator();
    await settled();
    actor.send({ type: 'transactionType.changed', transactionType });
    await settled();
    const calls = api.quote.mock.calls.length;
    actor.send({ type: 'currency.changed', currencyCode: code });
    expect(actor.getSnapshot().hasTag('currencyUnavailable')).toBe(true);
    expect(selectCurrencyNotice(actor.getSnapshot())).toBe(notice);
    expect(api.quote).toHaveBeenCalledTimes(calls);
    actor.send({ type: 'cart.addRequested' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(false);
  });

  it("shows the server's message when the quote fails", async () => {
    const { actor, settled } = startCalculator({}, { quote: () => Promise.reject({ title: 'No rate', detail: 'No rate for EUR here', status: 404 }) });
    await settled();
    expect(actor.getSnapshot().hasTag('quoteFailed')).toBe(true);
    expect(actor.getSnapshot().context.quoteError).toBe('No rate for EUR here');
  });
});

describe('amounts (spec 5.1)', () => {
  it('waits 500 ms after the last key, and Tab is not a key', async () => {
    const { actor, clock, settled, type } = startCalculator();
    await settled();
    type('gbp', '2');
    clock.increment(300);
    type('gbp', '20');
    clock.increment(300);
    type('gbp', '200');
    clock.increment(400);
    actor.send({ type: 'amount.typed', picker: 'gbp', text: '200', key: 'Tab' });
    clock.increment(99);
    expect(amounts(actor)).toMatchObject({ gbpMinor: 100_000, typed: { picker: 'gbp', text: '200' } });
    clock.increment(1);
    expect(amounts(actor)).toMatchObject({ gbpMinor: 20_000, foreignMinor: 24_000, typed: null });
  });

  it('takes at most 4 characters in the buy amount', async () => {
    const { clock, settled, type, actor } = startCalculator();
    await settled();
    type('gbp', '12345');
    expect(amounts(actor).typed?.text).toBe('1234');
    clock.increment(500);
    // £1234 buys €1480.80, rounded up to €1485 at £1237.50.
    expect(amounts(actor).gbpMinor).toBe(123_750);
  });

  it.each([
    ['gbp', '1500', 1000, 100_000, 'Maximum order value is £1,000'],
    ['foreign', '2000', 1000, 100_000, 'Maximum order value is £1,000'],
    ['foreign', '600', 1000, 50_000, null],
  ] as const)('caps %s %s at the £%i maximum', async (picker, text, max, gbpMinor, error) => {
    const { clock, settled, type, actor } = startCalculator({ settings: { maxOrderValue: max } });
    await settled();
    type(picker, text);
    clock.increment(500);
    expect(amounts(actor)).toMatchObject({ gbpMinor, error });
  });

  it.each([
    ['foreign', '9000'],
    ['gbp', '9000'],
  ] as const)('keeps the price of capped %s %s within the £2,500 maximum: the most notes under it', async (picker, text) => {
    const quote = async () => ({ rate: 1.1423, price: 0.8754, increment: 5, rateTiers: [] });
    const { clock, settled, type, actor } = startCalculator({ settings: { maxOrderValue: 2500 } }, { quote });
    await settled();
    type(picker, text);
    clock.increment(500);
    // £2,500 buys €2,855.75: €2,860 would cost £2,503.72, €2,855 costs £2,499.35.
    expect(amounts(actor)).toMatchObject({ foreignMinor: 285_500, gbpMinor: 249_935, error: 'Maximum order value is £2,500' });
  });

  it('rounds a foreign amount up to the branch increment', async () => {
    const { clock, settled, type, actor } = startCalculator();
    await settled();
    type('foreign', '203');
    clock.increment(500);
    expect(amounts(actor).foreignMinor).toBe(20_500);
  });

  it('floors a sell-back amount to whole units, and ignores the buy pickers there', async () => {
    const { clock, settled, type, actor } = startCalculator({ settings: { pageType: 'sell-travel-money' } });
    await settled();
    type('gbp', '50');
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
    type('sellBack', '40.75');
    clock.increment(500);
    expect(amounts(actor).foreignMinor).toBe(4_000);
  });

  it('ignores the sell-back picker on the buy products', async () => {
    const { settled, type, actor } = startCalculator();
    await settled();
    type('sellBack', '40');
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
  });
});

describe('branches (spec 2.1, 2.2, 5.1)', () => {
  it('warns when a branch change rounds the amount again', async () => {
    const { actor, clock, api, settled, type } = startCalculator();
    await settled();
    type('foreign', '205');
    clock.increment(500);
    actor.send({ type: 'branch.selected', store: makeStore(12) });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12 }));
    expect(amounts(actor)).toMatchObject({
      foreignMinor: 21_000,
      roundingWarning: "Due to your chosen location, we've rounded the amount to the nearest €10",
    });
    type('foreign', '300');
    clock.increment(500);
    expect(amounts(actor).roundingWarning).toBeNull();
  });

  it('says nothing when the new increment keeps the amount', async () => {
    const { actor, settled } = startCalculator();
    await settled();
    actor.send({ type: 'branch.selected', store: makeStore(12) });
    await settled();
    expect(amounts(actor)).toMatchObject({ foreignMinor: 120_000, roundingWarning: null });
  });

  it('takes the branch confirmed in the modal', async () => {
    const { actor, api, settled } = startCalculator();
    await settled();
    actor.send({ type: 'branch.modalOpened' });
    // Its machine loads first (off the first page's code): the button waits meanwhile.
    expect(actor.getSnapshot().hasTag('branchModalLoading')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'branch.modalOpened' })).toBe(false);
    await settled();
    const modal = selectBranchFinderRef(actor.getSnapshot());
    expect(actor.getSnapshot().hasTag('branchModalOpen')).toBe(true);
    expect(modal?.getSnapshot().context.order).toEqual({ amount: 1200, currencyCode: 'EUR', transactionType: 'sell' });
    modal?.send({ type: 'location.requested' });
    await waitFor(modal!, (s) => s.hasTag('shown'));
    modal?.send({ type: 'branch.confirmed', storeId: 12 });
    await settled();
    expect(actor.getSnapshot().hasTag('branchModalOpen')).toBe(false);
    // null, not undefined: the view's focus restore waits for exactly this.
    expect(selectBranchFinderRef(actor.getSnapshot())).toBeNull();
    expect((actor.getSnapshot().context.store as Store).id).toBe(12);
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12 }));
  });

  it('keeps the branch when the modal is closed', async () => {
    const { actor, settled } = startCalculator();
    await settled();
    actor.send({ type: 'branch.modalOpened' });
    await settled();
    selectBranchFinderRef(actor.getSnapshot())!.send({ type: 'finder.closed' });
    expect(actor.getSnapshot().hasTag('branchModalOpen')).toBe(false);
    expect(actor.getSnapshot().context.storeId).toBe(1);
  });

  it("closes again when the chooser's machine cannot load, and opens on the next press", async () => {
    let fails = true;
    const { actor, settled } = startCalculator({}, { finderLoads: () => fails });
    await settled();
    // The app's loader fails as a chunk that cannot be fetched does.
    actor.send({ type: 'branch.modalOpened' });
    await settled();
    expect(actor.getSnapshot().hasTag('branchModalOpen')).toBe(false);
    expect(selectBranchFinderRef(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'branch.modalOpened' })).toBe(true);
    fails = false;
    actor.send({ type: 'branch.modalOpened' });
    await settled();
    expect(actor.getSnapshot().hasTag('branchModalOpen')).toBe(true);
    expect(selectBranchFinderRef(actor.getSnapshot())).not.toBeNull();
  });
});

describe('home delivery leaves from the delivery centre (spec 2.1, 4.5, 7.2, 7.4)', () => {
  // Without store_id the calculator opens at the site's default store, the delivery centre.
  const atDefaultStore = async (i: LoadCalculatorInput) => ({ ...catalogue(), store: i.storeId === null ? deliveryCentre : makeStore(i.storeId) });

  it('quotes and adds home delivery at the delivery centre after a branch was chosen, and keeps the branch for click and collect', async () => {
    const { actor, api, emitted, settled } = startCalculator({}, { load: atDefaultStore });
    await settled();
    actor.send({ type: 'branch.selected', store: makeStore(12) });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12, productId: 2 }));

    actor.send({ type: 'product.changed', productId: 1 });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 1, productId: 1 }));

    actor.send({ type: 'product.changed', productId: 2 });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12, productId: 2 }));
    expect(actor.getSnapshot().context.store?.name).toBe('Branch 12');

    actor.send({ type: 'product.changed', productId: 1 });
    await settled();
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(api.add).toHaveBeenCalledWith({ currencyCode: 'EUR', qty: 1200, productId: 1, storeId: 1 });
    expect(emitted).toContainEqual({ type: 'navigation.requested', to: '/checkout/view-cart' });
  });

  it("at store_id's branch, home delivery is still quoted and added at the delivery centre", async () => {
    const { actor, api, settled } = startCalculator({ storeId: 12 }, { load: atDefaultStore });
    await settled();
    actor.send({ type: 'product.changed', productId: 1 });
    await settled();
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 1, productId: 1 }));
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(api.add).toHaveBeenCalledWith(expect.objectContaining({ productId: 1, storeId: 1 }));
  });

  it('a home-delivery cart at the delivery centre, read while a branch is chosen, loads nothing again', async () => {
    const { actor, api, settled } = startCalculator({}, { load: atDefaultStore });
    await settled();
    actor.send({ type: 'branch.selected', store: makeStore(12) });
    await settled();
    actor.send({ type: 'product.changed', productId: 1 });
    await settled();
    actor.send({ type: 'cart.updated', cart: { productId: 1, storeId: 1, currencyCode: 'EUR' } });
    await settled();
    expect(api.load).toHaveBeenCalledTimes(1);
    expect(selectProductOptions(actor.getSnapshot()).disabled).toBe(true);
  });
});

describe('add to cart (spec 2.1, 4.3)', () => {
  it('adds the line and goes to the view-cart page', async () => {
    const { actor, api, emitted, settled } = startCalculator();
    await settled();
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(api.add).toHaveBeenCalledWith({ currencyCode: 'EUR', qty: 1200, productId: 2, storeId: 1 });
    expect(emitted).toContainEqual({ type: 'navigation.requested', to: '/checkout/view-cart' });
  });

  it('counts an amount typed inside its pause', async () => {
    const { actor, api, settled, type } = startCalculator();
    await settled();
    type('foreign', '300');
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(api.add).toHaveBeenCalledWith(expect.objectContaining({ qty: 300 }));
  });

  it('adds nothing at 0', async () => {
    const { actor, api, settled, type } = startCalculator();
    await settled();
    type('foreign', '0');
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(api.add).not.toHaveBeenCalled();
  });

  it('goes to the selling view-cart page for sell-back', async () => {
    const { actor, emitted, settled } = startCalculator({ settings: { pageType: 'sell-travel-money' } });
    await settled();
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(emitted).toContainEqual({ type: 'navigation.requested', to: '/selling/view-cart' });
  });

  it("keeps the failure's message to show", async () => {
    const { actor, api, emitted, settled } = startCalculator();
    api.add.mockRejectedValueOnce({ title: 'Cart full', detail: 'Your cart is full', status: 409 });
    await settled();
    actor.send({ type: 'cart.addRequested' });
    await settled();
    expect(actor.getSnapshot().context.addError).toBe('Your cart is full');
    expect(emitted.filter((e) => e.type === 'navigation.requested')).toEqual([]);
  });

  it('returns to the cart only when there is one', async () => {
    const { actor, emitted, settled } = startCalculator();
    await settled();
    actor.send({ type: 'cart.returnRequested' });
    expect(emitted.filter((e) => e.type === 'navigation.requested')).toEqual([]);
    actor.send({ type: 'cart.updated', cart: { productId: 2, storeId: 1, currencyCode: 'EUR' } });
    actor.send({ type: 'cart.returnRequested' });
    expect(emitted).toContainEqual({ type: 'navigation.requested', to: '/checkout/view-cart' });
  });

  it('links to the view-cart page in embedded mode instead (spec 2.1)', async () => {
    const embedded = startCalculator({ settings: { embeddedMode: true }, storeId: 12 });
    await embedded.settled();
    expect(selectAddToCartLink(embedded.actor.getSnapshot())).toBe(
      'https://shop.example/checkout/view-cart?currency=EUR&amount=1200&product_id=2&store_id=12&affiliateid=AFF',
    );
    embedded.actor.send({ type: 'cart.addRequested' });
    expect(embedded.api.add).not.toHaveBeenCalled();
    const plain = startCalculator();
    await plain.settled();
    expect(selectAddToCartLink(plain.actor.getSnapshot())).toBeNull();
  });
});

describe('the embedded calculator offers what its store fulfils (spec 2.1, 2.6)', () => {
  // Without store_id the calculator opens at the site's default store, the home-delivery centre.
  const atDefaultStore = async (i: LoadCalculatorInput) => ({ ...catalogue(), store: i.storeId === null ? deliveryCentre : makeStore(i.storeId) });

  it('without a branch: home delivery, and a link view-cart can create the cart from', async () => {
    const { actor, api, settled } = startCalculator({ settings: { embeddedMode: true } }, { load: atDefaultStore });
    await settled();
    const s = actor.getSnapshot();
    expect(s.context.productId).toBe(1);
    expect(api.quote).toHaveBeenCalledTimes(1);
    expect(api.quote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 1, productId: 1 }));
    expect(selectProductOptions(s)).toMatchObject({ disabled: false, unavailable: [2] });
    // Store 1 is left out of the link, and view-cart reads it back as store 1 (spec 2.6).
    expect(selectAddToCartLink(s)).toBe('https://shop.example/checkout/view-cart?currency=EUR&amount=1200&product_id=1&affiliateid=AFF');
    // Click and collect needs a branch, which the frame cannot choose.
    expect(s.can({ type: 'product.changed', productId: 2 })).toBe(false);
  });

  it("at store_id's branch: click and collect there; home delivery is not that branch's", async () => {
    const { actor, settled } = startCalculator({ settings: { embeddedMode: true }, storeId: 12 }, { load: atDefaultStore });
    await settled();
    const s = actor.getSnapshot();
    expect(s.context.productId).toBe(2);
    expect(selectProductOptions(s).unavailable).toEqual([1]);
    expect(s.can({ type: 'product.changed', productId: 1 })).toBe(false);
    expect(selectAddToCartLink(s)).toContain('product_id=2&store_id=12');
  });

  it('without a branch, back on the buy tab after sell back: home delivery again, and no link for sell back', async () => {
    const { actor, settled } = startCalculator({ settings: { embeddedMode: true } }, { load: atDefaultStore });
    await settled();
    actor.send({ type: 'transactionType.changed', transactionType: 'buy' });
    await settled();
    expect(actor.getSnapshot().context.productId).toBe(3);
    // Sell back is handed in at a branch: nothing in the frame can take it.
    expect(selectAddToCartLink(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'transactionType.changed', transactionType: 'sell' });
    await settled();
    expect(actor.getSnapshot().context.productId).toBe(1);
    expect(selectAddToCartLink(actor.getSnapshot())).toContain('product_id=1');
  });

  it('outside the frame, click and collect at the default store still waits for a branch to be chosen', async () => {
    const { actor, settled } = startCalculator({}, { load: atDefaultStore });
    await settled();
    expect(actor.getSnapshot().context.productId).toBe(2);
    expect(selectProductOptions(actor.getSnapshot()).unavailable).toEqual([]);
  });

  it("a cart's product and store win over the frame's store", async () => {
    const { actor, settled } = startCalculator(
      { settings: { embeddedMode: true }, cart: { productId: 2, storeId: 12, currencyCode: 'EUR' } },
      { load: atDefaultStore },
    );
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ productId: 2, storeId: 12 });
    expect(selectAddToCartLink(actor.getSnapshot())).toContain('product_id=2&store_id=12');
  });
});

describe('typing against late answers', () => {
  it('keeps £1200 typed right after choosing Home delivery over the quote that arrives meanwhile and a cart that changes nothing', async () => {
    let answer: (() => void) | null = null;
    const { actor, clock, settled, type } = startCalculator(
      {},
      {
        quote: (i) =>
          i.productId === 1
            ? new Promise((resolve) => {
                answer = () => resolve(quoteFor(i.storeId));
              })
            : Promise.resolve(quoteFor(i.storeId)),
      },
    );
    await settled();
    expect(amounts(actor).gbpMinor).toBe(100_000);
    actor.send({ type: 'product.changed', productId: 1 });
    expect(actor.getSnapshot().hasTag('quoteLoading')).toBe(true);
    type('gbp', '1200');
    // The Home delivery quote arrives while the shopper is still inside the pause.
    await vi.waitFor(() => expect(answer).not.toBeNull());
    answer!();
    await settled();
    expect(amounts(actor).typed).toEqual({ picker: 'gbp', text: '1200' });
    // The cart tells what it is: the same product, branch and currency.
    const { context } = actor.getSnapshot();
    actor.send({ type: 'cart.updated', cart: { productId: context.productId, storeId: context.deliveryCentre?.id ?? 0, currencyCode: context.currencyCode } });
    expect(amounts(actor).typed).toEqual({ picker: 'gbp', text: '1200' });
    clock.increment(500);
    expect(amounts(actor)).toMatchObject({ typed: null, gbpMinor: 120_000 });
  });
});

describe('the cut-off line (honest cut-offs)', () => {
  const weekdays: OpeningTimes = {
    mondayOpens: '09:00', mondayCloses: '17:30', tuesdayOpens: '09:00', tuesdayCloses: '17:30',
    wednesdayOpens: '09:00', wednesdayCloses: '17:30', thursdayOpens: '09:00', thursdayCloses: '17:30',
    fridayOpens: '09:00', fridayCloses: '17:30', saturdayOpens: '09:00', saturdayCloses: '17:00',
    sundayOpens: null, sundayCloses: null, openingTimeComment: null,
  };

  it('home delivery counts down on the clock and moves to the next date when 2pm passes', async () => {
    const holidays = await bankHolidaysAt(new Date('2026-11-27T12:00:00Z'));
    // Friday 27 November 2026, 11:46 in London (GMT), neither day after a bank holiday in England.
    expect(holidays.englandAndWales.filter((d) => d >= '2026-11-27' && d <= '2026-12-01')).toEqual([]);
    const { actor, clock, settled } = startCalculator({ settings: { bankHolidays: holidays }, startAt: Date.parse('2026-11-27T11:46:00Z') });
    await settled();
    actor.send({ type: 'product.changed', productId: 1 });
    expect(selectCutOff(actor.getSnapshot())?.text).toBe('Order within 2 h 14 m for delivery on Saturday 28 November');
    clock.increment(60_000);
    expect(selectCutOff(actor.getSnapshot())?.text).toBe('Order within 2 h 13 m for delivery on Saturday 28 November');
    clock.increment(133 * 60_000);
    // 14:00 on a Friday: sent on Monday, delivered on Tuesday.
    expect(selectCutOff(actor.getSnapshot())?.text).toBe('Order within 3 d 0 h for delivery on Tuesday 1 December');
  });

  it("click and collect reads the chosen branch's hours and its nation's bank holidays", async () => {
    const holidays = await bankHolidaysAt(new Date('2026-06-01T12:00:00Z'));
    // A Scottish bank holiday England does not have, on a weekday after an open weekday.
    const day = holidays.scotland.find((d) => !holidays.englandAndWales.includes(d) && dayOfWeek(d) >= 2 && dayOfWeek(d) <= 5)!;
    expect(day).toBeDefined();
    const eve = plusDays(day, -1);
    // 18:00 UTC on the eve is after closing in London in any season.
    const { actor, settled } = startCalculator({ settings: { bankHolidays: holidays }, startAt: Date.parse(`${eve}T18:00:00Z`) });
    await settled();
    actor.send({ type: 'product.changed', productId: 2 });
    actor.send({ type: 'branch.selected', store: makeStore(12, { openingTimes: weekdays, address: { address1: '1 High Street', postcode: 'LS1 1AA' } }) });
    await settled();
    expect(selectCutOff(actor.getSnapshot())).toMatchObject({ kind: 'collection', date: day });
    expect(selectCutOff(actor.getSnapshot())?.text).toMatch(/^Order within \d+ h \d+ m for collection from \w+day \d+ \w+$/);
    actor.send({ type: 'branch.selected', store: makeStore(13, { openingTimes: weekdays, address: { address1: '1 Princes Street', postcode: 'EH2 2AA' } }) });
    await settled();
    expect(selectCutOff(actor.getSnapshot())).toMatchObject({ kind: 'collection', date: plusDays(day, 1) });
  });

  it('nothing is promised for sell back, before a branch is chosen, or without the calendar', async () => {
    const holidays = await bankHolidaysAt(new Date('2026-11-27T12:00:00Z'));
    const { actor, settled } = startCalculator({ settings: { bankHolidays: holidays }, startAt: Date.parse('2026-11-27T11:46:00Z') });
    await settled();
    // Click and collect at the delivery centre, which is no branch.
    actor.send({ type: 'branch.selected', store: makeStore(1, { isMeta: true, openingTimes: weekdays }) });
    await settled();
    expect(selectCutOff(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'transactionType.changed', transactionType: 'buy' });
    await settled();
    expect(selectCutOff(actor.getSnapshot())).toBeNull();
    const bare = startCalculator({ startAt: Date.parse('2026-11-27T11:46:00Z') });
    await bare.settled();
    bare.actor.send({ type: 'product.changed', productId: 1 });
    expect(selectCutOff(bare.actor.getSnapshot())).toBeNull();
  });
});
