import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectSlotCutOff } from '#machines/checkout/slot-cut-off.ts';
import { SHOP_TIME_ZONE, availabilityDay, londonDate, slotCaveats } from '#domain/availability.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { DeliverySlot } from '#domain/contract/order.ts';
import { messages } from '#domain/messages.ts';
import { formatGbpAmount } from '#domain/money.ts';
import { PRODUCT } from '#domain/products.ts';
import { storeAddressLines } from '#domain/store-address.ts';
import type { CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import type { CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { orderSummaryOf, type FeeLineSettings } from '#domain/order-summary.ts';
import { OrderSummaryView } from '../checkout-shared/order-summary-view.tsx';
import {
  useCheckoutCan,
  useCheckoutOrder,
  useCheckoutProblem,
  useCheckoutProductId,
  useCheckoutTag,
  useChosenSlotId,
  useDeliverySlots,
  type CheckoutActorRef,
} from '../checkout-shared/use-checkout.ts';
import { needsStoreDetails } from '#domain/order-confirmation.ts';
import { useStoreDetails } from '../confirmation/use-store-details.ts';
import { DeliveryInfoBox, DeliveryView, type DeliveryInfo, type SlotCard } from './delivery-view.tsx';

const inLondon = { in: tz(SHOP_TIME_ZONE) };

/** 'Tomorrow, Friday 27 November'; days further off read 'Friday 27 November'. */
export function slotDateLabel(date: string, now: Date): string {
  const full = format(londonDate(date), 'EEEE d MMMM', inLondon);
  const day = availabilityDay(date, now);
  if (day === messages.today || day === messages.tomorrow) return `${day.charAt(0).toUpperCase()}${day.slice(1)}, ${full}`;
  return full;
}

export function slotCardOf(slot: DeliverySlot, productId: ProductId, now: Date): SlotCard {
  return {
    id: slot.id,
    date: slotDateLabel(slot.date, now),
    method: slot.deliveryMethodName,
    price: slot.price > 0 ? formatGbpAmount(slot.price) : messages.free,
    caveats: slotCaveats(slot, productId, now),
  };
}

const SUBMIT = { type: 'delivery.submitted' } as const;
const PROBE_CHOICE = { type: 'deliverySlot.chosen', slotId: '' } as const;

export interface DeliveryScreenProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" in the checkout header. */
  cart?: CartRef | null;
  settings: FeeLineSettings;
  /** The clock for the slot notes; stories and tests fix it. */
  now?: () => Date;
}

/** /checkout/delivery-options over the checkout actor. */
export function DeliveryScreen({ checkout, countdown, cart, settings, now = () => new Date() }: DeliveryScreenProps) {
  const order = useCheckoutOrder(checkout);
  const slots = useDeliverySlots(checkout);
  const chosenSlotId = useChosenSlotId(checkout);
  // "Order within 2 h 14 m for delivery on Tuesday 25 November", read each minute by the chart.
  const cutOff = useSelector(checkout, selectSlotCutOff);
  const loading = useCheckoutTag(checkout, 'loading');
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const saving = useCheckoutTag(checkout, 'savingSlot');
  const problem = useCheckoutProblem(checkout);
  const canChoose = useCheckoutCan(checkout, PROBE_CHOICE);
  const canSubmit = useCheckoutCan(checkout, SUBMIT);

  const productId = useCheckoutProductId(checkout);
  const collection = productId !== PRODUCT.HOME_DELIVERY;
  const today = now();
  const cards = useMemo(
    () => (productId === null ? [] : slots.map((slot) => slotCardOf(slot, productId, today))),
    // The clock is read once a render; the cards change only with the slots or the product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slots, productId],
  );
  const summary = useMemo(() => (order ? orderSummaryOf(order, settings) : null), [order, settings]);
  const sellBack = productId === PRODUCT.SELL_BACK && order !== null;
  // The branch's address for the sell-back drop-off note (the checkout reads it); failed, by name only.
  const store = useStoreDetails(checkout);
  const info: DeliveryInfo = !collection
    ? { kind: 'delivery' }
    : sellBack
      ? {
          kind: 'sellBack',
          branchName: order.store.name,
          // A meta store, a failed read or no reader at all: the branch by name only.
          address: !needsStoreDetails(order) || store === 'failed' ? [] : store === null ? null : storeAddressLines(store.address),
        }
      : { kind: 'collection' };

  return (
    <CheckoutFrame
      checkout={checkout}
      countdown={countdown} cart={cart}
      page="delivery"
      title={collection ? messages.collectionTitle : messages.deliveryTitle}
      aside={
        <>
          <OrderSummaryView summary={summary} />
          <DeliveryInfoBox info={info} />
        </>
      }
    >
      <DeliveryView
        status={loadFailed ? 'loadFailed' : loading ? 'loading' : 'ready'}
        slots={cards}
        chosenSlotId={chosenSlotId}
        cutOff={cutOff}
        saving={saving}
        canChoose={canChoose || saving}
        canSubmit={canSubmit}
        loadProblem={problem}
        onChoose={(slotId) => checkout.send({ type: 'deliverySlot.chosen', slotId })}
        onSubmit={() => checkout.send(SUBMIT)}
        onRetry={() => {
          checkout.send({ type: 'problem.dismissed' });
          checkout.send({ type: 'order.reloadRequested' });
        }}
      />
    </CheckoutFrame>
  );
}
