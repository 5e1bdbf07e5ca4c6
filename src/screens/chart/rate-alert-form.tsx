import { useState, type FormEvent } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatRate } from '#domain/money.ts';
import type { RateAlertView } from '#machines/chart/chart.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import styles from './chart.module.css';

export interface RateAlertFormProps {
  /** The currency of the page, e.g. 'EUR'. */
  code: string;
  view: RateAlertView;
  /** The rate the box starts with: the latest, as 1 GBP in the currency (e.g. '1.1748'). */
  initialRate: string;
  onSubmit: (emailAddress: string, rateText: string) => void;
  onReset: () => void;
}

/** "Email me when 1 GBP buys {rate} {code} or more", under the chart. */
export function RateAlertForm({ code, view, initialRate, onSubmit, onReset }: RateAlertFormProps) {
  const [email, setEmail] = useState('');
  const [rate, setRate] = useState(initialRate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, rate);
  };
  if (view.status === 'set' && view.alert !== null) {
    return (
      <section className={styles.alert} aria-labelledby="rate-alert-title">
        <h2 id="rate-alert-title">{messages.rateAlertHeading}</h2>
        <div role="status">
          <p>{formatMessage(messages.rateAlertSet, { email: view.alert.emailAddress })}</p>
          <p>{formatMessage(messages.rateAlertConfirm, { rate: formatRate(view.alert.rate), code })}</p>
        </div>
        <Button variant="link" onClick={onReset}>
          {messages.rateAlertAnother}
        </Button>
      </section>
    );
  }
  return (
    <section className={styles.alert} aria-labelledby="rate-alert-title">
      <h2 id="rate-alert-title">{messages.rateAlertHeading}</h2>
      <form onSubmit={submit} noValidate>
        <p className={styles.alertLead}>{formatMessage(messages.rateAlertLead, { rate: rate.trim() === '' ? '…' : rate.trim(), code })}</p>
        <div className={styles.alertFields}>
          <TextInput
            label={formatMessage(messages.rateAlertRateLabel, { code })}
            inputMode="decimal"
            autoComplete="off"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            error={view.errors.rate ?? null}
            narrow
          />
          <TextInput
            label={messages.rateAlertEmailLabel}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={view.errors.email ?? null}
          />
        </div>
        {view.status === 'failed' ? <Notice tone="error">{view.problem?.detail ?? messages.rateAlertFailed}</Notice> : null}
        <Button type="submit" loading={view.status === 'sending'} loadingLabel={messages.rateAlertSending}>
          {messages.rateAlertSubmit}
        </Button>
      </form>
    </section>
  );
}
