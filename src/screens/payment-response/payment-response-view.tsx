import { messages } from '#domain/messages.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import styles from './payment-response.module.css';

export interface PaymentResponseViewProps {
  /** The order could not be read; the page retries every second. */
  statusUnknown: boolean;
}

/** Inside the provider's iframe: a spinner while the payment's outcome is read and reported. */
export function PaymentResponseView({ statusUnknown }: PaymentResponseViewProps) {
  return (
    <div className={styles.page} aria-busy="true">
      <Spinner label={messages.checkingPayment} size="large" />
      <h1 className={styles.title}>{messages.checkingPayment}</h1>
      {statusUnknown ? <p className={styles.notice}>{messages.paymentStatusUnknown}</p> : null}
    </div>
  );
}
