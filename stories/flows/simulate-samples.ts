/**
 * What Simulate starts each machine with and the payloads it offers for the events that carry
 * one: the stories' own fixtures (mocks/fixtures.ts through the story support), so the chart
 * played on a Flows page meets the same orders, slots and answers as the screen stories.
 * An event not listed is sent as `{ type }`; an actor's answer without a sample as an empty
 * output or a 500 problem.
 */
import type { AnyEventObject } from 'xstate';
import type { SampleEvent, SimulationSamples } from '#flows/simulate.ts';
import { calculatorSettings, catalogue, f, storyClock, storyProblem } from '../support/shop-front-story-support.tsx';
import { mockNotesOf } from '../../mocks/handlers.ts';

const done = (id: string, output: unknown, label?: string): SampleEvent => ({ label, event: { type: `xstate.done.actor.${id}`, output } });
const failed = (id: string, error: unknown = storyProblem): SampleEvent => ({ event: { type: `xstate.error.actor.${id}`, error } });
const sample = (event: AnyEventObject, label?: string): SampleEvent => ({ label, event });
const APP_ORIGIN = 'https://www.example.co.uk';

const checkout: SimulationSamples = {
  input: { path: '/checkout/view-cart', appOrigin: APP_ORIGIN, abandonCartUrl: '/', productId: 1, now: storyClock },
  events: {
    'checkout.pageOpened': ['/checkout/view-cart', '/checkout/delivery-options', '/checkout/customer-information', '/checkout/payment'].map((path) =>
      sample({ type: 'checkout.pageOpened', path }, path),
    ),
    'deliverySlot.chosen': [sample({ type: 'deliverySlot.chosen', slotId: f.slots[0]!.id })],
    'details.submitted': [sample({ type: 'details.submitted', details: { firstName: 'Ada' } })],
    'details.emailEntered': [sample({ type: 'details.emailEntered', email: 'ada@example.com' })],
    'frame.messageReceived': [sample({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: null })],
    'xstate.done.actor.loadOrder': [done('loadOrder', f.order)],
    'xstate.done.actor.loadDeliverySlots': [done('loadDeliverySlots', f.slots)],
    'xstate.done.actor.saveDeliverySlot': [done('saveDeliverySlot', f.order)],
    'xstate.done.actor.saveCustomerInfo': [done('saveCustomerInfo', f.customerInfoResult)],
    'xstate.done.actor.createPaymentIntent': [done('createPaymentIntent', { url: f.paymentUrl })],
    'xstate.done.actor.paymentFrame': [
      done('paymentFrame', { outcome: 'received' }, 'received'),
      done('paymentFrame', { outcome: 'failed' }, 'failed'),
      done('paymentFrame', { outcome: 'providerUnavailable' }, 'provider unavailable'),
    ],
    'xstate.error.actor.paymentFrame': [failed('paymentFrame', { message: 'frame stopped' })],
    // Cards failing (issue 45 part 1): the reservation at the branch, and a home delivery moved to one.
    'xstate.done.actor.reserveAtBranch': [done('reserveAtBranch', { ...f.order, state: { value: 5 } })],
    'xstate.done.actor.loadCollectionBranches': [done('loadCollectionBranches', f.collectionBranches)],
    'collection.branchChosen': f.collectionBranches.items.map((branch) => sample({ type: 'collection.branchChosen', storeId: branch.storeId }, branch.name)),
    'xstate.done.actor.switchToCollection': [done('switchToCollection', { ...f.order, state: { value: 0 }, product: { id: 2, name: 'Click and collect' }, deliverySlot: null })],
  },
};

/** Per Flows page name (flows/flow-machines.ts). */
export const SIMULATION_SAMPLES: Record<string, SimulationSamples> = {
  shop: { input: { siteId: 1, affiliateCode: null, appOrigin: APP_ORIGIN, openingPath: '/' } },
  session: { input: { siteId: 1, now: storyClock } },
  'authorised-call': { input: { lineId: 'line-1' }, events: { 'session.ready': [sample({ type: 'session.ready', token: f.token })] } },
  calculator: {
    input: { siteId: 1, settings: calculatorSettings, host: APP_ORIGIN, now: storyClock },
    events: { 'xstate.done.actor.loadCalculator': [done('loadCalculator', catalogue)] },
  },
  cart: {
    input: { siteId: 1, settings: { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true }, siteProducts: f.siteProducts, now: storyClock },
  },
  countdown: { input: { expiresAt: new Date(storyClock() + 30 * 60_000), now: storyClock } },
  'new-line': { input: { siteId: 1, storeId: f.openStore.id, productId: 2, lines: [], maxOrderValue: 2500 } },
  // The notes you want: the story cart's lines, €500 of them opened and counted in €50 notes.
  'note-mix': {
    events: {
      'xstate.done.actor.loadNotes': [done('loadNotes', mockNotesOf(f.cart))],
      'xstate.done.actor.saveNotes': [done('saveNotes', mockNotesOf(f.cart))],
      'notes.editOpened': [sample({ type: 'notes.editOpened', lineId: f.cart.lines[0]!.id }, f.cart.lines[0]!.currency.pluralName)],
      'notes.kindChosen': (['mixed', 'smaller', 'larger', 'exact'] as const).map((kind) => sample({ type: 'notes.kindChosen', kind }, kind)),
      'notes.countChanged': [sample({ type: 'notes.countChanged', value: 50, count: 10 }, '10 × €50')],
    },
  },
  'branch-finder': { input: { mode: 'page', siteId: 1 }, events: { 'place.typed': [sample({ type: 'place.typed', text: 'Manchester' })], 'place.selected': [sample({ type: 'place.selected', place: f.places[0] })] } },
  checkout,
  'payment-frame': { input: { appOrigin: APP_ORIGIN, paymentUrl: f.paymentUrl } },
  'payment-response': { input: { orderId: f.order.id }, events: { 'xstate.done.actor.loadOrder': [done('loadOrder', f.completedOrder, 'completed order'), done('loadOrder', f.order, 'order awaiting payment')] } },
  chart: { input: { path: '/eur-to-gbp' }, events: { 'chart.intervalChosen': [sample({ type: 'chart.intervalChosen', interval: '1M' })] } },
  'manage-order': {},
  read: { input: { storeId: f.openStore.id } },
  // A home delivery: its dispatch carries the courier's tracking reference.
  fulfilment: { input: { kind: 'homeDelivery' }, events: { 'staff.dispatched': [sample({ type: 'staff.dispatched', reference: 'JD0001 2345 6789' })] } },
};
