import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, fromCallback, fromPromise, setup, SimulatedClock, type AnyActorLogic, type AnyEventObject } from 'xstate';
import type { Cart } from '#domain/contract/cart.ts';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { messages } from '#domain/messages.ts';
import { makeCart, siteProducts, siteSettings } from '../../mocks/fixtures.ts';
import type { EffectsEvent } from './effects.ts';
import { shopMachine, SPINNER_DELAY_MS, type LoadedPages, type OnDemandPage, type ShopSettings } from './shop.machine.ts';

const shopSettings: ShopSettings = { settings: { ...siteSettings, abandonCartUrl: 'https://partner.example/basket' }, siteProducts };
const idle = fromCallback(() => undefined);
const never = <T,>() => fromPromise<T>(() => new Promise(() => {}));
/** A page that says something as it starts (the checkout announces its step on opening). */
const chatty = setup({ types: { emitted: {} as { type: 'started' } } }).createMachine({ id: 'chatty', entry: emit({ type: 'started' as const }) });
/** An on-demand page's machine that keeps what it was started with. */
const page = (id: string) => setup({ types: { input: {} as unknown, context: {} as { input: unknown } } }).createMachine({ id, context: ({ input }) => ({ input }) });

interface StartOptions {
  load?: () => Promise<ShopSettings>;
  cart?: Cart | null;
  pages?: (pages: OnDemandPage[]) => Promise<LoadedPages>;
  /** What the session's token says: it may have a cart (the default), or has none. */
  cartExpected?: boolean;
  /** How the cart's machine loads (by default it does, over `cart`). */
  loadCart?: () => Promise<LoadedPages>;
  clock?: SimulatedClock;
}

/** The shop with its effects recorded: every event the effects actor is sent, and what the actors it is told of emit. */
function startShop(options: StartOptions = {}) {
  const told: EffectsEvent[] = [];
  const heard: { id: string; event: AnyEventObject }[] = [];
  const effects = fromCallback<EffectsEvent>(({ receive }) => {
    receive((event) => {
      told.push(event);
      if (event.type === 'actor.started') (event.actor as { on: (type: '*', h: (e: AnyEventObject) => void) => void }).on('*', (e) => heard.push({ id: event.id, event: e }));
    });
  });
  // The branch finder's page loads its machine on demand too: a stand-in unless a test says otherwise.
  const finderOnly = (pages: OnDemandPage[]) => Promise.resolve(pages.includes('branchFinder') ? { branchFinder: page('branchFinder') as never } : {});
  const cartLogic = cartMachine.provide({
    actors: { fetchCart: options.cart === undefined ? never<Cart | null>() : fromPromise(() => Promise.resolve(options.cart ?? null)), createCart: never() as never },
  });
  // The pages' machines (recorded), and the cart's, which loads the same way.
  const loadPages = vi.fn(({ input }: { input: { pages: OnDemandPage[] } }) => (options.pages ?? finderOnly)(input.pages));
  const loadCart = vi.fn(options.loadCart ?? (() => Promise.resolve<LoadedPages>({ cart: cartLogic as never })));
  const load = async (pages: OnDemandPage[]): Promise<LoadedPages> => {
    const rest = pages.filter((p) => p !== 'cart');
    const loaded = rest.length > 0 ? await loadPages({ input: { pages: rest } }) : {};
    return pages.includes('cart') ? { ...loaded, ...(await loadCart()) } : loaded;
  };
  const shop = createActor(
    shopMachine.provide({
      actors: {
        session: idle as never,
        effects,
        loadSettings: fromPromise(options.load ?? (() => Promise.resolve(shopSettings))),
        loadPages: fromPromise(({ input }: { input: { pages: OnDemandPage[] } }) => load(input.pages)),
        cartExpected: fromPromise(() => Promise.resolve(options.cartExpected ?? true)),
        calculator: page('calculator') as never,
        ratesBoard: page('ratesBoard') as never,
        checkoutContent: page('checkoutContent') as never,
        branchDetails: page('branchDetails') as never,
      },
    }),
    { input: { siteId: 1, affiliateCode: 'aff-1', appOrigin: 'https://shop.example' }, ...(options.clock ? { clock: options.clock } : {}) },
  );
  shop.start();
  const go = (path: string, search = '', params: Record<string, string> = {}) => shop.send({ type: 'route.changed', path, search, params });
  const ready = () => vi.waitFor(() => expect(shop.getSnapshot().hasTag('ready')).toBe(true));
  const running = () => Object.keys(shop.getSnapshot().children).filter((id) => !['session', 'effects', 'cart', 'loadSettings', 'loadPages'].includes(id)).sort();
  const inputOf = (id: string) => (shop.system.get(id) as { getSnapshot: () => { context: { input: unknown } } } | undefined)?.getSnapshot().context.input;
  const cartRunning = () => vi.waitFor(() => expect(shop.system.get('cart')).toBeDefined());
  return { shop, told, heard, loadPages, loadCart, go, ready, running, inputOf, cartRunning };
}

describe('shop', () => {
  it('holds the session at once and the cart, with the page settings, once they are read', async () => {
    const { shop, ready, told, cartRunning } = startShop();
    // No spinner yet: the settings usually come well within the delay.
    expect(shop.getSnapshot().hasTag('loading')).toBe(false);
    expect(shop.getSnapshot().hasTag('ready')).toBe(false);
    expect(shop.system.get('session')).toBeDefined();
    expect(shop.system.get('effects')).toBeDefined();
    expect(shop.system.get('cart')).toBeUndefined();
    await ready();
    // The session may have a cart: its machine loads, and it runs.
    await cartRunning();
    const cart = shop.system.get('cart');
    expect(cart.getSnapshot().context).toMatchObject({
      siteId: 1,
      settings: { isPartner: siteSettings.isPartner, showBuybackGuarantee: siteSettings.showBuybackGuarantee },
      siteProducts,
      affiliateCode: 'aff-1',
    });
    // The effects actor hears what the cart asks for (its navigation, its error reports).
    expect(told).toEqual([{ type: 'actor.started', id: 'cart', actor: cart }]);
  });

  it('shows the spinner only once the settings have taken half a second', () => {
    const clock = new SimulatedClock();
    const { shop } = startShop({ load: () => new Promise(() => {}), clock });
    clock.increment(SPINNER_DELAY_MS - 1);
    expect(shop.getSnapshot().hasTag('loading')).toBe(false);
    clock.increment(1);
    expect(shop.getSnapshot().hasTag('loading')).toBe(true);
  });

  it("says 'Something went wrong' when the settings cannot be read, reports it, and reads them again on Retry", async () => {
    const failure = new Error('down');
    const load = vi.fn<() => Promise<ShopSettings>>().mockRejectedValueOnce(failure).mockResolvedValue(shopSettings);
    const { shop, told, ready } = startShop({ load });
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('failed')).toBe(true));
    expect(told).toEqual([{ type: 'error.reported', error: failure, where: 'shopSettings' }]);
    shop.send({ type: 'settings.retried' });
    expect(shop.getSnapshot().hasTag('failed')).toBe(false);
    await ready();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('opens the pages of the address once the settings are read, and swaps them as the visitor moves', async () => {
    const { go, ready, running, shop, inputOf } = startShop();
    go('/branches');
    expect(running()).toEqual([]);
    await ready();
    expect(running()).toEqual(['branchFinder']);
    expect(inputOf('branchFinder')).toEqual({ mode: 'page', siteId: 1 });
    const finder = shop.system.get('branchFinder');

    go('/');
    expect(running()).toEqual(['calculator', 'ratesBoard']);
    expect(finder.getSnapshot().status).toBe('stopped');
    expect(shop.system.get('branchFinder')).toBeUndefined();

    go('/Branches/St%20Albans', '', { branchCode: 'St Albans' });
    expect(running()).toEqual(['branchDetails']);
    expect(inputOf('branchDetails')).toEqual({ branchCode: 'St Albans' });

    go('/help');
    expect(running()).toEqual([]);
  });

  it("starts the calculator from the site's settings, the address and the cart as it is", async () => {
    const { go, ready, inputOf, shop } = startShop({ cart: makeCart(new Date(), { lines: [{ code: 'USD', qty: 100 }], productId: 2 }) });
    await ready();
    await vi.waitFor(() => expect(shop.system.get('cart')?.getSnapshot().context.cart).not.toBeNull());
    go('/sell-travel-money', '?store_id=12&signedIn&affiliateid=partner-7');
    expect(inputOf('calculator')).toMatchObject({
      siteId: 1,
      settings: { pageType: 'sell-travel-money', maxOrderValue: siteSettings.maxOrderValue, embeddedMode: false },
      storeId: 12,
      signedIn: true,
      affiliateCode: 'partner-7',
      host: 'https://shop.example',
      cart: { productId: 2, currencyCode: 'USD' },
    });
    const sell = shop.system.get('calculator');
    // The query changes (signedIn removed): the same calculator.
    go('/sell-travel-money', '?store_id=12');
    expect(shop.system.get('calculator')).toBe(sell);
    // Another calculator page: a calculator of its own.
    go('/embed/calculator');
    expect(shop.system.get('calculator')).not.toBe(sell);
    expect(inputOf('calculator')).toMatchObject({ settings: { embeddedMode: true, pageType: null }, storeId: null, signedIn: false, affiliateCode: 'aff-1' });
  });

  it("loads an on-demand page's machine and hands the effects actor the page before it starts", async () => {
    const { go, ready, loadPages, shop, heard, told, running } = startShop({ pages: () => Promise.resolve({ chart: chatty as never }) });
    await ready();
    go('/eur-to-gbp');
    expect(shop.getSnapshot().matches({ ready: { pages: 'loadingPages' } })).toBe(true);
    expect(loadPages).toHaveBeenCalledWith(expect.objectContaining({ input: { pages: ['chart'] } }));
    await vi.waitFor(() => expect(running()).toEqual(['chart']));
    const chart = shop.system.get('chart');
    expect((chart as { logic: AnyActorLogic }).logic).toBe(chatty);
    expect(told.at(-1)).toEqual({ type: 'actor.started', id: 'chart', actor: chart });
    expect(heard).toEqual([{ id: 'chart', event: { type: 'started' } }]);
    // Another currency's chart: a chart of its own, from the machine already loaded.
    go('/usd-to-gbp');
    expect(shop.system.get('chart')).not.toBe(chart);
    expect(loadPages).toHaveBeenCalledTimes(1);
  });

  it("says 'Something went wrong' when a page's machine cannot load, and loads it again on Retry", async () => {
    const failure = new Error('chunk');
    const pages = vi.fn<(pages: OnDemandPage[]) => Promise<LoadedPages>>().mockRejectedValueOnce(failure).mockResolvedValue({ manageOrder: page('manageOrder') as never });
    const { go, ready, shop, told, running } = startShop({ pages });
    await ready();
    go('/orders/find');
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('pageFailed')).toBe(true));
    expect(told.at(-1)).toEqual({ type: 'error.reported', error: failure, where: 'loadPages' });
    shop.send({ type: 'pages.retried' });
    await vi.waitFor(() => expect(running()).toEqual(['manageOrder']));
  });

  it("says 'Something went wrong' when the answer lacks the page's machine, rather than asking for ever", async () => {
    const pages = vi.fn<(pages: OnDemandPage[]) => Promise<LoadedPages>>().mockResolvedValueOnce({}).mockResolvedValue({ manageOrder: page('manageOrder') as never });
    const { go, ready, shop, told, running } = startShop({ pages });
    await ready();
    go('/orders/find');
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('pageFailed')).toBe(true));
    expect(pages).toHaveBeenCalledTimes(1);
    expect(told.at(-1)).toMatchObject({ type: 'error.reported', where: 'loadPages', error: new Error('loadPages did not bring manageOrder') });
    shop.send({ type: 'pages.retried' });
    await vi.waitFor(() => expect(running()).toEqual(['manageOrder']));
  });

  describe('the cart, whose machine loads on demand', () => {
    const line = { currencyCode: 'EUR', qty: 200, productId: 2, storeId: 1 } as const;
    /** The calculator as the cart answers it: it keeps every answer. */
    const asker = () => {
      const answers: AnyEventObject[] = [];
      const actor = createActor(fromCallback(({ receive }) => receive((event: AnyEventObject) => void answers.push(event))));
      actor.start();
      return { actor, answers };
    };

    it("loads no cart code for a session without a cart, and starts the cart with the shopper's first line", async () => {
      const { shop, go, ready, loadCart, cartRunning, told } = startShop({ cartExpected: false, cart: null });
      await ready();
      go('/');
      await vi.waitFor(() => expect(shop.getSnapshot().hasTag('cartNone')).toBe(true));
      expect(loadCart).not.toHaveBeenCalled();
      expect(shop.system.get('cart')).toBeUndefined();

      const { actor } = asker();
      shop.send({ type: 'cart.lineAdded', line, replyTo: actor });
      expect(shop.getSnapshot().hasTag('cartLoading')).toBe(true);
      await cartRunning();
      const cart = shop.system.get('cart');
      // The cart has the line (it is creating the cart for it) and answers the asker, not the shop.
      await vi.waitFor(() => expect(cart.getSnapshot().context.pendingLine).toEqual(line));
      expect(cart.getSnapshot().context.lineRequester).toBe(actor);
      expect(told).toContainEqual({ type: 'actor.started', id: 'cart', actor: cart });
      expect(loadCart).toHaveBeenCalledTimes(1);
    });

    it('opens a page that shows the cart once the cart runs', async () => {
      const { shop, go, ready, running, loadCart } = startShop({
        cartExpected: false,
        cart: null,
        pages: () => Promise.resolve({ checkout: page('checkout') as never, newLine: page('newLine') as never, viewCartRequestOf: () => ({ kind: 'view' as const }) }),
      });
      await ready();
      go('/checkout/view-cart');
      await vi.waitFor(() => expect(running()).toEqual(['checkout', 'newLine']));
      expect(shop.system.get('cart')).toBeDefined();
      expect(loadCart).toHaveBeenCalled();
    });

    it("refuses the line and reports it when the cart's code cannot load, and tries again with the next line", async () => {
      const failure = new Error('chunk');
      const loadCart = vi.fn<() => Promise<LoadedPages>>().mockRejectedValueOnce(failure);
      const { shop, ready, told } = startShop({ cartExpected: false, cart: null, loadCart });
      await ready();
      await vi.waitFor(() => expect(shop.getSnapshot().hasTag('cartNone')).toBe(true));
      const { actor, answers } = asker();
      shop.send({ type: 'cart.lineAdded', line, replyTo: actor });
      await vi.waitFor(() => expect(shop.getSnapshot().hasTag('cartFailed')).toBe(true));
      expect(answers).toEqual([{ type: 'cart.lineRefused', problem: { title: messages.somethingWentWrong } }]);
      expect(told.at(-1)).toEqual({ type: 'error.reported', error: failure, where: 'loadCart' });
      shop.send({ type: 'cart.lineAdded', line, replyTo: actor });
      expect(shop.getSnapshot().hasTag('cartLoading')).toBe(true);
    });
  });

  describe('the checkout', () => {
    it('keeps one checkout for every step, and tells it when the visitor moves on their own', async () => {
      const opened: string[] = [];
      const checkout = setup({
        types: { input: {} as { path: string }, events: {} as { type: 'checkout.pageOpened'; path: string } | { type: 'go' } },
        actions: { record: (_, params: { path: string }) => void opened.push(params.path) },
      }).createMachine({
        id: 'checkout',
        initial: 'inCheckout',
        states: { inCheckout: { initial: 'review', states: { review: { on: { go: 'delivery' } }, delivery: {}, details: {} } } },
        on: { 'checkout.pageOpened': { actions: { type: 'record', params: ({ event }) => ({ path: event.path }) } } },
      });
      const request: ViewCartRequest = { kind: 'view' };
      const viewCartRequestOf = vi.fn(() => request);
      const { go, ready, shop, running, inputOf } = startShop({
        cart: null,
        pages: () => Promise.resolve({ checkout: checkout as never, newLine: page('newLine') as never, viewCartRequestOf }),
      });
      await ready();
      go('/checkout/view-cart', '?id=web-1');
      await vi.waitFor(() => expect(running()).toEqual(['checkout', 'newLine']));
      expect(inputOf('newLine')).toEqual({ siteId: 1, storeId: 1, productId: 2, lines: [], maxOrderValue: siteSettings.maxOrderValue });
      // The view-cart page's address is read for the cart as the page opens.
      expect(viewCartRequestOf).toHaveBeenCalledWith('/checkout/view-cart', '?id=web-1');
      const first = shop.system.get('checkout');
      expect(first.getSnapshot().matches({ inCheckout: 'review' })).toBe(true);

      // The chart moves on and asks for the delivery page: no news for the checkout.
      first.send({ type: 'go' });
      go('/checkout/delivery-options');
      expect(running()).toEqual(['checkout']);
      expect(shop.system.get('checkout')).toBe(first);
      expect(opened).toEqual([]);

      // The visitor goes back on their own: the checkout opens that page.
      go('/checkout/view-cart');
      expect(shop.system.get('checkout')).toBe(first);
      expect(opened).toEqual(['/checkout/view-cart']);
      expect(viewCartRequestOf).toHaveBeenCalledTimes(2);
      expect(running()).toEqual(['checkout', 'newLine']);

      // Out of the checkout: it stops.
      go('/');
      expect(first.getSnapshot().status).toBe('stopped');
    });

    it('opens the checkout with the product of the sell-back review page and the site\'s abandon-cart address', async () => {
      const { go, ready, running, inputOf } = startShop({ cart: null, pages: () => Promise.resolve({ checkout: page('checkout') as never, newLine: page('newLine') as never, viewCartRequestOf: () => ({ kind: 'view' }) }) });
      await ready();
      go('/selling/view-cart/');
      await vi.waitFor(() => expect(running()).toEqual(['checkout', 'newLine']));
      expect(inputOf('checkout')).toEqual({ path: '/selling/view-cart/', appOrigin: 'https://shop.example', abandonCartUrl: 'https://partner.example/basket', productId: 3 });
    });

    it('runs the address search the details form asks for, a new one replacing the last, and ends it off the page', async () => {
      // The lookup comes with the checkout's pages.
      const { go, ready, running, shop, inputOf } = startShop({ pages: () => Promise.resolve({ checkout: page('checkout') as never, addressLookup: page('addressLookup') as never }) });
      await ready();
      go('/checkout/customer-information');
      await vi.waitFor(() => expect(running()).toEqual(['checkout', 'checkoutContent']));
      shop.send({ type: 'addressLookup.requested', postcode: 'M1 1AA' });
      const first = shop.system.get('addressLookup');
      expect(inputOf('addressLookup')).toEqual({ postcode: 'M1 1AA' });
      shop.send({ type: 'addressLookup.requested', postcode: 'M2 2BB' });
      expect(first.getSnapshot().status).toBe('stopped');
      expect(inputOf('addressLookup')).toEqual({ postcode: 'M2 2BB' });
      shop.send({ type: 'addressLookup.cleared' });
      expect(shop.system.get('addressLookup')).toBeUndefined();
      shop.send({ type: 'addressLookup.requested', postcode: 'M1 1AA' });
      go('/checkout/payment');
      expect(running()).toEqual(['checkout']);
    });
  });
});
