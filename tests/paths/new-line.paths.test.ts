import { expect } from 'vitest';
import { emit } from 'xstate';
import { newLineMachine, selectCanAdd, selectOfferedCurrencies, type NewLineSnapshot } from '#machines/cart/new-line.machine.ts';
import { actorDone, actorFailed, definePathSuite } from '../support/graph-coverage.ts';
import { currencies, quoteFor } from '../support/calculator-fixtures.ts';

const serializeState = (s: NewLineSnapshot): string => {
  const c = s.context;
  return JSON.stringify([s.value, c.currencyCode, c.lines.length, c.priced === null ? null : c.priced.foreignMinor > 0, c.typed]);
};

definePathSuite({
  name: 'new-line',
  machine: newLineMachine,
  // Alone here, the chart has no other actors to tell: what it tells them is recorded as emitted.
  provide: {
    actions: {
      requestLine: emit(({ context }) => ({
        type: 'cart.lineAdded',
        line: { currencyCode: context.currencyCode ?? '', qty: context.priced ? context.priced.foreignMinor / 100 : 0, productId: context.productId, storeId: context.storeId },
      })),
    },
  },
  input: { siteId: 1, storeId: 1, productId: 2, currencies, lines: [{ currency: { code: 'EUR' } }], maxOrderValue: 1000 },
  events: [
    { type: 'newLine.currencyChosen', currencyCode: 'EUR' },
    { type: 'newLine.currencyChosen', currencyCode: 'USD' },
    { type: 'amount.typed', picker: 'foreign', text: '100', key: '0' },
    { type: 'amount.typed', picker: 'gbp', text: '0', key: '0' },
    { type: 'amount.typed', picker: 'gbp', text: '0', key: 'Tab' },
    { type: 'newLine.addRequested' },
    { type: 'cart.linesChanged', lines: [{ currency: { code: 'EUR' } }, { currency: { code: 'USD' } }] },
    { type: 'cart.linesChanged', lines: [{ currency: { code: 'EUR' } }] },
    actorDone('fetchQuote', quoteFor(1)),
    actorFailed('fetchQuote', { title: 'No rate', status: 404 }),
  ],
  serializeState,
  assertState: (s, step) => {
    const offered = selectOfferedCurrencies(s).map((c) => c.code);
    for (const line of s.context.lines) expect(offered).not.toContain(line.currency.code);
    if (s.context.currencyCode !== null) expect(offered).toContain(s.context.currencyCode);
    const requests = step.emitted.filter((e) => e.type === 'cart.lineAdded');
    if (requests.length > 0) {
      expect(step.event.type).toBe('newLine.addRequested');
      expect(requests).toEqual([{ type: 'cart.lineAdded', line: { currencyCode: 'USD', qty: 100, productId: 2, storeId: 1 } }]);
    }
    if (!s.matches({ quote: 'loaded' })) expect(selectCanAdd(s)).toBe(false);
  },
});
