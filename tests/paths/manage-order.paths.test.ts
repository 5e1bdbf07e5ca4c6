import { expect } from 'vitest';
import type { ManagedOrder } from '#domain/contract/manage-order.ts';
import { readFindOrderForm } from '#domain/find-order.ts';
import { manageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { makeFixtures } from '../../mocks/fixtures.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';

const f = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const collect: ManagedOrder = f.managedOrder;
const home: ManagedOrder = { ...collect, order: { ...collect.order, product: { id: 1, name: 'Home delivery' } }, collectionDates: [] };
const tooLate: ManagedOrder = { ...collect, refusal: 'tooLate', collectionDates: [] };
const cancelled: ManagedOrder = { ...collect, refusal: 'cancelled', cancelledAt: '2026-11-27T10:05:00.000Z', collectionDates: [] };
const moved: ManagedOrder = { ...collect, collectionDates: collect.collectionDates.slice(1) };
const notFound = { status: 404, title: 'Order not found', detail: "We couldn't find a paid order with those details." };
const expired = { status: 403, title: 'Please find your order again', detail: 'This page has been open too long.' };
const conflict = { status: 409, title: 'This order can no longer be changed', detail: 'This order can no longer be changed or cancelled online.' };
const firstDate = collect.collectionDates[0]!.id;

// What the page allows, from its rules: the find form sends only when every field reads right; a
// found order that can change offers cancel (asked first) and, for click and collect with other
// dates, a date change; one that cannot says why; an expired key goes back to the form.
definePathSuite({
  name: 'manage-order',
  machine: manageOrderMachine,
  events: [
    { type: 'form.changed', field: 'reference', value: 'tm-100042' },
    { type: 'form.changed', field: 'emailAddress', value: 'jane.oconnor@example.co.uk' },
    { type: 'form.changed', field: 'emailAddress', value: 'jane' },
    { type: 'form.changed', field: 'dobDay', value: '27' },
    { type: 'form.changed', field: 'dobMonth', value: '3' },
    { type: 'form.changed', field: 'dobYear', value: '1985' },
    { type: 'order.findRequested' },
    { type: 'order.cancelRequested' },
    { type: 'order.cancelConfirmed' },
    { type: 'order.cancelDismissed' },
    { type: 'collectionDate.changeRequested' },
    { type: 'collectionDate.chosen', slotId: firstDate },
    { type: 'collectionDate.chosen', slotId: 'collection-2001-01-01' },
    { type: 'collectionDate.saveRequested' },
    { type: 'collectionDate.changeDismissed' },
    { type: 'order.findAnother' },
    { type: 'problem.dismissed' },
    actorDone('findOrder', collect),
    actorDone('findOrder', home),
    actorDone('findOrder', tooLate),
    actorFailed('findOrder', notFound),
    actorDone('cancelOrder', cancelled),
    actorFailed('cancelOrder', expired),
    actorFailed('cancelOrder', conflict),
    actorDone('changeCollectionDate', moved),
    actorFailed('changeCollectionDate', expired),
    actorFailed('changeCollectionDate', conflict),
  ],
  // What the guards read: the form (whether it reads right), the order's refusal and other dates, the date chosen.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form,
      s.context.found?.refusal ?? null,
      s.context.found?.collectionDates.length ?? 0,
      s.context.chosenSlotId !== null,
    ]),
  assertState: (s, step) => {
    const c = s.context;
    const type = step.event.type;
    expect(s.hasTag('searching')).toBe(s.matches({ finding: 'searching' }));
    expect(s.hasTag('cancelling')).toBe(s.matches({ found: { manageable: 'cancelling' } }));
    expect(s.hasTag('savingDate')).toBe(s.matches({ found: { manageable: 'savingDate' } }));
    // Nothing is sent with a field that reads wrong: the form says which.
    if (type === 'order.findRequested' && s.matches('finding')) {
      const read = readFindOrderForm(c.form);
      expect(s.matches({ finding: 'searching' })).toBe(read.request !== null);
      if (read.request === null) expect(c.errors).toEqual(read.errors);
    }
    if (s.matches('found')) {
      expect(c.found).not.toBeNull();
      // Changeable orders offer their changes; the others only say why.
      expect(s.matches({ found: 'manageable' })).toBe(c.found?.refusal === null);
      expect(s.can({ type: 'order.cancelRequested' })).toBe(s.matches({ found: { manageable: 'viewing' } }));
      expect(s.can({ type: 'collectionDate.changeRequested' })).toBe(s.matches({ found: { manageable: 'viewing' } }) && (c.found?.collectionDates.length ?? 0) > 0);
    }
    // Only a date the branch offers is chosen, and only while choosing or saving.
    if (c.chosenSlotId !== null) {
      expect(s.matches({ found: { manageable: 'choosingDate' } }) || s.matches({ found: { manageable: 'savingDate' } })).toBe(true);
      expect(c.found?.collectionDates.some((d) => d.id === c.chosenSlotId)).toBe(true);
    }
    if (type === 'xstate.done.actor.cancelOrder') {
      expect(s.matches({ found: 'settled' })).toBe(true);
      expect(c.notice).toBe('cancelled');
    }
    if (type === 'xstate.done.actor.changeCollectionDate') {
      expect(s.matches({ found: { manageable: 'viewing' } })).toBe(true);
      expect(c.notice).toBe('dateChanged');
    }
    // An expired key: back to the form, saying so.
    if (type.startsWith('xstate.error.actor.') && (step.event as { error?: { status?: number } }).error?.status === 403) {
      expect(s.matches({ finding: 'editing' })).toBe(true);
      expect(c.problem?.title).toBe('Please find your order again');
    }
    if (type === 'xstate.error.actor.findOrder') expect(c.problem?.title).toBe('Order not found');
    if (type === 'order.findAnother') expect(c).toMatchObject({ found: null, notice: null, problem: null });
    if (type === INIT_EVENT) expect(s.matches({ finding: 'editing' })).toBe(true);
  },
});
