/**
 * Rate alerts from the chart page: "Email me when 1 GBP buys {rate} {code} or more", checked
 * against the day's mid rate (what the chart draws) after each day's rates arrive, sent once.
 * The form's rules, the same for the chart and the API.
 */
import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { messages } from './messages.ts';

/** Foreign units for £1: above 0, and no rate of any currency the shop trades comes near the top. */
export const RATE_ALERT_MAX = 1_000_000;

const Rate = v.pipe(v.number(messages.rateAlertRateInvalid), v.finite(messages.rateAlertRateInvalid), v.gtValue(0, messages.rateAlertRateInvalid), v.maxValue(RATE_ALERT_MAX, messages.rateAlertRateInvalid));

/** POST /api/rate-alerts. */
export const RateAlertRequestSchema = v.object({
  emailAddress: EmailSchema,
  currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a currency code')),
  rate: Rate,
});
export type RateAlertRequest = v.InferOutput<typeof RateAlertRequestSchema>;
export const RateAlertResponseSchema = v.object({ id: v.pipe(v.string(), v.uuid()) });
export type RateAlertResponse = v.InferOutput<typeof RateAlertResponseSchema>;

export interface RateAlertErrors {
  email?: string;
  rate?: string;
}

/** The rate as typed ('1.25', '1,234.5'); null when it is not a number. */
export function parseAlertRate(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** What the form says before it sends (the API checks the same). */
export function rateAlertErrors(emailAddress: string, rateText: string): RateAlertErrors {
  const errors: RateAlertErrors = {};
  const email = v.safeParse(EmailSchema, emailAddress);
  if (!email.success) errors.email = email.issues[0]?.message ?? messages.emailInvalid;
  const rate = v.safeParse(Rate, parseAlertRate(rateText) ?? Number.NaN);
  if (!rate.success) errors.rate = messages.rateAlertRateInvalid;
  return errors;
}

/** Whether an alert is due: the day's mid rate reached the rate asked for. */
export function isAlertDue(target: number, midRate: number): boolean {
  return midRate >= target;
}
