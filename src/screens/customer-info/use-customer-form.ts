/**
 * The customer form's state as the shopper types: values, the messages on show, and what a submit
 * finds. Every rule comes from domain/customer.ts; this hook only decides when each runs (spec
 * 5.2: on leaving a field, and all of them on submit). A full box's notice follows the text as it
 * is typed and never blocks a submit.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  ADDRESS_FIELDS,
  customerFieldError,
  customerFormNotices,
  emptyCustomerForm,
  FOCUS_ORDER,
  padDatePart,
  stripNameCharacters,
  validateCustomerForm,
  type CustomerDetails,
  type CustomerField,
  type CustomerForm,
  type CustomerFormErrors,
  type CustomerFormNotices,
  type DatePart,
} from '#domain/customer.ts';
import { isLaxEmail } from '#domain/email.ts';
import type { LookupAddress } from '#domain/contract/branches.ts';
import { messages } from '#domain/messages.ts';

export type TextField = Exclude<CustomerField, 'marketing' | 'marketingABTATravelMoney' | 'marketingABTATravelInsurance' | 'terms'>;
export type CheckField = Extract<CustomerField, 'marketing' | 'marketingABTATravelMoney' | 'marketingABTATravelInsurance' | 'terms'>;

export const DATE_FIELDS = { dobDay: 'day', dobMonth: 'month', dobYear: 'year' } as const satisfies Partial<Record<CustomerField, DatePart>>;
const DATE_FIELD_NAMES = Object.keys(DATE_FIELDS) as (keyof typeof DATE_FIELDS)[];
const NAME_FIELDS: readonly CustomerField[] = ['firstName', 'lastName'];

/**
 * Spec 5.2: leaving the email field runs the lax check (something@something); the full format
 * check waits for the submit.
 */
function emailBlurError(text: string): string | null {
  if (text.trim() === '') return messages.emailRequired;
  return isLaxEmail(text) ? null : messages.emailInvalid;
}

function withError(errors: CustomerFormErrors, field: CustomerField, error: string | null): CustomerFormErrors {
  if ((errors[field] ?? null) === error) return errors;
  const next = { ...errors };
  if (error === null) delete next[field];
  else next[field] = error;
  return next;
}

/**
 * The error summary's lines: each invalid field in the spec's focus order, the date of birth once
 * (its three boxes share one message) at its first invalid box.
 */
export function errorSummaryOf(errors: CustomerFormErrors): { field: CustomerField; message: string }[] {
  const lines: { field: CustomerField; message: string }[] = [];
  for (const field of FOCUS_ORDER) {
    const message = errors[field];
    if (message === undefined) continue;
    if (field in DATE_FIELDS && lines.some((line) => line.field in DATE_FIELDS)) continue;
    lines.push({ field, message });
  }
  return lines;
}

export type SubmitResult = { ok: true; details: CustomerDetails } | { ok: false; firstInvalid: CustomerField | null };

export interface CustomerFormController {
  form: CustomerForm;
  errors: CustomerFormErrors;
  /** Full boxes: said as a notice, left out where the field's error already says the same. */
  notices: CustomerFormNotices;
  setText: (field: TextField, value: string) => void;
  setChecked: (field: CheckField, value: boolean) => void;
  /** The shopper left a field: its rule runs (the date of birth waits for the whole group). */
  leave: (field: CustomerField) => void;
  /** Focus left the three date boxes. */
  leaveDateOfBirth: () => void;
  fillAddress: (address: LookupAddress) => void;
  /** Fills the boxes still empty with details the order already holds (nothing typed is replaced). */
  prefill: (values: Partial<CustomerForm>) => void;
  submit: () => SubmitResult;
}

export function useCustomerForm(options: { marketingDefault: boolean; now: () => Date; initial?: Partial<CustomerForm> }): CustomerFormController {
  const [form, setForm] = useState<CustomerForm>(() => ({ ...emptyCustomerForm({ marketingDefault: options.marketingDefault }), ...options.initial }));
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  // The latest values, for handlers that run between renders (blur right after change).
  const latest = useRef(form);
  const now = options.now;

  const update = useCallback((change: Partial<CustomerForm>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setForm(next);
    return next;
  }, []);

  const fieldError = useCallback(
    (field: CustomerField, values: CustomerForm): string | null =>
      field === 'emailAddress' ? emailBlurError(values.emailAddress) : customerFieldError(field, values, now()),
    [now],
  );

  const dateOfBirthErrors = useCallback(
    (values: CustomerForm, current: CustomerFormErrors): CustomerFormErrors =>
      DATE_FIELD_NAMES.reduce((acc, f) => withError(acc, f, customerFieldError(f, values, now())), current),
    [now],
  );

  const setText = useCallback(
    (field: TextField, value: string) => {
      const text = NAME_FIELDS.includes(field) ? stripNameCharacters(value) : value;
      const next = update({ [field]: text });
      // A message on show follows the fix as it is typed; new messages wait for the blur.
      setErrors((current) => {
        if (current[field] === undefined) return current;
        if (field in DATE_FIELDS) return dateOfBirthErrors(next, current);
        return withError(current, field, fieldError(field, next));
      });
    },
    [update, fieldError, dateOfBirthErrors],
  );

  const setChecked = useCallback(
    (field: CheckField, value: boolean) => {
      const next = update({ [field]: value });
      setErrors((current) => (current[field] === undefined ? current : withError(current, field, fieldError(field, next))));
    },
    [update, fieldError],
  );

  const leave = useCallback(
    (field: CustomerField) => {
      if (field in DATE_FIELDS) {
        const part = DATE_FIELDS[field as keyof typeof DATE_FIELDS];
        const padded = padDatePart(part, latest.current[field as keyof typeof DATE_FIELDS]);
        if (padded !== latest.current[field as keyof typeof DATE_FIELDS]) update({ [field]: padded });
        return;
      }
      const values = latest.current;
      setErrors((current) => withError(current, field, fieldError(field, values)));
    },
    [update, fieldError],
  );

  const leaveDateOfBirth = useCallback(() => {
    const values = latest.current;
    setErrors((current) => dateOfBirthErrors(values, current));
  }, [dateOfBirthErrors]);

  const fillAddress = useCallback(
    (address: LookupAddress) => {
      const next = update({
        houseNameNumber: address.houseNameNumber,
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2,
        townCity: address.townCity,
        postcodeZip: address.postcodeZip,
      });
      setErrors((current) => ADDRESS_FIELDS.reduce((acc, f) => withError(acc, f, fieldError(f, next)), current));
    },
    [update, fieldError],
  );

  const prefill = useCallback(
    (values: Partial<CustomerForm>) => {
      const empty = Object.fromEntries(Object.entries(values).filter(([field, value]) => value !== '' && latest.current[field as CustomerField] === ''));
      if (Object.keys(empty).length > 0) update(empty as Partial<CustomerForm>);
    },
    [update],
  );

  const submit = useCallback((): SubmitResult => {
    const result = validateCustomerForm(latest.current, now());
    if (result.success) {
      setErrors({});
      return { ok: true, details: result.details };
    }
    setErrors(result.errors);
    return { ok: false, firstInvalid: result.firstInvalid };
  }, [now]);

  const notices = useMemo(() => {
    const all = customerFormNotices(form);
    return Object.fromEntries(Object.entries(all).filter(([field, notice]) => errors[field as CustomerField] !== notice)) as CustomerFormNotices;
  }, [form, errors]);

  return { form, errors, notices, setText, setChecked, leave, leaveDateOfBirth, fillAddress, prefill, submit };
}
