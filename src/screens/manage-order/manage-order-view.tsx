import type { FormEvent } from 'react';
import type { FindOrderErrors, FindOrderForm } from '#domain/find-order.ts';
import { messages } from '#domain/messages.ts';
import type { Confirmation } from '#domain/order-confirmation.ts';
import { Button } from '#src/ui/button.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import { Facts } from '../checkout-shared/facts.tsx';
import { NextSteps } from '../checkout-shared/next-steps.tsx';
import styles from './manage-order.module.css';
import { OrderTimeline, type TimelineStepView } from './order-timeline.tsx';

export interface FindOrderViewProps {
  form: FindOrderForm;
  errors: FindOrderErrors;
  searching: boolean;
  /** "We couldn't find that order", or another problem. */
  problem: { title: string; detail?: string | undefined } | null;
  onChange: (field: keyof FindOrderForm, value: string) => void;
  onSubmit: () => void;
}

/** The find form: reference, email address, date of birth. */
export function FindOrderView({ form, errors, searching, problem, onChange, onSubmit }: FindOrderViewProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={searching || undefined}>
      <p className={styles.intro}>{messages.manageOrderIntro}</p>
      {problem ? (
        <Notice tone="error" title={problem.title}>
          {problem.detail ?? problem.title}
        </Notice>
      ) : null}
      <TextInput
        label={messages.orderReference}
        hint={messages.orderReferenceHint}
        value={form.reference}
        error={errors.reference ?? null}
        autoComplete="off"
        narrow
        size={14}
        onChange={(e) => onChange('reference', e.target.value)}
      />
      <TextInput
        label={messages.emailLabel}
        type="email"
        autoComplete="email"
        value={form.emailAddress}
        error={errors.emailAddress ?? null}
        onChange={(e) => onChange('emailAddress', e.target.value)}
      />
      <fieldset className={styles.dob} aria-describedby={errors.dateOfBirth ? 'find-dob-error' : undefined}>
        <legend className={styles.legend}>{messages.dateOfBirthLabel}</legend>
        <div className={styles.dobBoxes}>
          <TextInput label={messages.dayLabel} inputMode="numeric" autoComplete="bday-day" maxLength={2} narrow size={3} value={form.dobDay} onChange={(e) => onChange('dobDay', e.target.value)} />
          <TextInput label={messages.monthLabel} inputMode="numeric" autoComplete="bday-month" maxLength={2} narrow size={3} value={form.dobMonth} onChange={(e) => onChange('dobMonth', e.target.value)} />
          <TextInput label={messages.yearLabel} inputMode="numeric" autoComplete="bday-year" maxLength={4} narrow size={5} value={form.dobYear} onChange={(e) => onChange('dobYear', e.target.value)} />
        </div>
        {errors.dateOfBirth ? (
          <p id="find-dob-error" className={styles.error}>
            {errors.dateOfBirth}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" loading={searching} loadingLabel={messages.findingOrder}>
        {messages.findOrder}
      </Button>
    </form>
  );
}

export interface ManageActionsView {
  /** 'You can change or cancel this order online until 2pm on Friday 27 November.' */
  until: string;
  canChangeDate: boolean;
  confirmingCancel: boolean;
  cancelling: boolean;
  /** 'We'll refund £263.41 to the card you paid with...' or the sell-back note. */
  cancelNote: string;
  choosingDate: { dates: { id: string; label: string }[]; chosen: string | null; saving: boolean } | null;
}

export interface FoundOrderViewProps {
  confirmation: Confirmation;
  /** What just happened: the cancellation or the new date. */
  notice: string[] | null;
  /** Why it can no longer be changed (when it cannot). */
  settled: string | null;
  actions: ManageActionsView | null;
  /** The order's journey after payment, step by step (none once cancelled). */
  timeline: TimelineStepView[] | null;
  problem: { title: string; detail?: string | undefined } | null;
  onCancel: () => void;
  onConfirmCancel: () => void;
  onKeepOrder: () => void;
  onChangeDate: () => void;
  onChooseDate: (slotId: string) => void;
  onSaveDate: () => void;
  onKeepDate: () => void;
  onFindAnother: () => void;
}

/** A found order: as the confirmation page shows it, with what can still be done. */
export function FoundOrderView(props: FoundOrderViewProps) {
  const { confirmation, actions } = props;
  const { summary, fulfilment } = confirmation;
  return (
    <div className={styles.found} data-testid="managed-order">
      {props.notice ? (
        <Notice tone="success">
          {props.notice.map((line) => (
            <p key={line} className={styles.noticeLine}>
              {line}
            </p>
          ))}
        </Notice>
      ) : null}
      {props.problem ? (
        <Notice tone="error" title={props.problem.title}>
          {props.problem.detail ?? props.problem.title}
        </Notice>
      ) : null}
      <Facts
        className={styles.facts}
        facts={[
          { term: messages.orderReference, detail: confirmation.reference, detailClassName: styles.reference },
          {
            term: fulfilment.title,
            detail: (
              <>
                {fulfilment.kind === 'collection' ? `${fulfilment.branchName}, ` : ''}
                <span data-testid="managed-order-date">{fulfilment.date ?? ''}</span>
              </>
            ),
          },
          { term: summary.totalLabel, detail: summary.total },
        ]}
      />
      {props.timeline ? <OrderTimeline steps={props.timeline} /> : null}
      <NextSteps id="manage-next" steps={confirmation.nextSteps} className={styles.section} listClassName={styles.list} />
      <section className={styles.section} aria-labelledby="manage-summary">
        <h2 id="manage-summary">{messages.orderSummary}</h2>
        <ul className={styles.list}>
          {summary.lines.map((line) => (
            <li key={line.code}>
              {line.code} {line.amount} ({line.cost})
            </li>
          ))}
        </ul>
      </section>

      {props.settled ? (
        <Notice tone="info" title={messages.orderStatusLabel}>
          {props.settled}
        </Notice>
      ) : null}

      {actions ? (
        <section className={styles.section} aria-labelledby="manage-actions">
          <h2 id="manage-actions">{messages.manageActionsTitle}</h2>
          <p>{actions.until}</p>
          {actions.choosingDate ? (
            <div className={styles.dates}>
              <RadioGroup label={messages.newCollectionDateLabel} value={actions.choosingDate.chosen} onChange={props.onChooseDate} isDisabled={actions.choosingDate.saving}>
                {actions.choosingDate.dates.map((date) => (
                  <Radio key={date.id} value={date.id}>
                    {date.label}
                  </Radio>
                ))}
              </RadioGroup>
              <div className={styles.buttons}>
                <Button onClick={props.onSaveDate} disabled={actions.choosingDate.chosen === null} loading={actions.choosingDate.saving} loadingLabel={messages.savingCollectionDate}>
                  {messages.saveCollectionDate}
                </Button>
                <Button variant="secondary" onClick={props.onKeepDate} disabled={actions.choosingDate.saving}>
                  {messages.keepCollectionDate}
                </Button>
              </div>
            </div>
          ) : (
            <div className={styles.buttons}>
              {actions.canChangeDate ? (
                <Button variant="secondary" onClick={props.onChangeDate} disabled={actions.cancelling}>
                  {messages.changeCollectionDate}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={props.onCancel} loading={actions.cancelling} loadingLabel={messages.cancellingOrder}>
                {messages.cancelOrder}
              </Button>
            </div>
          )}
        </section>
      ) : null}

      <p>
        <Button variant="link" onClick={props.onFindAnother}>
          {messages.findAnotherOrder}
        </Button>
      </p>

      <Modal
        isOpen={actions?.confirmingCancel === true}
        onOpenChange={(open) => {
          if (!open) props.onKeepOrder();
        }}
        title={messages.cancelOrderQuestion}
        role="alertdialog"
        actions={
          <>
            <Button onClick={props.onConfirmCancel}>{messages.confirmCancel}</Button>
            <Button variant="secondary" onClick={props.onKeepOrder}>
              {messages.keepOrder}
            </Button>
          </>
        }
      >
        <p>{actions?.cancelNote}</p>
      </Modal>
    </div>
  );
}
