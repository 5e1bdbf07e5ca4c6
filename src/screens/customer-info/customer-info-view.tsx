import { useRef, type FocusEvent, type KeyboardEvent } from 'react';
import type { LookupAddress } from '#domain/contract/branches.ts';
import type { CheckoutContent } from '#domain/contract/catalogue.ts';
import {
  DATE_PART_MAX_LENGTH,
  FIELD_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  limitDatePart,
  shouldAdvanceDatePart,
  type CustomerField,
  type CustomerForm,
  type CustomerFormErrors,
  type CustomerFormNotices,
  type DatePart,
  type LimitedField,
} from '#domain/customer.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Checkbox } from '#src/ui/checkbox.tsx';
import { ErrorSummary } from '#src/ui/error-summary.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Notice } from '#src/ui/notice.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import { VelocityModal } from '../checkout-shared/velocity-modal.tsx';
import type { CheckField, TextField } from './use-customer-form.ts';
import styles from './customer-info.module.css';

export const fieldId = (field: CustomerField) => `customer-${field}`;

/** outsideGreatBritain: a postcode the search is not for (spec 5.2), not searched. */
export type AddressSearchStatus = 'idle' | 'searching' | 'results' | 'empty' | 'failed' | 'outsideGreatBritain';

export interface AddressSearch {
  postcode: string;
  status: AddressSearchStatus;
  results: readonly LookupAddress[];
}

export interface CustomerInfoViewProps {
  status: 'loading' | 'loadFailed' | 'ready';
  loadProblem: ProblemSummary | null;
  onRetry: () => void;

  form: CustomerForm;
  errors: CustomerFormErrors;
  /** Full boxes: 'You've used the maximum number of characters available (250)', not an error. */
  notices: CustomerFormNotices;
  onText: (field: TextField, value: string) => void;
  onChecked: (field: CheckField, value: boolean) => void;
  onLeave: (field: CustomerField) => void;
  onLeaveDateOfBirth: () => void;
  /** Ties each field's element to its name, for focusing the first invalid one. */
  bindField: (field: CustomerField) => (element: HTMLInputElement | null) => void;
  /** The address fieldset, scrolled into view when an address field takes focus. */
  bindAddress?: (element: HTMLFieldSetElement | null) => void;

  /** 'Billing address', or 'Your address' for sell-back. */
  addressLegend: string;
  showCardAddressNotice: boolean;
  showMarketing: boolean;
  showAbta: boolean;
  showBasketEmailNote: boolean;
  content: CheckoutContent | null;

  addressSearch: AddressSearch;
  onAddressPostcode: (postcode: string) => void;
  onAddressSearch: () => void;
  onAddressChosen: (address: LookupAddress) => void;

  /** After a failed submit: each invalid field's message, in the spec's field order (none before). */
  errorSummary: readonly { field: CustomerField; message: string }[];
  /** A summary link was followed: focus its field. */
  onErrorSummarySelect: (field: CustomerField) => void;

  /** The submit's loading flag: a spinner replaces the Submit button. */
  submitting: boolean;
  onSubmit: () => void;

  soldOut: boolean;
  onChooseAnotherDate: () => void;
  identificationRequired: boolean;
  onIdentificationContinue: () => void;
  onIdentificationHome: () => void;
  /** The velocity check refused the order: its modal shows here, where it happened. */
  velocityModalOpen: boolean;
  leavingHome: boolean;
  onVelocityHome: () => void;
  onVelocityDismiss: () => void;
}

interface TextFieldSpec {
  field: LimitedField;
  label: string;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel';
  optional?: boolean;
  hint?: string | null;
}

/** The customer information form (spec 2.8, 5.2) with the sold-out and identification modals. */
export function CustomerInfoView(props: CustomerInfoViewProps) {
  const { status, form, errors, notices, content, bindField, bindAddress } = props;
  if (status === 'loading') return <PageLoading />;
  if (status === 'loadFailed') return <PageLoadFailed problem={props.loadProblem} onRetry={props.onRetry} />;

  const text = (spec: TextFieldSpec) => (
    <TextInput
      key={spec.field}
      id={fieldId(spec.field)}
      ref={bindField(spec.field)}
      name={spec.field}
      label={spec.label}
      labelSuffix={spec.optional ? messages.optional : undefined}
      hint={spec.hint ?? undefined}
      error={errors[spec.field] ?? null}
      notice={notices[spec.field] ?? null}
      type={spec.type ?? 'text'}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete}
      maxLength={FIELD_MAX_LENGTH[spec.field]}
      value={form[spec.field] ?? ''}
      onChange={(event) => props.onText(spec.field, event.target.value)}
      onBlur={() => props.onLeave(spec.field)}
    />
  );

  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.submitting) props.onSubmit();
        }}
      >
        <ErrorSummary
          title={messages.errorSummaryTitle}
          items={props.errorSummary.map(({ field, message }) => ({ id: fieldId(field), message }))}
          onSelect={(id) => {
            const chosen = props.errorSummary.find(({ field }) => fieldId(field) === id);
            if (chosen) props.onErrorSummarySelect(chosen.field);
          }}
        />
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{messages.contactDetails}</legend>
          <div className={styles.pair}>
            {text({
              field: 'emailAddress',
              label: messages.emailLabel,
              type: 'email',
              inputMode: 'email',
              autoComplete: 'email',
              hint: props.showBasketEmailNote ? messages.basketEmailNote : null,
            })}
            {text({ field: 'phoneNumber', label: messages.phoneLabel, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{messages.aboutYou}</legend>
          <div className={styles.pair}>
            {text({ field: 'firstName', label: messages.firstNameLabel, autoComplete: 'given-name' })}
            {text({ field: 'lastName', label: messages.lastNameLabel, autoComplete: 'family-name' })}
          </div>
          <DateOfBirth {...props} />
        </fieldset>

        <fieldset className={styles.section} ref={bindAddress}>
          <legend className={styles.legend}>{props.addressLegend}</legend>
          {props.showCardAddressNotice ? (
            <Notice tone="info" live={false}>
              {messages.cardMustMatchDeliveryAddress}
            </Notice>
          ) : null}
          <AddressFinder {...props} />
          <div className={`${styles.pair} ${styles.houseAndStreet}`}>
            {text({ field: 'houseNameNumber', label: messages.houseNameNumberLabel, autoComplete: 'address-line1' })}
            {text({ field: 'addressLine1', label: messages.addressLine1Label, autoComplete: 'address-line2' })}
          </div>
          {text({ field: 'addressLine2', label: messages.addressLine2Label, autoComplete: 'address-line3', optional: true })}
          <div className={styles.pair}>
            {text({ field: 'townCity', label: messages.townCityLabel, autoComplete: 'address-level2' })}
            {text({ field: 'postcodeZip', label: messages.postcodeLabel, autoComplete: 'postal-code' })}
          </div>
        </fieldset>

        {props.showMarketing ? (
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{messages.marketingPreferences}</legend>
            {content ? <p>{content.marketingConsentPreamble}</p> : null}
            <Checkbox isSelected={form.marketing} onChange={(value) => props.onChecked('marketing', value)} name="marketing">
              {content?.marketingCheckboxLabel ?? messages.marketingPreferences}
            </Checkbox>
            {content ? (
              <p className={styles.links}>
                <a href={content.privacyLink.link}>{content.privacyLink.title}</a>
                {content.additionalPrivacyLink ? <a href={content.additionalPrivacyLink.link}>{content.additionalPrivacyLink.title}</a> : null}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        {props.showAbta ? (
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{messages.abtaPreamble}</legend>
            <Checkbox
              isSelected={form.marketingABTATravelMoney}
              onChange={(value) => props.onChecked('marketingABTATravelMoney', value)}
              name="marketingABTATravelMoney"
            >
              {messages.abtaTravelMoney}
            </Checkbox>
            <Checkbox
              isSelected={form.marketingABTATravelInsurance}
              onChange={(value) => props.onChecked('marketingABTATravelInsurance', value)}
              name="marketingABTATravelInsurance"
            >
              {messages.abtaTravelInsurance}
            </Checkbox>
          </fieldset>
        ) : null}

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{messages.termsAndConditions}</legend>
          <Checkbox
            id={fieldId('terms')}
            inputRef={bindField('terms')}
            isSelected={form.terms}
            onChange={(value) => props.onChecked('terms', value)}
            error={errors.terms ?? null}
            name="terms"
          >
            {formatMessage(messages.termsLabel, { terms: content?.termsLink.title ?? messages.termsAndConditions })}
          </Checkbox>
          {content ? (
            <p className={styles.links}>
              <a href={content.termsLink.link} target="_blank" rel="noreferrer">
                {content.termsLink.title}
              </a>
            </p>
          ) : null}
        </fieldset>

        <div className={styles.submit}>
          {props.submitting ? (
            <Spinner label={messages.submittingDetails} size="large" showLabel />
          ) : (
            <Button type="submit" fullWidth>
              {messages.submit}
            </Button>
          )}
        </div>
      </form>

      <Modal
        isOpen={props.soldOut}
        // Closing it (the close control, Escape, a press outside, as on every modal) takes the
        // only way on: choosing another collection date.
        onOpenChange={(open) => {
          if (!open) props.onChooseAnotherDate();
        }}
        role="alertdialog"
        title={messages.ohSnap}
        closeLabel={messages.close}
        actions={<Button onClick={props.onChooseAnotherDate}>{messages.chooseAnotherCollectionDate}</Button>}
      >
        <p>{messages.noStock}</p>
      </Modal>

      <Modal
        isOpen={props.identificationRequired}
        // Closing it (the close control, Escape, a press outside) carries on with the order, as
        // Continue does; leaving it takes the explicit button.
        onOpenChange={(open) => {
          if (!open) props.onIdentificationContinue();
        }}
        role="alertdialog"
        title={messages.amlTitle}
        closeLabel={messages.close}
        actions={
          <>
            <Button onClick={props.onIdentificationContinue}>{messages.continue}</Button>
            <Button variant="secondary" onClick={props.onIdentificationHome}>
              {messages.returnToHomepage}
            </Button>
          </>
        }
      >
        <p>{messages.amlBody}</p>
        <p>{content?.support ? formatMessage(messages.amlSupport, content.support) : messages.amlSupportNoLine}</p>
      </Modal>

      <VelocityModal isOpen={props.velocityModalOpen} leavingHome={props.leavingHome} onHome={props.onVelocityHome} onDismiss={props.onVelocityDismiss} />
    </>
  );
}

const DATE_PARTS: { field: 'dobDay' | 'dobMonth' | 'dobYear'; part: DatePart; label: string; placeholder: string }[] = [
  { field: 'dobDay', part: 'day', label: messages.dayLabel, placeholder: 'DD' },
  { field: 'dobMonth', part: 'month', label: messages.monthLabel, placeholder: 'MM' },
  { field: 'dobYear', part: 'year', label: messages.yearLabel, placeholder: 'YYYY' },
];

function DateOfBirth({ form, errors, onText, onLeave, onLeaveDateOfBirth, bindField, content }: CustomerInfoViewProps) {
  const inputs = useRef<Partial<Record<DatePart, HTMLInputElement | null>>>({});
  const error = errors.dobDay ?? errors.dobMonth ?? errors.dobYear ?? null;
  const hintId = 'customer-dob-hint';
  const errorId = 'customer-dob-error';
  // The content's help text may already say what the 18-or-over text says; it is said once.
  const hints = [...new Set([content?.dateOfBirthHelpText?.trim(), messages.ageHelpText].filter(Boolean))];

  const onGroupBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    // Only when focus leaves the three boxes: moving from day to month is not leaving.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeaveDateOfBirth();
  };

  return (
    <fieldset className={[styles.dateOfBirth, error ? styles.invalid : ''].filter(Boolean).join(' ')} onBlur={onGroupBlur}>
      <legend className={styles.fieldLegend}>{messages.dateOfBirthLabel}</legend>
      <p id={hintId} className={styles.hint}>
        {hints.join(' ')}
        {content?.dateOfBirthTooltip ? <span className={styles.tooltip}> {content.dateOfBirthTooltip}</span> : null}
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.dateParts}>
        {DATE_PARTS.map(({ field, part, label, placeholder }, index) => {
          const next = DATE_PARTS[index + 1];
          const bind = bindField(field);
          return (
            <div key={field} className={styles.datePart}>
              <label htmlFor={fieldId(field)} className={styles.dateLabel}>
                {label}
              </label>
              <input
                id={fieldId(field)}
                ref={(element) => {
                  inputs.current[part] = element;
                  bind(element);
                }}
                name={field}
                className={[styles.dateInput, part === 'year' ? styles.year : ''].filter(Boolean).join(' ')}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={part === 'day' ? 'bday-day' : part === 'month' ? 'bday-month' : 'bday-year'}
                placeholder={placeholder}
                maxLength={DATE_PART_MAX_LENGTH[part]}
                size={DATE_PART_MAX_LENGTH[part] + 1}
                value={form[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
                onChange={(event) => {
                  const typed = limitDatePart(part, event.target.value);
                  const grew = typed.length > form[field].length;
                  onText(field, typed);
                  if (next && grew && shouldAdvanceDatePart(part, typed)) inputs.current[next.part]?.focus();
                }}
                onBlur={() => onLeave(field)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function AddressFinder({ addressSearch, onAddressPostcode, onAddressSearch, onAddressChosen }: CustomerInfoViewProps) {
  const searching = addressSearch.status === 'searching';
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter here searches; it must not submit the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!searching && addressSearch.postcode.trim() !== '') onAddressSearch();
    }
  };
  return (
    <div className={styles.finder}>
      <div className={styles.finderRow}>
        <TextInput
          id="customer-address-search"
          label={messages.addressSearchLabel}
          autoComplete="off"
          maxLength={POSTCODE_MAX_LENGTH}
          value={addressSearch.postcode}
          onChange={(event) => onAddressPostcode(event.target.value)}
          onKeyDown={onKeyDown}
          fieldClassName={styles.finderField}
        />
        <Button
          variant="secondary"
          onClick={onAddressSearch}
          disabled={addressSearch.postcode.trim() === ''}
          loading={searching}
          loadingLabel={messages.addressSearching}
          className={styles.finderButton}
        >
          {messages.addressSearchButton}
        </Button>
      </div>
      {addressSearch.status === 'results' ? (
        <div className={styles.results}>
          <label htmlFor="customer-address-results" className={styles.fieldLegend}>
            {messages.addressResultsLabel}
          </label>
          <select
            id="customer-address-results"
            className={styles.select}
            defaultValue=""
            onChange={(event) => {
              const chosen = addressSearch.results[Number(event.target.value)];
              if (chosen) onAddressChosen(chosen);
            }}
          >
            <option value="" disabled>
              {messages.addressResultsLabel}
            </option>
            {addressSearch.results.map((address, index) => (
              <option key={index} value={index}>
                {[address.houseNameNumber, address.addressLine1, address.addressLine2, address.townCity, address.postcodeZip].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {addressSearch.status === 'empty' || addressSearch.status === 'failed' ? (
        <Notice tone="warning">{messages.addressNoResults}</Notice>
      ) : null}
      {addressSearch.status === 'outsideGreatBritain' ? <Notice tone="warning">{messages.addressSearchGreatBritainOnly}</Notice> : null}
    </div>
  );
}
