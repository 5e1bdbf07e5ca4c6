/**
 * /orders/find: manage my order over its chart (machines/manage-order). The order shows as the
 * confirmation page shows it (domain/order-confirmation.ts), with what can still be done.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { londonDate, londonDateKey } from '#domain/availability.ts';
import { formatCutOffDay } from '#domain/cut-off.ts';
import { formatStepTime, fulfilmentKindOf, stepLabel, timelineOf } from '#domain/fulfilment.ts';
import { formatDeadline, refusalText } from '#domain/manage-order.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatGbpAmount } from '#domain/money.ts';
import { confirmationOf, type ConfirmationSettings } from '#domain/order-confirmation.ts';
import { PRODUCT } from '#domain/products.ts';
import type { ActorRefFrom } from 'xstate';
import type { ManageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { FindOrderView, FoundOrderView } from './manage-order-view.tsx';
import styles from './manage-order.module.css';

export type ManageOrderActorRef = ActorRefFrom<ManageOrderMachine>;

export interface ManageOrderScreenProps {
  manageOrder: ManageOrderActorRef;
  settings: ConfirmationSettings;
  /** The clock for the order's date; stories and tests fix it. */
  now?: () => Date;
}

export function ManageOrderScreen({ manageOrder, settings, now = () => new Date() }: ManageOrderScreenProps) {
  const snapshot = useSelector(manageOrder, (s) => s);
  const { context } = snapshot;
  const found = context.found;
  const today = londonDateKey(now());
  const confirmation = useMemo(() => (found ? confirmationOf(found.order, settings, londonDate(today), null) : null), [found, settings, today]);
  const send = manageOrder.send;
  const problem = context.problem ? { title: context.problem.title, detail: context.problem.detail ?? undefined } : null;

  let content;
  if (!snapshot.matches('found') || found === null || confirmation === null) {
    content = (
      <FindOrderView
        form={context.form}
        errors={context.errors}
        searching={snapshot.hasTag('searching')}
        problem={problem}
        onChange={(field, value) => send({ type: 'form.changed', field, value })}
        onSubmit={() => send({ type: 'order.findRequested' })}
      />
    );
  } else {
    const productId = found.order.product.id;
    const refund = formatGbpAmount(found.refundAmount);
    const notice =
      context.notice === 'cancelled'
        ? [messages.orderCancelled, ...(found.refundAmount > 0 ? [formatMessage(messages.orderCancelledRefund, { amount: refund })] : [])]
        : context.notice === 'dateChanged' && confirmation.fulfilment.kind === 'collection'
          ? [formatMessage(messages.collectionDateChanged, { branch: confirmation.fulfilment.branchName, date: confirmation.fulfilment.date ?? '' })]
          : null;
    const settled =
      found.refusal === null || (found.refusal === 'cancelled' && context.notice === 'cancelled')
        ? null
        : found.refusal === 'cancelled' && found.cancelledAt !== null
          ? formatMessage(messages.orderCancelledOn, { date: formatCutOffDay(londonDateKey(new Date(found.cancelledAt))) })
          : refusalText(found.refusal, productId);
    const timeline =
      found.refusal === 'cancelled' || found.timeline.length === 0
        ? null
        : timelineOf(fulfilmentKindOf(productId), found.timeline).map(({ step, done }) => ({
            label: stepLabel(step),
            time: done === null ? null : { text: formatStepTime(done.at), iso: done.at },
            detail: done?.reference ? formatMessage(messages.trackingReferenceLine, { reference: done.reference }) : null,
          }));
    const manageable = snapshot.matches({ found: 'manageable' });
    const choosing = snapshot.matches({ found: { manageable: 'choosingDate' } }) || snapshot.hasTag('savingDate');
    content = (
      <FoundOrderView
        confirmation={confirmation}
        notice={notice}
        settled={settled}
        timeline={timeline}
        problem={problem}
        actions={
          manageable && found.changeBy !== null
            ? {
                until: formatMessage(messages.manageUntil, { time: formatDeadline(new Date(found.changeBy)) }),
                canChangeDate: productId === PRODUCT.CLICK_AND_COLLECT && found.collectionDates.length > 0,
                confirmingCancel: snapshot.matches({ found: { manageable: 'confirmingCancel' } }),
                cancelling: snapshot.hasTag('cancelling'),
                cancelNote: found.refundAmount > 0 ? formatMessage(messages.cancelRefundNote, { amount: refund }) : messages.cancelSellBackNote,
                choosingDate: choosing
                  ? {
                      dates: found.collectionDates.map((d) => ({ id: d.id, label: formatCutOffDay(d.date) })),
                      chosen: context.chosenSlotId,
                      saving: snapshot.hasTag('savingDate'),
                    }
                  : null,
              }
            : null
        }
        onCancel={() => send({ type: 'order.cancelRequested' })}
        onConfirmCancel={() => send({ type: 'order.cancelConfirmed' })}
        onKeepOrder={() => send({ type: 'order.cancelDismissed' })}
        onChangeDate={() => send({ type: 'collectionDate.changeRequested' })}
        onChooseDate={(slotId) => send({ type: 'collectionDate.chosen', slotId })}
        onSaveDate={() => send({ type: 'collectionDate.saveRequested' })}
        onKeepDate={() => send({ type: 'collectionDate.changeDismissed' })}
        onFindAnother={() => send({ type: 'order.findAnother' })}
      />
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{messages.manageOrderTitle}</h1>
      {content}
    </div>
  );
}
