/**
 * The shop's texts (domain/message-texts.ts) as `messages`, the server's own texts, and filling in
 * their {placeholders}.
 */
import * as messages from './message-texts.ts';

export { messages };

export type MessageKey = keyof typeof messages;
export type Messages = { readonly [K in MessageKey]: string };

/** Names between braces in a template, e.g. 'max' for 'Maximum order value is £{max}'. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

type Vars<T extends string> = string extends T
  ? Readonly<Record<string, string | number>>
  : Readonly<Record<Placeholders<T>, string | number>>;


/**
 * Texts only the server writes: the emails, the pages their links open, and the problems of
 * requests it refuses. Kept apart from `messages` so they are not shipped to every visitor.
 */
export const serverMessages = {
  // Quotes and checkout while the rates are out of date (production)
  ratesBeingUpdatedTitle: 'Our rates are being updated',
  ratesBeingUpdatedDetail: 'We are updating our exchange rates and cannot give you a price right now. Please try again in a few minutes.',
  // The confirmation email (wording of ours): the same order data as the confirmation page
  emailConfirmationSubject: 'Your order {reference} is confirmed',
  emailCancelledSubject: 'Your order {reference} is cancelled',
  emailCancelledBody: 'As you asked, we have cancelled your order {reference}.',
  emailCancelledRefund: 'We have refunded {amount} to the card you paid with. Refunds usually reach your account within 5 working days.',
  emailDateChangedSubject: 'New collection date for your order {reference}',
  emailDateChangedBody: 'As you asked, your order {reference} is now ready to collect from {branch} on {date}.',
  emailManageOrder: 'Manage my order',
  // Manage my order's refusals (problem titles and details)
  manageAccessExpiredTitle: 'Please find your order again',
  manageAccessExpired: 'This page has been open too long. Please find your order again.',
  manageNotChangeableTitle: 'This order can no longer be changed',
  manageAlreadyCancelled: 'This order is already cancelled.',
  manageTooLate: 'This order can no longer be changed or cancelled online.',
  manageNotCollectionTitle: 'This order has no collection date',
  manageNotCollection: 'Only a click and collect order can move its collection date.',
  manageDateGone: 'That date is no longer available. Please choose another.',
  // Manage my order, after too many finds with details that did not match (no guessed detail is repeated)
  emailFindLockedSubject: 'Someone tried to open your order {reference}',
  emailFindLockedBody:
    'Someone tried several times to open your order {reference} in Manage my order, with details that did not match it. To keep your order safe, we have paused finding it online for 30 minutes.',
  emailFindLockedIfYou: 'If this was you, wait 30 minutes, then try again with the reference, email address and date of birth you gave when you ordered.',
  emailFindLockedIfNotYou: "If it wasn't you, your order is safe: nothing has been changed, and you don't need to do anything.",
  emailSellBackSubject: 'Your sell-back order {reference} is confirmed',
  emailGreeting: 'Dear {name},',
  emailThanks: 'Thank you for your order. Here is what you ordered and what happens next.',
  emailThanksSellBack: 'Thank you for selling your currency back to us. Here is your order and what happens next.',
  emailFindBranch: 'Find a branch and its opening times',
  emailHelp: 'Questions? Read our help pages',
  emailVisitShop: 'Visit the shop',
  emailFooter: 'You are receiving this email because you placed an order with {site}.',
  // The basket link (spec 4.6's note): emailed once when a shopper left the details step unpaid
  emailBasketSubject: 'Your travel money is waiting in your basket',
  emailBasketIntro: "You started an order with {site} but didn't finish it. We've kept your basket: open it to check out.",
  emailBasketRates: "Rates change every day, so your basket will be priced at the day's rates when you open it.",
  emailBasketCta: 'Return to your basket',
  emailBasketFooter: 'You are receiving this email because you entered this address while ordering from {site}.',
  emailBasketOptOut: 'Stop basket reminders',
  emailOptOutDone: "Done: we won't send basket reminders to {email} any more.",
  emailOptOutInvalid: 'This link is not valid any more. Please use the link in our latest email.',
  // A rate alert's email and its cancel page
  emailRateAlertSubject: '1 GBP now buys {rate} {code}',
  emailRateAlertBody: 'You asked us to tell you when 1 GBP buys {target} {code} or more. On {date} it bought {rate} {code}.',
  emailRateAlertCta: 'See the {code} chart and buy',
  emailRateAlertFooter: 'You are receiving this email because you set up a rate alert with {site}. We send each alert once.',
  emailRateAlertCancel: 'Cancel this alert',
  rateAlertCancelled: 'Done: this rate alert is cancelled.',
  // The email that asks the recipient to confirm a new rate alert, and the pages its link opens
  emailRateAlertConfirmSubject: 'Please confirm your rate alert for {code}',
  emailRateAlertConfirmBody: 'Someone, we hope you, asked {site} to email this address once, when 1 GBP buys {rate} {code} or more. We only send the alert if you confirm it.',
  emailRateAlertConfirmCta: 'Confirm my rate alert',
  emailRateAlertConfirmFooter: "If you didn't ask for this alert, ignore this email: without your confirmation it is removed after {days} days and we won't email you about it again.",
  rateAlertConfirmPage: 'Email me once, when 1 GBP buys {rate} {code} or more.',
  rateAlertConfirmed: "Done: your rate alert is confirmed. We'll email you once, when 1 GBP buys {rate} {code} or more.",
  // Refused rate alerts (problem details)
  rateAlertsUnconfirmed: 'This email address already has rate alerts waiting to be confirmed. Please confirm them by the links in our emails before setting up another.',
  // The answers to a refused "Need more time?" (problem titles and details)
  moreTimeLimitTitle: 'No more time can be added',
  moreTimeLimitDetail: 'This cart has already had all the extra time we can give it ({limit}).',
  moreTimeEarlyTitle: 'Too early to add time',
  moreTimeEarlyDetail: 'You can add more time in the last 5 minutes before your cart expires.',
} as const;

/**
 * Fills {placeholders}. A placeholder without a value is left as written so a missing value is
 * visible rather than silently blank.
 */
export function formatMessage<T extends string>(template: T, vars: Vars<T>): string {
  const values = vars as Readonly<Record<string, string | number | undefined>>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Texts that server content blocks may reword (spec 5.1 rounding warning, spec 8 currency notices). */
export const OVERRIDABLE_MESSAGES = ['roundingWarning', 'currencyNotSellable', 'currencyNotBuyable'] as const;
export type OverridableMessageKey = (typeof OVERRIDABLE_MESSAGES)[number];
export type ContentOverrides = Partial<Record<OverridableMessageKey, string | null | undefined>>;
/** The texts content may reword, as a page uses them. */
export type OverridableMessages = { readonly [K in OverridableMessageKey]: string };

/** The rewordable texts as the shop words them. */
export const defaultOverridableTexts: OverridableMessages = {
  roundingWarning: messages.roundingWarning,
  currencyNotSellable: messages.currencyNotSellable,
  currencyNotBuyable: messages.currencyNotBuyable,
};

/**
 * The rewordable texts with the server's content wording applied. Blank overrides and keys outside
 * OVERRIDABLE_MESSAGES are ignored, so content can never blank out or reword a fixed text.
 */
export function withContentOverrides(overrides: ContentOverrides | undefined): OverridableMessages {
  const result: Record<OverridableMessageKey, string> = { ...defaultOverridableTexts };
  for (const key of OVERRIDABLE_MESSAGES) {
    const text = overrides?.[key];
    if (typeof text === 'string' && text.trim() !== '') result[key] = text;
  }
  return result;
}

/** Partner sites carry no branch email disclaimer (spec 6). */
export function branchEmailDisclaimer(site: { isPartner: boolean }): string | null {
  return site.isPartner ? null : messages.branchEmailDisclaimer;
}

/** 'Travel Money Shop is registered with HM Revenue & Customs as a money service business, registration number XVML00000157019.', or null without one. */
export function regulatoryLine(site: { name: string; hmrcMsbNumber?: string | undefined }): string | null {
  return site.hmrcMsbNumber ? formatMessage(messages.regulatoryLine, { name: site.name, number: site.hmrcMsbNumber }) : null;
}
