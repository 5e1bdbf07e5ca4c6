/**
 * An email address as the shop takes it (spec 4.6's details form, the basket link, rate alerts):
 * kept to what can be stored, trimmed, required, at most EMAIL_MAX_LENGTH characters, valid.
 */
import * as v from 'valibot';
import { storable } from './contract/common.ts';
import { messages } from './messages.ts';

export const EMAIL_MAX_LENGTH = 500;

export const EmailSchema = v.pipe(
  v.string(),
  storable(),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, messages.maxCharacters),
  v.email(messages.emailInvalid),
);

/** PUT /api/order/basket-email: the address the shopper left the email field with. */
export const BasketEmailRequestSchema = v.object({ emailAddress: EmailSchema });
export type BasketEmailRequest = v.InferOutput<typeof BasketEmailRequestSchema>;

/** The blur check: something@something, no spaces. The full check runs on submit. */
export function isLaxEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text.trim());
}
