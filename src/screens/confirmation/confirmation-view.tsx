import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { OpeningTimesTable } from '#src/ui/opening-times-table.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import type { Confirmation, Fulfilment } from '#domain/order-confirmation.ts';
import { Facts } from '../checkout-shared/facts.tsx';
import { NextSteps } from '../checkout-shared/next-steps.tsx';
import styles from './confirmation.module.css';

export interface ConfirmationViewProps {
  status: 'loading' | 'loadFailed' | 'ready';
  confirmation: Confirmation | null;
  loadProblem: ProblemSummary | null;
  onPrint: () => void;
  onRetry: () => void;
  /** Leaves the finished checkout for the shop's home page, as the close link does. */
  onBackToShop: () => void;
}

/** The placed order (spec 2.12): reference, date, lines, total, fulfilment and the customer. */
export function ConfirmationView({ status, confirmation, loadProblem, onPrint, onRetry, onBackToShop }: ConfirmationViewProps) {
  if (status === 'loadFailed') return <PageLoadFailed problem={loadProblem} onRetry={onRetry} />;
  if (status === 'loading' || confirmation === null) return <PageLoading />;
  const { summary, fulfilment, customer } = confirmation;
  return (
    <div className={styles.confirmation} data-testid="confirmation">
      <p className={styles.thanks}>{confirmation.reserved ? messages.reservationConfirmed : confirmation.sellBack ? messages.sellBackThankYou : messages.thankYou}</p>
      <div className={styles.meta}>
        <Facts
          className={styles.facts}
          facts={[
            { term: messages.orderReference, detail: confirmation.reference, detailClassName: styles.reference },
            { term: messages.orderDate, detail: confirmation.date },
          ]}
        />
        <Button variant="secondary" onClick={onPrint} className={styles.print} aria-label={messages.printOrder}>
          {messages.print}
        </Button>
      </div>

      <NextSteps id="confirmation-next" steps={confirmation.nextSteps} className={`${styles.section} ${styles.next}`} listClassName={styles.nextSteps} />

      <section className={styles.section} aria-labelledby="confirmation-order">
        <h2 id="confirmation-order">{messages.orderSummary}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="confirmation-order">
            <thead>
              <tr>
                <th scope="col">{messages.currencyColumn}</th>
                <th scope="col" className={styles.number}>
                  {messages.amountColumn}
                </th>
                <th scope="col" className={styles.number}>
                  {messages.rateColumn}
                </th>
                <th scope="col" className={styles.number}>
                  {summary.sellBack ? messages.youWillReceive : messages.cost}
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.lines.map((line) => (
                <tr key={line.code}>
                  <th scope="row">
                    {line.code} <span className={styles.muted}>{line.name}</span>
                    {line.notes === null ? null : (
                      <span className={styles.notes} data-testid="line-notes">
                        {messages.notesLabel}: {line.notes}
                      </span>
                    )}
                  </th>
                  <td className={styles.number} data-label={messages.amountColumn}>
                    {line.amount}
                  </td>
                  <td className={styles.number} data-label={messages.rateColumn}>
                    {line.rate}
                  </td>
                  <td className={styles.number} data-label={summary.sellBack ? messages.youWillReceive : messages.cost}>
                    {line.cost}
                  </td>
                </tr>
              ))}
              {summary.extras.map((extra) => (
                <tr key={extra.label}>
                  <th scope="row" colSpan={3}>
                    {extra.label}
                  </th>
                  <td className={styles.number}>{extra.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {summary.totalLabel}
                </th>
                <td className={styles.number} data-testid="confirmation-total">
                  {summary.total}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <div className={styles.columns}>
        <FulfilmentSection fulfilment={fulfilment} branchEmailDisclaimer={confirmation.branchEmailDisclaimer} />
        {customer ? (
          <section className={styles.section} aria-labelledby="confirmation-customer">
            <h2 id="confirmation-customer">{messages.yourDetails}</h2>
            <dl className={styles.details}>
              <dt>{messages.nameLabel}</dt>
              <dd>{customer.name}</dd>
              <dt>{messages.emailLabel}</dt>
              <dd className={styles.breakable}>{customer.email}</dd>
              <dt>{messages.phoneLabel}</dt>
              <dd>{customer.phone}</dd>
              <dt>{messages.addressLabel}</dt>
              <dd>
                <Address lines={customer.address} />
              </dd>
            </dl>
          </section>
        ) : null}
      </div>

      <p className={styles.onward}>
        <a
          href="/"
          className={styles.backToShop}
          onClick={(event) => {
            // The link works without script; with it, the checkout actor leaves and the router navigates.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onBackToShop();
          }}
        >
          {messages.backToShop}
        </a>
      </p>
    </div>
  );
}

function Address({ lines }: { lines: readonly string[] }) {
  return (
    <address className={styles.address}>
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

function FulfilmentSection({ fulfilment, branchEmailDisclaimer }: { fulfilment: Fulfilment; branchEmailDisclaimer: string | null }) {
  return (
    <section className={styles.section} aria-labelledby="confirmation-fulfilment">
      <h2 id="confirmation-fulfilment">{fulfilment.title}</h2>
      <dl className={styles.details}>
        {fulfilment.kind === 'collection' ? (
          <>
            <dt>{messages.collectionBranchLabel}</dt>
            <dd>{fulfilment.branchName}</dd>
          </>
        ) : null}
        {fulfilment.date ? (
          <>
            <dt>{fulfilment.kind === 'collection' ? messages.collectionDate : messages.deliveryDate}</dt>
            <dd>{fulfilment.date}</dd>
          </>
        ) : null}
        {fulfilment.method ? (
          <>
            <dt>{messages.deliveryMethod}</dt>
            <dd>{fulfilment.method}</dd>
          </>
        ) : null}
        {fulfilment.address === null || fulfilment.address.length > 0 ? (
          <>
            <dt>{fulfilment.kind === 'collection' ? messages.collectionAddress : messages.deliveryAddress}</dt>
            <dd>{fulfilment.address === null ? <Skeleton lines={3} width="12rem" /> : <Address lines={fulfilment.address} />}</dd>
          </>
        ) : null}
      </dl>
      {fulfilment.kind === 'collection' && fulfilment.openingTimes ? (
        <>
          <h3 id="confirmation-opening-times" className={styles.subheading}>
            {messages.openingTimes}
          </h3>
          <OpeningTimesTable rows={fulfilment.openingTimes.rows} labelledBy="confirmation-opening-times" className={styles.hours} />
          {fulfilment.openingTimes.comment ? <p className={styles.muted}>{fulfilment.openingTimes.comment}</p> : null}
        </>
      ) : null}
      {branchEmailDisclaimer ? <p className={styles.muted}>{branchEmailDisclaimer}</p> : null}
    </section>
  );
}
