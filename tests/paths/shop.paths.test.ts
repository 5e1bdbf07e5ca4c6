import { expect } from 'vitest';
import { createMachine, fromCallback } from 'xstate';
import { siteProducts, siteSettings } from '../../mocks/fixtures.ts';
import type { EffectsEvent } from '#machines/shop/effects.ts';
import type { cartMachine } from '#machines/cart/cart.machine.ts';
import { selectCartPresence, shopMachine, type AddressLookupMachine, type ShopSnapshot } from '#machines/shop/shop.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { shopOracle, type ShopSeen } from './oracles/shop.oracle.ts';

const failure = new TypeError('Failed to fetch');
const shopSettings = { settings: siteSettings, siteProducts };
const manageOrder = createMachine({ id: 'manageOrder' });
const branchFinder = createMachine({ id: 'branchFinder' });
const route = (path: string) => ({ type: 'route.changed', path, search: '', params: {} });
let seen: ShopSeen;
/** What the header shows of the cart's presence, from the oracle's cart. */
const presenceOf = (cart: ShopSeen['cart']) => (cart === 'running' ? 'running' : cart === 'none' ? 'none' : cart === 'failed' ? 'failed' : 'pending');
let reported: string[] = [];

const effects = fromCallback<EffectsEvent>(({ receive }) => {
  receive((event) => {
    if (event.type === 'error.reported') reported.push(event.where);
  });
});

const shown = (s: ShopSnapshot): ShopSeen['shows'] => {
  if (s.hasTag('pageFailed')) return 'pageFailed';
  if (s.matches({ ready: { pages: 'loadingPages' } })) return 'pageSpinner';
  if (s.hasTag('ready')) return 'page';
  if (s.hasTag('failed')) return 'somethingWentWrong';
  return s.hasTag('loading') ? 'spinner' : 'nothing';
};
/**
 * The cart as the shop reads it when a page opens (a calculator takes its type and branch, a
 * checkout its product): a cart with no order yet. Its own paths are the cart suite's.
 */
// The stand-in answers the snapshot the shop reads, not the cart's whole type.
const noCart = createMachine({ id: 'cart', context: { cart: null } }) as unknown as typeof cartMachine;
const SHOP_OWN = ['session', 'effects', 'loadSettings', 'loadPages', 'cartExpected', 'loadCart', 'cart'];
const line = { currencyCode: 'EUR', qty: 200, productId: 2, storeId: 1 };
const checkout = createMachine({ id: 'checkout' });
const newLine = createMachine({ id: 'newLine' });
const addressLookup = createMachine({ id: 'addressLookup' }) as unknown as AddressLookupMachine;
const actors = (s: ShopSnapshot): string[] => Object.keys(s.children).filter((id) => !SHOP_OWN.includes(id)).sort();

definePathSuite({
  name: 'shop',
  machine: shopMachine,
  input: { siteId: 1, affiliateCode: null, appOrigin: 'https://shop.example' },
  provide: { actors: { effects } },
  isolateSystems: true,
  // A journey's log names the page machines `loadPages` (and `loadCart`) answered ('machine
  // checkout'): each becomes a stand-in of that id, as manage my order's is here.
  replayEvent: (event) =>
    event.type === 'xstate.done.actor.loadPages' || event.type === 'xstate.done.actor.loadCart'
      ? {
          ...event,
          output: Object.fromEntries(
            Object.entries((event.output ?? {}) as Record<string, unknown>).flatMap(([page, logic]) =>
              typeof logic === 'string' && logic.startsWith('machine ') ? [[page, createMachine({ id: logic.slice('machine '.length) })]] : [],
            ),
          ),
        }
      : event,
  events: [
    actorDone('loadSettings', shopSettings),
    actorFailed('loadSettings', failure),
    { type: 'settings.retried' },
    route('/branches'),
    route('/orders/find'),
    actorDone('loadPages', { manageOrder }),
    actorDone('loadPages', { branchFinder }),
    actorFailed('loadPages', failure),
    { type: 'pages.retried' },
    { type: 'addressLookup.requested', postcode: 'M1 1AA' },
    { type: 'addressLookup.cleared' },
    actorDone('cartExpected', true),
    actorDone('cartExpected', false),
    actorFailed('cartExpected', failure),
    { type: 'cart.lineAdded', line },
    actorDone('loadCart', { cart: noCart }),
    actorDone('loadCart', {}),
    actorFailed('loadCart', failure),
    route('/checkout/view-cart'),
    // The checkout's pages bring the details form's address lookup.
    actorDone('loadPages', { checkout, newLine, cart: noCart, addressLookup }),
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.route?.path ?? null, actors(s), Object.keys(s.context.loaded), s.context.cartStarted, s.context.lineForCart !== null]),
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) {
      seen = shopOracle.start();
      reported = [];
    } else seen = shopOracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect(shown(s), `what the page shows ${after}`).toBe(seen.shows);
    expect(actors(s), `the screens' actors ${after}`).toEqual(seen.actors);
    // The session and the effects run from the start; the cart once the settings are read (with their rules).
    expect(s.children.session).toBeDefined();
    expect(s.children.effects).toBeDefined();
    expect(s.children.cart !== undefined, `the cart runs ${after}`).toBe(seen.cart === 'running');
    expect(selectCartPresence(s), `where the cart is ${after}`).toBe(presenceOf(seen.cart));
    expect(s.context.lineForCart !== null, `a line waits for the cart ${after}`).toBe(seen.lineWaiting);
    expect(reported, `what was reported ${after}`).toEqual(seen.reports);
    reported = [];
  },
});
