/**
 * The actor system under the shop: every long-lived actor's systemId, and the one way any actor
 * reaches another by it. `systemActor(system, SYSTEM_ID.cart)` is typed as the cart's actor, so an
 * event sent to it is checked against the events the cart takes; a plain `system.get('cart')`
 * would be any actor at all.
 *
 * Types only from the machines (no runtime import): each machine imports this module.
 */
import type { ActorRefFrom } from 'xstate';
import type { BranchDetailsData, LookupAddress } from '#domain/contract/branches.ts';
import type { CheckoutContent, RatesBoard } from '#domain/contract/catalogue.ts';
import type { StoreDetails } from '#domain/order-confirmation.ts';
import type { BranchFinderMachine } from './branch-finder/branch-finder.machine.ts';
import type { CalculatorMachine } from './calculator/calculator.machine.ts';
import type { CartMachine } from './cart/cart.machine.ts';
import type { NewLineMachine } from './cart/new-line.machine.ts';
import type { ChartMachine } from './chart/chart.machine.ts';
import type { CheckoutMachine } from './checkout/checkout.machine.ts';
import type { ManageOrderMachine } from './manage-order/manage-order.machine.ts';
import type { PaymentResponseMachine } from './payment/payment-response.machine.ts';
import type { ReadMachine } from './read/read.machine.ts';
import type { SessionMachine } from './session/session.machine.ts';
import type { EffectsLogic } from './shop/effects.ts';
import type { ShopMachine } from './shop/shop.machine.ts';

/** The logic of each actor the system names. */
export interface SystemActors {
  shop: ShopMachine;
  session: SessionMachine;
  cart: CartMachine;
  /** Carries out what the machines ask of the world outside the actors (src/app/effects.ts). */
  effects: EffectsLogic;
  calculator: CalculatorMachine;
  branchFinder: BranchFinderMachine;
  checkout: CheckoutMachine;
  chart: ChartMachine;
  paymentResponse: PaymentResponseMachine;
  newLine: NewLineMachine;
  manageOrder: ManageOrderMachine;
  ratesBoard: ReadMachine<RatesBoard, Record<string, never>>;
  checkoutContent: ReadMachine<CheckoutContent, Record<string, never>>;
  branchDetails: ReadMachine<BranchDetailsData | null, { branchCode: string }>;
  addressLookup: ReadMachine<LookupAddress[], { postcode: string }>;
  storeDetails: ReadMachine<StoreDetails, { storeId: number }>;
}

export type SystemId = keyof SystemActors;

/** Every systemId, by name: `systemId: SYSTEM_ID.cart`. */
export const SYSTEM_ID = {
  shop: 'shop',
  session: 'session',
  cart: 'cart',
  effects: 'effects',
  calculator: 'calculator',
  branchFinder: 'branchFinder',
  checkout: 'checkout',
  chart: 'chart',
  paymentResponse: 'paymentResponse',
  newLine: 'newLine',
  manageOrder: 'manageOrder',
  ratesBoard: 'ratesBoard',
  checkoutContent: 'checkoutContent',
  branchDetails: 'branchDetails',
  addressLookup: 'addressLookup',
  storeDetails: 'storeDetails',
} as const satisfies { [Id in SystemId]: Id };

export type SystemActorRef<Id extends SystemId> = ActorRefFrom<SystemActors[Id]>;

/** What of an actor system `systemActor` reads (any actor's `system`). */
export interface SystemLookup {
  get(systemId: string): unknown;
}

/** The actor of the system with this systemId, typed as that actor; undefined when it is not running. */
export function systemActor<Id extends SystemId>(system: SystemLookup, id: Id): SystemActorRef<Id> | undefined {
  // The system holds any actor by id; SystemActors says which logic each id is given.
  return system.get(id) as SystemActorRef<Id> | undefined;
}
