import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import styles from './delivery.module.css';

export interface SlotCard {
  id: string;
  /** 'Tomorrow, Friday 27 November'. */
  date: string;
  /** 'Next working day delivery', 'Collect from 10am'. */
  method: string;
  /** '£4.99', or 'Free'. */
  price: string;
  /** The Monday note, the remote-area 48-hour note, free collection from 2pm (spec 2.7). */
  caveats: string[];
}

export interface DeliveryViewProps {
  status: 'loading' | 'loadFailed' | 'ready';
  slots: readonly SlotCard[];
  chosenSlotId: string | null;
  /** "Order within 2 h 14 m for delivery on Tuesday 25 November" (or collection from a date). */
  cutOff?: string | null;
  /** The chosen slot is being saved. */
  saving: boolean;
  canChoose: boolean;
  canSubmit: boolean;
  loadProblem: ProblemSummary | null;
  onChoose: (slotId: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

/** The delivery or collection date cards, the side info box and Next (spec 2.7). */
export function DeliveryView(props: DeliveryViewProps) {
  const { status, slots, chosenSlotId, saving, canChoose, canSubmit, loadProblem } = props;
  if (status === 'loading') return <PageLoading />;
  if (status === 'loadFailed') return <PageLoadFailed problem={loadProblem} onRetry={props.onRetry} />;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) props.onSubmit();
      }}
    >
      {props.cutOff && slots.length > 0 ? (
        <p className={styles.cutOff} data-testid="cut-off">
          {props.cutOff}
        </p>
      ) : null}
      {slots.length === 0 ? (
        <Notice tone="warning">{messages.noSlots}</Notice>
      ) : (
        <RadioGroup
          label={messages.deliverySlotsLabel}
          value={chosenSlotId}
          onChange={props.onChoose}
          isDisabled={!canChoose}
          className={styles.slots}
        >
          {slots.map((slot) => (
            <Radio key={slot.id} value={slot.id} className={styles.slot} description={<SlotDetails slot={slot} />}>
              <span className={styles.slotHeading}>
                <span className={styles.date}>{slot.date}</span>
                <span className={styles.price}>{slot.price}</span>
              </span>
            </Radio>
          ))}
        </RadioGroup>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={!canSubmit} aria-describedby={saving ? 'delivery-saving' : undefined}>
          {messages.next}
        </Button>
        {saving ? (
          <span id="delivery-saving">
            <Spinner label={messages.savingSlot} showLabel />
          </span>
        ) : null}
      </div>
    </form>
  );
}

function SlotDetails({ slot }: { slot: SlotCard }) {
  return (
    <span className={styles.details}>
      <span>{slot.method}</span>
      {slot.caveats.map((caveat) => (
        <span key={caveat} className={styles.caveat}>
          {caveat}
        </span>
      ))}
    </span>
  );
}

export type DeliveryInfo =
  | { kind: 'delivery' }
  | { kind: 'collection' }
  /** Sell-back: the branch the currency is brought to; its address is null while on its way. */
  | { kind: 'sellBack'; branchName: string; address: readonly string[] | null };

/** The side info box: what to expect of a delivery, a collection, or a sell-back drop-off. */
export function DeliveryInfoBox({ info }: { info: DeliveryInfo }) {
  return (
    <section className={styles.info} aria-labelledby="delivery-info-title">
      <h2 id="delivery-info-title" className={styles.infoTitle}>
        {messages.deliveryInfoTitle}
      </h2>
      {info.kind === 'sellBack' ? (
        <>
          <p>{formatMessage(messages.sellBackDropOffInfo, { branch: info.branchName })}</p>
          {info.address === null ? (
            <Skeleton lines={3} width="12rem" />
          ) : info.address.length > 0 ? (
            <address className={styles.branchAddress} aria-label={messages.collectionAddress}>
              {[info.branchName, ...info.address].map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
          ) : null}
        </>
      ) : (
        <p>{info.kind === 'collection' ? messages.collectionInfo : messages.deliveryInfo}</p>
      )}
    </section>
  );
}
