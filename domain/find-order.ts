/**
 * Manage my order's find form: the reference, the email address and the date of birth (three
 * boxes), checked before anything is sent, with the details form's messages.
 */
import * as v from 'valibot';
import { dateOfBirthIso } from './birth-date.ts';
import type { FindOrderRequest } from './contract/manage-order.ts';
import { EmailSchema } from './email.ts';
import { messages } from './messages.ts';

export interface FindOrderForm {
  reference: string;
  emailAddress: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
}

export type FindOrderField = 'reference' | 'emailAddress' | 'dateOfBirth';
export type FindOrderErrors = Partial<Record<FindOrderField, string>>;

/** The request the form makes, or what to put right first. */
export function readFindOrderForm(form: FindOrderForm): { request: FindOrderRequest; errors: null } | { request: null; errors: FindOrderErrors } {
  const errors: FindOrderErrors = {};
  const reference = form.reference.trim().toUpperCase();
  if (reference === '') errors.reference = messages.orderReferenceRequired;
  const email = v.safeParse(EmailSchema, form.emailAddress);
  if (!email.success) errors.emailAddress = email.issues[0].message;
  const dateOfBirth = dateOfBirthIso(form.dobDay, form.dobMonth, form.dobYear);
  if (dateOfBirth === null) errors.dateOfBirth = messages.dateOfBirthInvalid;
  if (!email.success || dateOfBirth === null || reference === '') return { request: null, errors };
  return { request: { reference, emailAddress: email.output, dateOfBirth }, errors: null };
}
