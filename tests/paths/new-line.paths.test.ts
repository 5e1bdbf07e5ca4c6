import { expect } from 'vitest';
import { emit } from 'xstate';
import {
  newLineMachine,
  selectBoxes,
  selectCanAdd,
  selectCanType,
  selectChosenCurrency,
  selectNewLineProblem,
  selectOfferedCurrencies,
  type NewLineSnapshot,
} from '#machines/cart/new-line.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { currencies, quoteFor } from '../support/calculator-fixtures.ts';
import { newLineOracle, type NewLineSeen } from './oracles/new-line.oracle.ts';

// What the guards read, and no more, so the state space stays small.
const serializeState = (s: NewLineSnapshot): string => {
  const c = s.context;
  return JSON.stringify([s.value, c.currencyCode, c.lines.length, c.storeId, c.priced === null ? null : c.priced.foreignMinor > 0, c.typed]);
};

const EUR_ONLY = [{ currency: { code: 'EUR' } }];
const EUR_AND_USD = [{ currency: { code: 'EUR' } }, { currency: { code: 'USD' } }];

// What the spec says the shopper sees after each step of the path being replayed.
const oracle = newLineOracle({
  storeId: 1,
  productId: 2,
  lines: ['EUR'],
  // At the path's rate (USD 1.2, notes of 5 at branch 1 and 10 at branch 12).
  amounts: { 'foreign:100': 100, 'gbp:0': 0 },
});
let seen: NewLineSeen;

definePathSuite({
  name: 'new-line',
  // Alone here, the form has no cart to tell: what it tells the cart is recorded as emitted (in
  // the model too, so that it waits for the cart's answer as it does in the shop).
  machine: newLineMachine.provide({
    actions: {
      requestLine: emit(({ context }) => ({
        type: 'cart.lineAdded',
        line: { currencyCode: context.currencyCode ?? '', qty: context.priced ? context.priced.foreignMinor / 100 : 0, productId: context.productId, storeId: context.storeId },
      })),
    },
  }),
  input: { siteId: 1, storeId: 1, productId: 2, lines: EUR_ONLY, maxOrderValue: 1000 },
  events: [
    actorDone('fetchCurrencies', currencies),
    actorFailed('fetchCurrencies', { title: 'Service unavailable', status: 503 }),
    // EUR is in the cart and TRY cannot be bought: neither is offered.
    { type: 'newLine.currencyChosen', currencyCode: 'EUR' },
    { type: 'newLine.currencyChosen', currencyCode: 'TRY' },
    { type: 'newLine.currencyChosen', currencyCode: 'USD' },
    { type: 'amount.typed', picker: 'foreign', text: '100', key: '0' },
    { type: 'amount.typed', picker: 'gbp', text: '0', key: '0' },
    { type: 'amount.typed', picker: 'gbp', text: '0', key: 'Tab' },
    { type: 'amount.settled' },
    { type: 'newLine.addRequested' },
    { type: 'cart.linesChanged', lines: EUR_AND_USD, storeId: 1, productId: 2 },
    { type: 'cart.linesChanged', lines: EUR_ONLY, storeId: 1, productId: 2 },
    { type: 'cart.linesChanged', lines: EUR_ONLY, storeId: 12, productId: 2 },
    // The cart's answers to Add.
    { type: 'cart.lineSaved' },
    { type: 'cart.lineRefused', problem: { title: 'Currency not available', status: 422 } },
    actorDone('fetchQuote', quoteFor(1)),
    actorFailed('fetchQuote', { problem: { title: 'Not found', detail: 'No rate for this currency.', status: 404 } }),
  ],
  serializeState,
  assertState: (s, step) => {
    const { storeId, productId, lines } = s.context;
    seen = step.event.type === INIT_EVENT ? oracle.start({ storeId, productId, lines: lines.map((l) => l.currency.code) }) : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect(selectOfferedCurrencies(s).map((c) => c.code), `the currencies offered ${after}`).toEqual(oracle.offered(seen));
    expect(selectChosenCurrency(s), `the currency chosen ${after}`).toBe(seen.chosen);
    expect(s.hasTag('quoteLoading'), `'Getting your rate' ${after}`).toBe(oracle.gettingRate(seen));
    expect(selectNewLineProblem(s), `the message ${after}`).toBe(oracle.problemShown(seen));
    expect(selectCanType(s), `the amount boxes usable ${after}`).toBe(oracle.canType(seen));
    expect(selectCanAdd(s), `'Add currency' enabled ${after}`).toBe(oracle.canAdd(seen));
    expect(s.hasTag('typing'), `the pause after the last key ${after}`).toBe(seen.pausing);
    if (seen.typed !== null) {
      const box = seen.typed.picker === 'foreign' ? 'amount' : 'cost';
      expect(selectBoxes(s)[box], `the box being typed in ${after}`).toBe(seen.typed.text);
    }
    expect(step.emitted, `the line the cart is asked to add ${after}`).toEqual(seen.effects);
  },
});
