import { useRef, useState, type RefObject } from 'react';
import type { CollectionBranches } from '#domain/contract/collection-switch.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatGbpAmount } from '#domain/money.ts';
import { collectionDayText } from '#domain/pay-at-branch.ts';
import { Button } from '#src/ui/button.tsx';
import { useFocusWhenGone } from '#src/ui/focus-kept.ts';
import { Notice } from '#src/ui/notice.tsx';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import styles from './payment.module.css';

/** A home delivery's way to a branch: offered, the branches on their way, listed, the order moving to the one chosen. */
export type SwitchStep = 'offered' | 'finding' | 'choosing' | 'switching';

export interface ProviderUnavailableViewProps {
  /** 'reserve': a collection, offered to reserve now and pay at the branch; 'switchOrRetry': a home delivery, offered a branch instead or the card again. */
  offer: 'reserve' | 'switchOrRetry';
  /** The order's branch, named in the reservation offer. */
  branchName: string;
  /** The reservation is on its way. */
  reserving: boolean;
  canReserve: boolean;
  canRetry: boolean;
  onReserve: () => void;
  onRetry: () => void;
  /** A home delivery: where its way to a branch is (the chart's tags). */
  switchStep?: SwitchStep;
  /** The branches that hold the order's currency, once read. */
  branches?: CollectionBranches | null;
  onSwitch?: () => void;
  onBranchChosen?: (storeId: number) => void;
  onSwitchCancelled?: () => void;
}

/**
 * Issue 45 part 1: the card provider is unavailable. A collection is offered 'Reserve now, pay at
 * the branch' (and the card again); a home delivery, which needs a card payment, is offered to
 * collect from a branch that holds its currency instead (then reserve it there), or the card again.
 * A refused reservation's or move's problem shows in the checkout frame's problem dialog, as every
 * failed write's.
 */
export function ProviderUnavailableView(props: ProviderUnavailableViewProps) {
  const { offer, branchName, reserving, canReserve, canRetry, onReserve, onRetry, switchStep = 'offered' } = props;
  const choosing = offer === 'switchOrRetry' && (switchStep === 'choosing' || switchStep === 'switching');
  // WCAG 2.4.3: the offer's button makes way for the list, and Back the list for the offer: focus
  // goes to the list's heading, and back to the button, instead of falling to the page's body.
  const listHeading = useRef<HTMLHeadingElement | null>(null);
  const switchButton = useRef<HTMLButtonElement | null>(null);
  useFocusWhenGone(choosing, listHeading);
  useFocusWhenGone(!choosing, switchButton);
  return (
    <div className={styles.payment}>
      <Notice tone="warning" title={messages.providerUnavailableTitle} className={styles.notice}>
        <p>{messages.providerUnavailableBody}</p>
      </Notice>
      {choosing ? (
        <BranchChoice
          headingRef={listHeading}
          branches={props.branches ?? null}
          switching={switchStep === 'switching'}
          onChosen={(storeId) => props.onBranchChosen?.(storeId)}
          onCancel={() => props.onSwitchCancelled?.()}
        />
      ) : (
        <>
          <p>{offer === 'reserve' ? formatMessage(messages.reserveAtBranchOffer, { branch: branchName }) : messages.switchToCollectionOffer}</p>
          <div className={styles.actions}>
            {offer === 'reserve' ? (
              <Button onClick={onReserve} disabled={!canReserve && !reserving} loading={reserving} loadingLabel={messages.reservingAtBranch}>
                {messages.reserveAtBranch}
              </Button>
            ) : (
              <Button
                ref={switchButton}
                onClick={() => props.onSwitch?.()}
                disabled={switchStep !== 'offered'}
                focusableWhenDisabled
                loading={switchStep === 'finding'}
                loadingLabel={messages.findingCollectionBranches}
              >
                {messages.switchToCollection}
              </Button>
            )}
            <Button variant="secondary" onClick={onRetry} disabled={!canRetry}>
              {messages.providerUnavailableTryAgain}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The branches that hold the order's currency, nearest first; one chosen moves the order there. */
function BranchChoice({
  headingRef,
  branches,
  switching,
  onChosen,
  onCancel,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  branches: CollectionBranches | null;
  switching: boolean;
  onChosen: (storeId: number) => void;
  onCancel: () => void;
}) {
  const items = branches?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(items.length === 1 ? String(items[0]!.storeId) : null);
  return (
    <section aria-labelledby="collection-branches-title">
      <h2 id="collection-branches-title" className={styles.choiceTitle} ref={headingRef} tabIndex={-1}>
        {messages.collectionBranchesTitle}
      </h2>
      {items.length === 0 ? (
        <Notice tone="info">{messages.noCollectionBranches}</Notice>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen !== null && !switching) onChosen(Number(chosen));
          }}
        >
          <p>{messages.collectionBranchesIntro}</p>
          <RadioGroup label={messages.collectionBranchesLabel} value={chosen} onChange={setChosen} isBusy={switching} className={styles.branches}>
            {items.map((branch) => (
              <Radio
                key={branch.storeId}
                value={String(branch.storeId)}
                className={styles.branch}
                description={
                  <span className={styles.branchDetails}>
                    <span>{branch.address.join(', ')}</span>
                    {branch.distanceInMiles !== null && branches?.near ? <span>{formatMessage(messages.collectionBranchDistance, { miles: branch.distanceInMiles, postcode: branches.near })}</span> : null}
                    <span>{branch.availableFrom === null ? messages.collectionBranchNoDate : formatMessage(messages.collectionBranchFrom, { date: collectionDayText(branch.availableFrom) })}</span>
                    <span className={styles.branchTotal}>{formatMessage(messages.collectionBranchTotal, { total: formatGbpAmount(branch.total) })}</span>
                  </span>
                }
              >
                <span className={styles.branchName}>{branch.name}</span>
              </Radio>
            ))}
          </RadioGroup>
          <div className={styles.actions}>
            <Button type="submit" disabled={chosen === null && !switching} focusableWhenDisabled={switching} loading={switching} loadingLabel={messages.switchingToCollection}>
              {messages.collectFromBranch}
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={switching}>
              {messages.backToPaymentOptions}
            </Button>
          </div>
        </form>
      )}
      {items.length === 0 ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {messages.backToPaymentOptions}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
