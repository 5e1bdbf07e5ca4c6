import { useRef } from 'react';
import type { LookupAddress } from '#domain/contract/branches.ts';
import type { CheckoutContent } from '#domain/contract/catalogue.ts';
import type { CustomerField, CustomerForm, CustomerFormErrors, CustomerFormNotices } from '#domain/customer.ts';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { ErrorSummary } from '#src/ui/error-summary.tsx';
import { useFocusWhenGone } from '#src/ui/focus-kept.ts';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import { AboutYouSection } from './about-you-section.tsx';
import { AddressSection } from './address-section.tsx';
import { ContactDetailsSection } from './contact-details-section.tsx';
import { CustomerInfoModals } from './customer-info-modals.tsx';
import { fieldId } from './customer-text-field.tsx';
import { AbtaSection, MarketingSection } from './marketing-section.tsx';
import { TermsSection } from './terms-section.tsx';
import type { CheckField, TextField } from './use-customer-form.ts';
import styles from './customer-info.module.css';

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
  /** Escape or the close control: the modal closes, the form stays. */
  onIdentificationDismiss: () => void;
  /** The velocity check refused the order: its modal shows here, where it happened. */
  velocityModalOpen: boolean;
  leavingHome: boolean;
  onVelocityHome: () => void;
  onVelocityDismiss: () => void;
}

/** The customer information form (spec 2.8, 5.2) with the sold-out and identification modals. */
export function CustomerInfoView(props: CustomerInfoViewProps) {
  const submitButton = useRef<HTMLButtonElement>(null);
  // The answer's dialog closed by itself or by Escape: focus is back on Submit, not the body.
  useFocusWhenGone(!props.identificationRequired && !props.soldOut && !props.velocityModalOpen && !props.submitting, submitButton);
  if (props.status === 'loading') return <PageLoading />;
  if (props.status === 'loadFailed') return <PageLoadFailed problem={props.loadProblem} onRetry={props.onRetry} />;
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
        <ContactDetailsSection {...props} />
        <AboutYouSection {...props} />
        <AddressSection {...props} />
        {props.showMarketing ? <MarketingSection {...props} /> : null}
        {props.showAbta ? <AbtaSection {...props} /> : null}
        <TermsSection {...props} />

        <div className={styles.submit}>
          {props.submitting ? (
            <Spinner label={messages.submittingDetails} size="large" showLabel />
          ) : (
            <Button ref={submitButton} type="submit" fullWidth>
              {messages.submit}
            </Button>
          )}
        </div>
      </form>
      <CustomerInfoModals {...props} />
    </>
  );
}
