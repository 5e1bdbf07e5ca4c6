import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { systemWithRecorders } from '../../tests/support/system-recorder.ts';
import { currencies, quoteFor } from '../../tests/support/calculator-fixtures.ts';
import type { FetchQuoteInput } from '../calculator/calculator.machine.ts';
import { newLineMachine, selectCanAdd, selectOfferedCurrencies } from './new-line.machine.ts';

function startForm(maxOrderValue = 2500) {
  const clock = new SimulatedClock();
  const fetchQuote = vi.fn(async (i: FetchQuoteInput) => quoteFor(i.storeId));
  const emitted: AnyEventObject[] = [];
  // What it tells the other actors of the shop lands in `emitted` too.
  const parent = systemWithRecorders(['cart'], emitted as AnyEventObject[], clock);
  const actor = createActor(newLineMachine.provide({ actors: { fetchQuote: fromPromise(({ input }) => fetchQuote(input)) } }), {
    clock,
    parent,
    input: { siteId: 1, storeId: 1, productId: 2, currencies, lines: [{ currency: { code: 'EUR' } }], maxOrderValue, affiliateCode: null },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const choose = async (code: string) => {
    actor.send({ type: 'newLine.currencyChosen', currencyCode: code });
    await waitFor(actor, (s) => !s.hasTag('quoteLoading'));
  };
  const type = (picker: 'foreign' | 'gbp', text: string, key = text.at(-1) ?? '') => actor.send({ type: 'amount.typed', picker, text, key });
  return { actor, clock, fetchQuote, emitted, choose, type };
}

describe("'Add new currency' (spec 2.6, 5.1)", () => {
  it('does not offer a currency already in the cart', async () => {
    const { actor, fetchQuote, choose } = startForm();
    expect(selectOfferedCurrencies(actor.getSnapshot()).map((c) => c.code)).toEqual(['USD', 'TRY', 'THB']);
    await choose('EUR');
    expect(fetchQuote).not.toHaveBeenCalled();
    await choose('USD');
    expect(fetchQuote).toHaveBeenCalledWith({ siteId: 1, storeId: 1, productId: 2, currencyCode: 'USD', affiliateCode: null });
  });

  it('keeps Add disabled while the target is 0', async () => {
    const { actor, emitted, choose, type, clock } = startForm();
    await choose('USD');
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'newLine.addRequested' });
    type('foreign', '0');
    clock.increment(500);
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([]);
  });

  it('prices the amount 500 ms after the last key, Tab aside, and adds the line', async () => {
    const { actor, emitted, choose, type, clock } = startForm();
    await choose('USD');
    type('foreign', '10');
    clock.increment(300);
    type('foreign', '103');
    actor.send({ type: 'amount.typed', picker: 'foreign', text: '103', key: 'Tab' });
    clock.increment(499);
    expect(actor.getSnapshot().context.priced?.foreignMinor).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.priced).toMatchObject({ foreignMinor: 10_500, gbpMinor: 8_750 });
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([{ type: 'cart.lineAdded', line: { currencyCode: 'USD', qty: 105, productId: 2, storeId: 1 } }]);
  });

  it.each([
    [1000, '1500', 100_000, 'Maximum order value is £1,000'],
    [5000, '4000', 250_000, null],
  ])('caps the cost at the £%i maximum and the conversion at £2,500 (%s typed)', async (max, text, gbpMinor, error) => {
    const { actor, choose, type, clock } = startForm(max);
    await choose('USD');
    type('gbp', text);
    clock.increment(500);
    expect(actor.getSnapshot().context).toMatchObject({ priced: { gbpMinor }, amountError: error });
  });

  it.each([
    ['foreign', '9000'],
    ['gbp', '9000'],
  ] as const)('keeps the cost of capped %s %s within the £2,500 maximum: the most notes under it', async (picker, text) => {
    const { actor, choose, type, clock, fetchQuote } = startForm(2500);
    fetchQuote.mockResolvedValueOnce({ rate: 1.2561, price: 0.7961, increment: 5, rateTiers: [] });
    await choose('USD');
    type(picker, text);
    clock.increment(500);
    // £2,500 buys $3,140.25: $3,145 would cost £2,503.78, $3,140 costs £2,499.81.
    expect(actor.getSnapshot().context).toMatchObject({
      priced: { foreignMinor: 314_000, gbpMinor: 249_981 },
      amountError: 'Maximum order value is £2,500',
    });
  });

  it('starts again once the added currency is in the cart', async () => {
    const { actor, choose, type } = startForm();
    await choose('USD');
    type('foreign', '100');
    actor.send({ type: 'newLine.addRequested' });
    actor.send({ type: 'cart.linesChanged', lines: [{ currency: { code: 'EUR' } }, { currency: { code: 'USD' } }] });
    expect(actor.getSnapshot().context.currencyCode).toBeNull();
    expect(selectOfferedCurrencies(actor.getSnapshot()).map((c) => c.code)).toEqual(['TRY', 'THB']);
  });
});
