/**
 * Shop front stories run the real statecharts: each story builds the actor of its screen with I/O
 * actors answering from the mock fixtures (or never, for loading states; or with a problem),
 * drives it with events into the state the story names, and renders the screen over it. No
 * server, no network, and a fixed clock, so every story looks the same each time.
 */
import { SimulatedClock, createActor, fromCallback, fromPromise, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { Place, Store } from '#domain/contract/branches.ts';
import type { Cart } from '#domain/contract/cart.ts';
import type { ChartPoint, QuoteResponse } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { NO_BANK_HOLIDAYS } from '#domain/cut-off.ts';
import type { ManagedOrder } from '#domain/contract/manage-order.ts';
import { manageOrderMachine, type ManageOrderEvent } from '#machines/manage-order/manage-order.machine.ts';
import type { GeoPoint } from '#domain/branch-search.ts';
import {
  branchFinderMachine,
  type BranchFinderEvent,
  type BranchFinderInput,
  type FindNearbyInput,
  type NearbyResult,
  type SearchPlacesInput,
} from '#machines/branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import type { CalculatorEvent, CalculatorInput, CalculatorSettings, LoadCalculatorOutput } from '#machines/calculator/calculator.types.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import type { CartEvent } from '#machines/cart/cart.types.ts';
import { chartMachine, type ChartEvent } from '#machines/chart/chart.machine.ts';
import { makeCart, makeChartPoints, makeFixtures, quoteFor } from '../../mocks/fixtures.ts';

/** A Wednesday morning in London. */
export const STORY_NOW = new Date('2026-03-04T10:00:00Z');
export const storyClock = () => STORY_NOW.getTime();
export const f = makeFixtures(STORY_NOW);

/** How a fake I/O actor answers: a value, a failure, or never. */
export type Answer<T> = { ok: T } | { fail: unknown } | 'pending';
export const ok = <T,>(value: T): Answer<T> => ({ ok: value });
export const storyProblem: Problem = { title: 'Something went wrong', detail: 'Please try again in a moment.', status: 500 };
export const fail = (problem: Problem = storyProblem): Answer<never> => ({ fail: problem });
export const pending = 'pending' as const;

/** A fake actor answering in turn (the last answer repeats). */
export function answering<T, I = unknown>(answers: Answer<T> | readonly Answer<T>[]) {
  let calls = 0;
  return fromPromise<T, I>(() => {
    const list = Array.isArray(answers) ? answers : [answers];
    const answer = (list[Math.min(calls, list.length - 1)] ?? pending) as Answer<T>;
    calls += 1;
    if (answer === pending) return new Promise<T>(() => {});
    if ('fail' in answer) return Promise.reject(answer.fail);
    return Promise.resolve(answer.ok);
  });
}

/** Lets promises and eventless transitions run. */
export const settle = async () => {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function drive<E>(actor: { send: (event: E) => void }, events: readonly (E | 'settle' | { wait: number })[], clock?: SimulatedClock) {
  await settle();
  for (const event of events) {
    if (event === 'settle') await settle();
    else if (typeof event === 'object' && event !== null && 'wait' in event) {
      // On a story's simulated clock the time passes at once; otherwise it is waited for.
      if (clock) {
        clock.increment(event.wait);
        await settle();
      } else await new Promise((r) => setTimeout(r, event.wait));
    }
    else {
      actor.send(event as E);
      await settle();
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Chart
// ------------------------------------------------------------------------------------------------

export interface ChartStoryOptions {
  path?: string;
  points?: Answer<ChartPoint[]>;
  /** The rate alert's answer. */
  alert?: Answer<{ id: string }>;
  events?: ChartEvent[];
}

export async function chartStory(options: ChartStoryOptions = {}) {
  const path = options.path ?? '/eur-to-gbp';
  const machine = chartMachine.provide({
    actors: {
      loadChart: answering(options.points ?? ok(makeChartPoints(STORY_NOW, 'EUR', true))),
      createRateAlert: answering(options.alert ?? ok({ id: '7d1c8c66-3f38-4c55-9a42-5c1d7f1a0b11' })),
    },
  });
  const actor = createActor(machine, { input: { path } }).start();
  await drive(actor, options.events ?? []);
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Manage my order
// ------------------------------------------------------------------------------------------------

export interface ManageOrderStoryOptions {
  found?: Answer<ManagedOrder>;
  cancel?: Answer<ManagedOrder>;
  changeDate?: Answer<ManagedOrder>;
  events?: ManageOrderEvent[];
}

/** The find form filled in as Jane O'Connor's order asks (mocks/fixtures.ts). */
export const filledFindForm: ManageOrderEvent[] = [
  { type: 'form.changed', field: 'reference', value: 'TM-100042' },
  { type: 'form.changed', field: 'emailAddress', value: 'jane.oconnor@example.co.uk' },
  { type: 'form.changed', field: 'dobDay', value: '27' },
  { type: 'form.changed', field: 'dobMonth', value: '3' },
  { type: 'form.changed', field: 'dobYear', value: '1985' },
];

export async function manageOrderStory(options: ManageOrderStoryOptions = {}) {
  const machine = manageOrderMachine.provide({
    actors: {
      findOrder: answering(options.found ?? ok(f.managedOrder)),
      cancelOrder: answering(options.cancel ?? ok({ ...f.managedOrder, refusal: 'cancelled', cancelledAt: STORY_NOW.toISOString(), collectionDates: [] })),
      changeCollectionDate: answering(options.changeDate ?? ok(f.managedOrder)),
    },
  });
  const actor = createActor(machine).start();
  await drive(actor, options.events ?? []);
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Cart (the header cart)
// ------------------------------------------------------------------------------------------------

export interface CartStoryOptions {
  cart?: Answer<Cart | null>;
  /** Every write's answer (create, add, update, remove, guarantees, recreate, checkout). */
  write?: Answer<Cart>;
  abandon?: Answer<void>;
  checkout?: Answer<{ orderId: string; externalOrderId: string }>;
  /** "Need more time?": the server's answer (the written cart unless given). */
  extend?: Answer<Cart>;
  events?: (CartEvent | 'settle' | { wait: number })[];
}

/** A cart of these lines with `secondsLeft` on its countdown (the story clock stands still). */
export function cartFor(lines: { code: string; qty: number }[], secondsLeft = 18 * 60 + 45, productId: 1 | 2 | 3 = 2): Cart {
  return makeCart(STORY_NOW, { lines, productId, expiresInSeconds: secondsLeft });
}

export async function cartStory(options: CartStoryOptions = {}) {
  const current = options.cart ?? ok(f.cart);
  const written = options.write ?? (current !== pending && 'ok' in current && current.ok ? ok(current.ok) : ok(f.cart));
  const machine = cartMachine.provide({
    actors: {
      fetchCart: answering(current),
      createCart: answering(written),
      addLine: answering(written),
      updateLine: answering(written),
      removeLine: answering(written),
      setBuyback: answering(written),
      setRefund: answering(written),
      recreateCart: answering(written),
      abandonCart: answering(options.abandon ?? ok(undefined)),
      checkoutCart: answering(options.checkout ?? ok(f.checkout)),
      extendCart: answering(options.extend ?? written),
    },
  });
  // The story clock stands still for the chart's timers too (they move only by a story's `wait`):
  // "We've cleared your cart" and 'You have no cart' stay on screen instead of going to / a
  // second later, however slow the machine playing the story is.
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    clock,
    input: {
      siteId: 1,
      settings: { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true },
      siteProducts: f.siteProducts,
      now: storyClock,
    },
  }).start();
  await drive(actor, options.events ?? [], clock);
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Branch finder (the selection modal's and the finder page's)
// ------------------------------------------------------------------------------------------------

export interface FinderAnswers {
  places?: Answer<Place[]>;
  geolocate?: Answer<GeoPoint>;
  nearby?: Answer<NearbyResult>;
}

/** Twelve nearby stores: pages of 5, the closed one and the one without stock on page 1. */
export const nearbyStores: Store[] = Array.from({ length: 12 }, (_, i) => {
  const store = f.stores.filter((s) => !s.isMeta)[i % 7]!;
  return i < 7 ? store : { ...store, id: 100 + i, name: `${store.name} ${i - 5}`, distanceInMiles: (store.distanceInMiles ?? 0) + 20 + i };
});

export const nearbyBranches = nearbyStores.map((store, i) => {
  const branch = f.branches[i % f.branches.length]!;
  return { branch: { ...branch, id: store.id, name: store.name }, distanceInMiles: store.distanceInMiles ?? i };
});

export const manchester = f.places[0]!;

function finderActors(answers: FinderAnswers, mode: 'modal' | 'page') {
  return {
    searchPlaces: answering<Place[], SearchPlacesInput>(answers.places ?? ok(f.places.slice(0, 2))),
    geolocate: answering<GeoPoint>(answers.geolocate ?? ok({ latitude: 53.48, longitude: -2.24 })),
    findNearby: answering<NearbyResult, FindNearbyInput>(
      answers.nearby ?? ok(mode === 'modal' ? { kind: 'stores', stores: nearbyStores } : { kind: 'branches', branches: nearbyBranches }),
    ),
  };
}

export async function branchFinderStory(options: FinderAnswers & { input?: Partial<BranchFinderInput>; events?: (BranchFinderEvent | 'settle')[] } = {}) {
  const mode = options.input?.mode ?? 'page';
  const machine = branchFinderMachine.provide({ actors: finderActors(options, mode) });
  const actor = createActor(machine, { input: { mode, siteId: 1, ...options.input } }).start();
  await drive(actor, options.events ?? []);
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Calculator
// ------------------------------------------------------------------------------------------------

export const calculatorSettings: CalculatorSettings = {
  enableSelling: f.siteSettings.enableSelling,
  embeddedMode: false,
  defaultCurrency: f.siteSettings.defaultCurrency,
  maxOrderValue: f.siteSettings.maxOrderValue,
  // No bank holiday falls near STORY_NOW (Wednesday 4 March): the cut-off line reads the weekly calendar.
  bankHolidays: NO_BANK_HOLIDAYS,
};

export const catalogue: LoadCalculatorOutput = {
  currencies: f.currencies,
  products: f.products,
  store: f.openStore,
  deliveryCentre: f.metaStore,
  content: f.calculatorContent,
};

export interface CalculatorStoryOptions extends FinderAnswers {
  settings?: Partial<CalculatorSettings>;
  input?: Partial<CalculatorInput>;
  load?: Answer<LoadCalculatorOutput>;
  /** Successive quote answers (the last one repeats). */
  quote?: Answer<QuoteResponse> | Answer<QuoteResponse>[];
  addToCart?: Answer<void>;
  events?: (CalculatorEvent | 'settle' | { wait: number })[];
  /** Sent to the branch modal's actor once it is open. */
  finderEvents?: (BranchFinderEvent | 'settle')[];
  /**
   * Hold the 500 ms pause after the last key open (a story of the typing itself), as the new-line
   * stories do: the pause lasts a day, so the story looks the same whenever it is looked at.
   */
  holdPause?: boolean;
  /** The branch chooser's machine is still on its way (its code loads as the chooser first opens). */
  holdFinderLoad?: boolean;
}

/**
 * A system holding a cart (systemId 'cart') that answers add to cart (`cart.lineAdded`) as told:
 * `cart.lineSaved`, `cart.lineRefused { problem }`, or never. The calculator joins it as a child.
 */
function systemWithCart(answer: Answer<void>): AnyActorRef {
  const root = createActor(fromCallback(() => undefined)).start();
  createActor(
    fromCallback<AnyEventObject>(({ receive }) => {
      receive((event) => {
        const replyTo = (event as { replyTo?: AnyActorRef }).replyTo;
        if (event.type !== 'cart.lineAdded' || !replyTo || answer === pending) return;
        replyTo.send('fail' in answer ? { type: 'cart.lineRefused', problem: answer.fail } : { type: 'cart.lineSaved' });
      });
    }),
    { parent: root, systemId: 'cart' },
  ).start();
  return root;
}

/** Quotes by currency, as the fixture rates give them. */
export function quoteOf(code: string, increment?: number): QuoteResponse {
  const quote = quoteFor(code);
  return increment === undefined ? quote : { ...quote, increment };
}

export async function calculatorStory(options: CalculatorStoryOptions = {}) {
  const machine = calculatorMachine.provide({
    ...(options.holdPause ? { delays: { AMOUNT_DEBOUNCE: 24 * 60 * 60 * 1000 } } : {}),
    actors: {
      loadCalculator: answering(options.load ?? ok(catalogue)),
      fetchQuote: answering(options.quote ?? ok(quoteOf('EUR'))),
      // The branch chooser's machine, as the app loads it when the chooser first opens.
      loadBranchFinder: fromPromise(() =>
        options.holdFinderLoad ? new Promise<never>(() => undefined) : Promise.resolve(branchFinderMachine.provide({ actors: finderActors(options, 'modal') })),
      ),
    },
  });
  const actor = createActor(machine, {
    parent: systemWithCart(options.addToCart ?? pending),
    // The clock stands still at STORY_NOW: the cut-off line reads the same every time.
    input: { siteId: 1, settings: { ...calculatorSettings, ...options.settings }, host: 'https://www.example.co.uk', now: () => STORY_NOW.getTime(), ...options.input },
  }).start();
  await drive(actor, options.events ?? []);
  const finder = actor.getSnapshot().children.branchFinder;
  if (finder && options.finderEvents) await drive(finder, options.finderEvents);
  return actor;
}
