/**
 * The email each step of an order's journey after payment sends (issue 45, part 2): dispatched
 * (with the courier's tracking reference), delivered, ready to collect, collected, currency
 * received, paid out. The first step (being prepared, waiting for your currency) is told by the
 * order confirmation itself. HTML (inline styles, every value escaped) and text parts, in the
 * shop's one email frame, with a link to manage my order, where the order's timeline is.
 */
import type { FulfilmentStep } from '#domain/fulfilment.ts';
import { formatMessage } from '#domain/messages.ts';
import { fulfilmentEmails } from '#domain/texts/fulfilment-server.ts';
import { renderOrderNews } from './order-change-email.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface StepEmail {
  siteName: string;
  reference: string;
  /** Absolute address of manage my order. */
  manageUrl: string;
  /** The branch of a click and collect or sell-back order. */
  branch: string;
  /** The GBP paid out for a sell back, written out ('£212.40'). */
  amount: string;
  trackingReference: string | null;
}

export type EmailedStep = keyof typeof fulfilmentEmails;

export function isEmailedStep(step: FulfilmentStep): step is EmailedStep {
  return step in fulfilmentEmails;
}

export function renderFulfilmentEmail(step: EmailedStep, email: StepEmail): RenderedEmail {
  const texts = fulfilmentEmails[step];
  const vars = { reference: email.reference, branch: email.branch, amount: email.amount, trackingReference: email.trackingReference ?? '' };
  return renderOrderNews(email, formatMessage(texts.subject, vars), [formatMessage(texts.body, vars), formatMessage(texts.extra, vars)]);
}
