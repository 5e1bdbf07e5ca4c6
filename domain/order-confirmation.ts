/**
 * What the confirmation page shows of a placed order (spec 2.12), read from the order, the site
 * settings and, for a branch order, the branch's address and opening times.
 */
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { SHOP_TIME_ZONE, formatLongDate, londonDate, openingDaysFromStore, openingTimesRows } from './availability.ts';
import type { OpeningTimes, StoreAddress } from './contract/branches.ts';
import type { Order } from './contract/order.ts';
import { branchEmailDisclaimer, formatMessage, messages } from './messages.ts';
import { postalAddressLines } from './postal-address.ts';
import { PRODUCT } from './products.ts';
import { storeAddressLines } from './store-address.ts';
import { orderSummaryOf, type FeeLineSettings, type OrderSummary } from './order-summary.ts';
import { ORDER_STATE } from './order-state.ts';
import { heldUntilParts } from './pay-at-branch.ts';

const inLondon = { in: tz(SHOP_TIME_ZONE) };

/** The branch's address and opening times (GET .../stores/{id}/address and /opening-times). */
export interface StoreDetails {
  address: StoreAddress;
  openingTimes: OpeningTimes | null;
}

export type Fulfilment =
  | { kind: 'delivery'; title: string; date: string | null; method: string | null; address: string[] }
  | {
      kind: 'collection';
      title: string;
      date: string | null;
      method: string | null;
      branchName: string;
      /** null while the branch's address is on its way (or could not be read). */
      address: string[] | null;
      /** Only for branches that are not meta stores. */
      openingTimes: { rows: { label: string; hours: string }[]; comment: string | null } | null;
    };

export interface CustomerSummary {
  name: string;
  email: string;
  phone: string;
  address: string[];
}

/** The site settings a confirmation reads: its fee lines, and whether it is the partner site (spec 6). */
export type ConfirmationSettings = FeeLineSettings & { isPartner: boolean };

export interface Confirmation {
  reference: string;
  /** Today's date, '27 November 2026'. */
  date: string;
  sellBack: boolean;
  summary: OrderSummary;
  fulfilment: Fulfilment;
  /** What happens next: when and where to collect or bring the currency, or when it arrives. */
  nextSteps: string[];
  /** Reserved to pay at the branch (state 5): the steps say what to pay, by when, and what to bring. */
  reserved: boolean;
  customer: CustomerSummary | null;
  /**
   * Spec 6: 'Your branch may email you about your order and its collection.' on a click and
   * collect order; null for other orders and on the partner site ('no branch email disclaimer').
   */
  branchEmailDisclaimer: string | null;
}

const present = (parts: readonly (string | null | undefined)[]): string[] =>
  parts.map((p) => p?.trim() ?? '').filter((p) => p !== '');


function slotDate(order: Order): string | null {
  return order.deliverySlot ? format(londonDate(order.deliverySlot.date), 'EEEE d MMMM yyyy', inLondon) : null;
}

/** Does the confirmation need the branch's address and opening times? */
export function needsStoreDetails(order: Order): boolean {
  return order.product.id !== PRODUCT.HOME_DELIVERY && !order.store.isMeta;
}

/**
 * When and where the shopper collects or brings the currency, what ID to bring, or when it arrives.
 * A branch order that needs additional identification asks for proof of address too.
 */
export function nextStepsOf(fulfilment: Fulfilment, sellBack: boolean, identificationRequired = false): string[] {
  if (fulfilment.kind === 'delivery') {
    const when = fulfilment.date ? formatMessage(messages.nextDelivery, { date: fulfilment.date, method: fulfilment.method ?? messages.homeDelivery }) : null;
    return [when, messages.deliveryInfo].filter((s): s is string => s !== null);
  }
  const branch = fulfilment.branchName;
  if (sellBack) {
    const where = fulfilment.date
      ? formatMessage(messages.nextSellBack, { branch, date: fulfilment.date })
      : formatMessage(messages.nextSellBackNoDate, { branch });
    return [where, messages.nextSellBackId, ...(identificationRequired ? [messages.nextProofOfAddress] : [])];
  }
  const where = fulfilment.date ? formatMessage(messages.nextCollect, { branch, date: fulfilment.date }) : formatMessage(messages.nextCollectNoDate, { branch });
  return [where, messages.nextCollectId, ...(identificationRequired ? [messages.nextProofOfAddress] : [])];
}

/**
 * A reservation's steps (issue 45 part 1): pay the total at the branch before it closes on the
 * collection day (when the order's hold ends), what is held until then, and what to bring.
 */
export function reservationStepsOf(order: Order, total: string, identificationRequired: boolean): string[] {
  const { time, date } = heldUntilParts(order.expiresAt);
  return [
    formatMessage(messages.reservationPay, { amount: total, branch: order.store.name, time, date }),
    messages.reservationHeld,
    formatMessage(messages.reservationBring, { reference: order.externalOrderId }),
    ...(identificationRequired ? [messages.nextProofOfAddress] : []),
  ];
}

/** `store`: the branch's details, null while on their way, 'failed' when they could not be read. */
export function confirmationOf(order: Order, settings: ConfirmationSettings, now: Date, store: StoreDetails | 'failed' | null): Confirmation {
  const summary = orderSummaryOf(order, settings);
  const customer = order.customer;
  const customerAddress = customer
    ? postalAddressLines(customer.address.houseNameNumber, customer.address.addressLine1, [customer.address.addressLine2, customer.address.townCity, customer.address.postcodeZip])
    : [];
  let fulfilment: Fulfilment;
  if (order.product.id === PRODUCT.HOME_DELIVERY) {
    const delivery = order.deliveryAddress;
    const address = delivery
      ? postalAddressLines(delivery.buildingNameNumber, delivery.address1, [delivery.address2, delivery.address3, delivery.address4, delivery.postcode])
      : customerAddress;
    fulfilment = {
      kind: 'delivery',
      title: messages.deliveryDetails,
      date: slotDate(order),
      method: order.deliverySlot?.deliveryMethodName ?? null,
      address,
    };
  } else {
    const details = store === 'failed' ? null : store;
    const times = !order.store.isMeta ? (details?.openingTimes ?? null) : null;
    fulfilment = {
      kind: 'collection',
      title: messages.collectionDetails,
      date: slotDate(order),
      method: order.deliverySlot?.deliveryMethodName ?? null,
      branchName: order.store.name,
      address: order.store.isMeta || store === 'failed' ? [] : details ? storeAddressLines(details.address) : null,
      openingTimes: times ? openingTimesRows(openingDaysFromStore(times), times.openingTimeComment) : null,
    };
  }
  const reserved = order.state.value === ORDER_STATE.RESERVED_PAY_AT_BRANCH;
  return {
    reference: order.externalOrderId,
    date: formatLongDate(now),
    sellBack: summary.sellBack,
    summary,
    fulfilment,
    nextSteps: reserved
      ? reservationStepsOf(order, summary.total, order.identificationRequired === true)
      : nextStepsOf(fulfilment, summary.sellBack, order.identificationRequired === true),
    reserved,
    customer: customer
      ? {
          name: present([customer.title, customer.firstName, customer.lastName]).join(' '),
          email: customer.email,
          phone: customer.phoneNumber,
          address: customerAddress,
        }
      : null,
    branchEmailDisclaimer: fulfilment.kind === 'collection' && !summary.sellBack ? branchEmailDisclaimer(settings) : null,
  };
}
