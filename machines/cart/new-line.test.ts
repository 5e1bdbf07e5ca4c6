import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { systemWithRecorders } from '../../tests/support/system-recorder.ts';
import { currencies, quoteFor } from '../../tests/support/calculator-fixtures.ts';
import type { FetchQuoteInput } from '../calculator/calculator.types.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { newLineMachine, selectBoxes, selectCanAdd, selectNewLineProblem, selectOfferedCurrencies } from './new-line.machine.ts';

const LINES = [{ currency: { code: 'EUR' } }];

async function startForm(maxOrderValue = 2500, productId: ProductId = 2) {
  const clock = new SimulatedClock();
  const fetchQuote = vi.fn(async (i: FetchQuoteInput) => quoteFor(i.storeId));
  const fetchCurrencies = vi.fn(async () => currencies);
  const machine = newLineMachine.provide({
    actors: { fetchQuote: fromPromise(({ input }) => fetchQuote(input)), fetchCurrencies: fromPromise(() => fetchCurrencies()) },
  });
  const emitted: AnyEventObject[] = [];
  // What it tells the other actors of the shop lands in `emitted` too.
  let answer: (reply: AnyEventObject) => void = () => {};
  const parent = systemWithRecorders(['cart'], emitted as AnyEventObject[], clock, {
    cart: () => new Promise<AnyEventObject>((resolve) => (answer = resolve)),
  });
  const actor = createActor(machine, {
    clock,
    parent,
    input: { siteId: 1, storeId: 1, productId, lines: LINES, maxOrderValue, affiliateCode: null },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  await waitFor(actor, (s) => !s.hasTag('currenciesLoading'));
  const choose = async (code: string) => {
    actor.send({ type: 'newLine.currencyChosen', currencyCode: code });
    await waitFor(actor, (s) => !s.hasTag('quoteLoading'));
  };
  const type = (picker: 'foreign' | 'gbp', text: string, key = text.at(-1) ?? '') => actor.send({ type: 'amount.typed', picker, text, key });
  return { actor, clock, fetchQuote, emitted, choose, type, answer: (reply: AnyEventObject) => answer(reply) };
}

describe("'Add new currency' (spec 2.6, 5.1)", () => {
  it('does not offer a currency already in the cart', async () => {
    const { actor, fetchQuote, choose } = await startForm();
    // TRY cannot be bought here (purchase not allowed).
    expect(selectOfferedCurrencies(actor.getSnapshot()).map((c) => c.code)).toEqual(['USD', 'THB']);
    await choose('EUR');
    expect(fetchQuote).not.toHaveBeenCalled();
    await choose('USD');
    expect(fetchQuote).toHaveBeenCalledWith({ siteId: 1, storeId: 1, productId: 2, currencyCode: 'USD', affiliateCode: null });
  });

  it('keeps Add disabled while the target is 0', async () => {
    const { actor, emitted, choose, type, clock } = await startForm();
    await choose('USD');
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'newLine.addRequested' });
    type('foreign', '0');
    clock.increment(500);
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([]);
  });

  it('prices the amount 500 ms after the last key, Tab aside, and adds the line', async () => {
    const { actor, emitted, choose, type, clock } = await startForm();
    await choose('USD');
    type('foreign', '10');
    clock.increment(300);
    type('foreign', '103');
    actor.send({ type: 'amount.typed', picker: 'foreign', text: '103', key: 'Tab' });
    clock.increment(499);
    expect(actor.getSnapshot().context.priced).toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.priced).toMatchObject({ foreignMinor: 10_500, gbpMinor: 8_750 });
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([{ type: 'cart.lineAdded', line: { currencyCode: 'USD', qty: 105, productId: 2, storeId: 1 }, replyTo: actor }]);
  });

  it.each([
    [1000, '1500', 100_000, 'Maximum order value is £1,000'],
    [5000, '4000', 250_000, null],
  ])('caps the cost at the £%i maximum and the conversion at £2,500 (%s typed)', async (max, text, gbpMinor, error) => {
    const { actor, choose, type, clock } = await startForm(max);
    await choose('USD');
    type('gbp', text);
    clock.increment(500);
    expect(actor.getSnapshot().context).toMatchObject({ priced: { gbpMinor }, amountError: error });
  });

  it.each([
    ['foreign', '9000'],
    ['gbp', '9000'],
  ] as const)('keeps the cost of capped %s %s within the £2,500 maximum: the most notes under it', async (picker, text) => {
    const { actor, choose, type, clock, fetchQuote } = await startForm(2500);
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
    const { actor, choose, type } = await startForm();
    await choose('USD');
    type('foreign', '100');
    actor.send({ type: 'newLine.addRequested' });
    actor.send({ type: 'cart.linesChanged', lines: [{ currency: { code: 'EUR' } }, { currency: { code: 'USD' } }], storeId: 1, productId: 2 });
    expect(actor.getSnapshot().context.currencyCode).toBeNull();
    expect(selectOfferedCurrencies(actor.getSnapshot()).map((c) => c.code)).toEqual(['THB']);
  });

  it('keeps the typed text in its box after the pause and shows both amounts as added once the box is left', async () => {
    const { actor, choose, type, clock } = await startForm();
    await choose('USD');
    type('foreign', '103');
    expect(selectBoxes(actor.getSnapshot())).toEqual({ amount: '103', cost: '' });
    clock.increment(500);
    expect(selectBoxes(actor.getSnapshot())).toEqual({ amount: '103', cost: '87.50' });
    actor.send({ type: 'amount.settled' });
    expect(selectBoxes(actor.getSnapshot())).toEqual({ amount: '105', cost: '87.50' });
    // Leaving the box before the pause works it out at once.
    type('gbp', '10');
    actor.send({ type: 'amount.settled' });
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
    expect(actor.getSnapshot().context.typed).toBeNull();
    expect(selectBoxes(actor.getSnapshot()).amount).not.toBe('105');
  });

  it.each([['0'], ['abc'], ['']])("keeps Add disabled while '%s' is typed, before its pause too", async (text) => {
    const { actor, choose, type, emitted } = await startForm();
    await choose('USD');
    type('foreign', '100');
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
    type('foreign', text);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([]);
  });

  it('offers sell-back only the currencies the shop buys back, floored to whole units', async () => {
    const { actor, choose, type, emitted } = await startForm(2500, 3);
    expect(selectOfferedCurrencies(actor.getSnapshot()).map((c) => c.code)).toEqual(['USD', 'TRY']);
    await choose('TRY');
    type('foreign', '100.75');
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted).toEqual([{ type: 'cart.lineAdded', line: { currencyCode: 'TRY', qty: 100, productId: 3, storeId: 1 }, replyTo: actor }]);
  });

  it("says why the rate could not be read in the server's words", async () => {
    const { actor, choose, fetchQuote } = await startForm();
    fetchQuote.mockRejectedValueOnce({ problem: { title: 'Not found', detail: 'No rate for this currency at this branch.', status: 404 } });
    await choose('USD');
    expect(actor.getSnapshot().hasTag('quoteFailed')).toBe(true);
    expect(selectNewLineProblem(actor.getSnapshot())).toBe('No rate for this currency at this branch.');
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
  });

  it("says 'Something went wrong' when the currencies cannot be read, and offers none", async () => {
    const machine = newLineMachine.provide({ actors: { fetchCurrencies: fromPromise(() => Promise.reject(new Error('offline'))) } });
    const actor = createActor(machine, { input: { siteId: 1, storeId: 1, productId: 2, lines: LINES, maxOrderValue: 2500 } }).start();
    await waitFor(actor, (s) => s.hasTag('currenciesFailed'));
    expect(selectNewLineProblem(actor.getSnapshot())).toBe('Something went wrong');
    expect(selectOfferedCurrencies(actor.getSnapshot())).toEqual([]);
  });

  it("starts again when the cart's branch or product changes, and quotes at the new branch", async () => {
    const { actor, choose, type, fetchQuote } = await startForm();
    await choose('USD');
    type('foreign', '100');
    actor.send({ type: 'cart.linesChanged', lines: LINES, storeId: 12, productId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ currencyCode: null, typed: null, priced: null, storeId: 12 });
    await choose('USD');
    expect(fetchQuote).toHaveBeenLastCalledWith(expect.objectContaining({ storeId: 12, currencyCode: 'USD' }));
  });
});

describe("'Add new currency' asks the cart and waits for its answer (spec 2.6, 8)", () => {
  it.each([
    ['saved', { type: 'cart.lineSaved' }],
    ['refused (the cart shows its problem)', { type: 'cart.lineRefused', problem: { title: 'Currency not available', status: 422 } }],
  ])('Add is disabled until the cart answers: %s', async (_name, reply) => {
    const { actor, emitted, choose, type, clock, answer } = await startForm();
    await choose('USD');
    type('foreign', '100');
    clock.increment(500);
    actor.send({ type: 'newLine.addRequested' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    // A second press while the cart is adding asks for nothing.
    actor.send({ type: 'newLine.addRequested' });
    expect(emitted.filter((e) => e.type === 'cart.lineAdded')).toHaveLength(1);
    answer(reply);
    await waitFor(actor, (s) => !s.hasTag('adding'));
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
  });
});
