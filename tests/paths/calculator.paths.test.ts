import { expect } from 'vitest';
import { createMachine, emit } from 'xstate';
import { calculatorMachine, type CalculatorSnapshot } from '#machines/calculator/calculator.machine.ts';
import { selectAddToCartLink, selectAmounts, selectCurrencyNotice, selectProductOptions } from '#machines/calculator/calculator.selectors.ts';
import { selectCutOff } from '#machines/calculator/calculator-cut-off.ts';
import { NO_BANK_HOLIDAYS } from '#domain/cut-off.ts';
import { actorDone, actorFailed, definePathSuite } from '../support/graph-coverage.ts';
import { makeStore } from '../support/branch-fixtures.ts';
import { catalogue, quoteFor, settings } from '../support/calculator-fixtures.ts';

const branch12 = makeStore(12);
// The site's default store: the home-delivery centre, no branch to collect from.
const deliveryCentre = makeStore(1, { isMeta: true });
const base = { siteId: 1, host: 'https://shop.example', affiliateCode: 'AFF' };

// What the guards read: type, product, currency, branch (and whether it is one), cart, whether there is an amount, what is typed.
const serializeState = (s: CalculatorSnapshot): string => {
  const c = s.context;
  const amount = c.priced === null ? null : c.priced.foreignMinor > 0;
  return JSON.stringify([s.value, c.transactionType, c.productId, c.currencyCode, c.storeId, c.store?.isMeta ?? null, c.cart?.productId ?? null, amount, c.typed]);
};

/** The snapshot before this step of the path. */
let before: CalculatorSnapshot | null = null;

definePathSuite({
  name: 'calculator',
  // Alone here, the chart has no other actors to tell: what it tells them is recorded as emitted
  // (in the model too, so that it waits for the cart's answer as it does in the shop).
  machine: calculatorMachine.provide({
    actions: {
      requestProfile: emit(({ context }) => ({ type: 'session.profileRequested', signInReturn: context.signedIn })),
      abandonCart: emit({ type: 'cart.abandonRequested' }),
      requestLine: emit({ type: 'cart.lineAdded' }),
    },
    // What it tells other actors is recorded as emitted here, outside its own emitted events' type.
  } as never),
  inputs: {
    // The calendar's rules are table-tested with the library's bank holidays (server/services/delivery-slots.test.ts).
    buying: { ...base, settings: { ...settings, bankHolidays: NO_BANK_HOLIDAYS } },
    'sell page, signed in': { ...base, settings: { ...settings, pageType: 'sell-travel-money' }, signedIn: true },
    embedded: { ...base, settings: { ...settings, embeddedMode: true } },
  },
  events: [
    { type: 'transactionType.changed', transactionType: 'sell' },
    { type: 'transactionType.changed', transactionType: 'buy' },
    { type: 'product.changed', productId: 1 },
    { type: 'product.changed', productId: 2 },
    { type: 'currency.changed', currencyCode: 'EUR' },
    { type: 'currency.changed', currencyCode: 'TRY' },
    { type: 'currency.searched', text: 'eu' },
    { type: 'amount.typed', picker: 'gbp', text: '500', key: '0' },
    { type: 'amount.typed', picker: 'foreign', text: '0', key: '0' },
    { type: 'amount.typed', picker: 'sellBack', text: '40', key: '0' },
    { type: 'amount.typed', picker: 'gbp', text: '500', key: 'Tab' },
    { type: 'branch.modalOpened' },
    { type: 'branch.selected', store: branch12 },
    { type: 'cart.addRequested' },
    { type: 'cart.returnRequested' },
    { type: 'cart.updated', cart: null },
    { type: 'cart.updated', cart: { productId: 2, storeId: 1, currencyCode: 'EUR' } },
    { type: 'cart.updated', cart: { productId: 1, storeId: 12, currencyCode: 'EUR' } },
    { type: 'calculator.retried' },
    { type: 'toast.dismissed' },
    actorDone('loadCalculator', catalogue(1)),
    actorDone('loadCalculator', { ...catalogue(1), store: deliveryCentre }),
    actorFailed('loadCalculator', new TypeError('Failed to fetch')),
    actorDone('fetchQuote', quoteFor(1)),
    actorFailed('fetchQuote', { title: 'No rate', detail: 'No rate here', status: 404 }),
    // The cart's answers to add to cart.
    { type: 'cart.lineSaved' },
    { type: 'cart.lineRefused', problem: { title: 'Cart full', detail: 'Your cart is full', status: 409 } },
    // The chooser's machine loads as it first opens (a stand-in here: its own paths are its suite's).
    actorDone('loadBranchFinder', createMachine({ id: 'branchFinder' })),
    actorFailed('loadBranchFinder', new TypeError('Failed to fetch dynamically imported module')),
    actorDone('branchFinder', { store: branch12 }),
    actorDone('branchFinder', { store: null }),
    actorFailed('branchFinder', new Error('modal crashed')),
  ],
  serializeState,
  // A journey's log names the chooser's machine `loadBranchFinder` brought: a stand-in of that id.
  replayEvent: (event) => (event.type === 'xstate.done.actor.loadBranchFinder' ? { ...event, output: createMachine({ id: 'branchFinder' }) } : event),
  assertState: (s, step) => {
    const c = s.context;
    const previous = step.event.type === 'xstate.init' ? null : before;
    before = s;
    // Spec 4.2: the sell-back picker types for product 3 only, the GBP and foreign pickers for
    // products 1 and 2 only; Tab is not typing (5.1).
    if (step.event.type === 'amount.typed' && previous?.matches('ready')) {
      const { picker, key } = step.event as unknown as { picker: string; key?: string };
      const applies = key !== 'Tab' && (picker === 'sellBack') === (previous.context.productId === 3);
      if (applies) expect(s.hasTag('typing'), `typing after ${JSON.stringify(step.event)}`).toBe(true);
      else expect(c.typed, `nothing typed after ${JSON.stringify(step.event)}`).toEqual(previous.context.typed);
    }
    // The product belongs to the type; the radios lock under a cart.
    expect(c.transactionType === 'buy').toBe(c.productId === 3);
    expect(selectProductOptions(s).disabled).toBe(c.cart !== null);
    if (s.hasTag('currencyUnavailable')) {
      expect(selectCurrencyNotice(s)).toMatch(/^Oh snap! We (don't have any|can't buy) .+ right now - check back soon!$/);
      expect(c.quote).toBeNull();
    }
    if (s.matches({ ready: { quote: 'loaded' } })) expect(selectAmounts(s).foreignMinor).not.toBeNull();
    // The cut-off line: home delivery's first date, once the calendar is known; click and collect
    // promises a date only at a branch that publishes its opening times (the fixtures' publish
    // none; a replayed journey's real branches do), and none while its rate is on its way.
    const cutOff = selectCutOff(s);
    const calendarKnown = s.matches('ready') && c.settings.bankHolidays !== undefined;
    if (calendarKnown && c.productId === 1) {
      expect(cutOff?.text).toMatch(/^Order within (\d+ d \d+ h|\d+ h \d+ m|\d+ m) for delivery on \w+day \d{1,2} \w+$/);
    } else if (calendarKnown && c.productId === 2 && typeof c.store === 'object' && c.store?.openingTimes) {
      if (cutOff !== null) expect(cutOff.text).toMatch(/^Order within (\d+ d \d+ h|\d+ h \d+ m|\d+ m) for collection from \w+day \d{1,2} \w+$/);
    } else {
      expect(cutOff).toBeNull();
    }
    if (!c.settings.embeddedMode) expect(selectAddToCartLink(s)).toBeNull();
    // The frame has no branch controls: it offers only what its store fulfils, and links only to that.
    const link = selectAddToCartLink(s);
    if (c.settings.embeddedMode && c.store !== null && c.cart === null) {
      expect(selectProductOptions(s).unavailable).toEqual(c.transactionType === 'buy' ? (c.store.isMeta ? [3] : []) : c.store.isMeta ? [2] : [1]);
      if (c.transactionType === 'sell') expect(c.productId).toBe(c.store.isMeta ? 1 : 2);
      if (c.store.isMeta && c.transactionType === 'buy') expect(link).toBeNull();
    }
    if (link !== null && c.store?.isMeta === true && c.cart === null) expect(link).toMatch(/product_id=1(&|$)/);

    if (step.event.type === 'xstate.init') {
      // Back from the loyalty sign-in, the session reads the flag whatever the token says.
      const expected: unknown[] = [{ type: 'session.profileRequested', signInReturn: c.signedIn }];
      if (c.signedIn) expected.push({ type: 'queryParam.removed', name: 'signedIn' });
      expect(step.emitted).toEqual(expected);
      // Back from the loyalty sign-in (spec 7.1): "You're signed in!" until the shopper closes it.
      expect(c.toast).toBe(c.signedIn ? "You're signed in!" : null);
    }
    if (step.event.type === 'toast.dismissed') expect(c.toast).toBeNull();
    const navigations = step.emitted.filter((e) => e.type === 'navigation.requested');
    // 'Return to cart' goes to the cart's review page only when there is a cart.
    const expectNavigation = step.event.type === 'cart.lineSaved' || (step.event.type === 'cart.returnRequested' && previous?.context.cart != null);
    // The cart is asked for the line when Add goes ahead; its refusal's words show.
    expect(step.emitted.some((e) => e.type === 'cart.lineAdded')).toBe(step.event.type === 'cart.addRequested' && s.hasTag('adding'));
    if (step.event.type === 'cart.lineRefused') expect(c.addError).toBe('Your cart is full');
    expect(navigations.length > 0).toBe(expectNavigation);
    for (const e of navigations) expect(['/checkout/view-cart', '/selling/view-cart']).toContain(e.to);
  },
});
