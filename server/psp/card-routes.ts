/**
 * The hosted card page: the payment link opens it, its submit takes the card (or shows what to
 * correct), and the provider's own waiting page holds a frame until a pending payment is due.
 * Every answer sends the shopper's frame back to the shop once the payment has its outcome.
 */
import type { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { cardPage, messagePage, processingPage, unavailablePage, type CardErrors, type CardValues } from './card-page.ts';
import { PaymentLinkSchema, type PaymentLink, type PaymentOutcome } from './events.ts';
import type { Payments, PspDeps, PspState } from './payments.ts';
import { readToken } from './signature.ts';
import { behaviourOf, luhnValid } from './test-cards.ts';

const ReadySchema = v.object({ pid: v.string(), readyAt: v.number() });

const OUTCOME_STATE = { 'payment.succeeded': 'succeeded', 'payment.declined': 'declined', 'payment.failed': 'failed' } as const satisfies Record<PaymentOutcome, PspState>;

/** What the card page says about a payment that already has its outcome. */
const OUTCOME_TEXT: Record<Exclude<PspState, 'pending'>, string> = {
  succeeded: 'The payment was taken.',
  declined: 'The card was declined; no money was taken.',
  failed: 'The payment failed; no money was taken.',
  refunded: 'The payment was refunded.',
};

/** Registers the card page's routes (/pay/:paymentId and its waiting page) on the provider's app. */
export function cardPageRoutes(app: Hono, deps: Pick<PspDeps, 'config' | 'clock'>, payments: Payments): void {
  const { config, clock } = deps;
  const { paymentOf, paymentEvent, claim, confirmPending, send, schedule } = payments;

  function link(token: string | undefined): PaymentLink | null {
    const parsed = v.safeParse(PaymentLinkSchema, readToken(config.secret, token));
    return parsed.success ? parsed.output : null;
  }

  function invalidLink(c: Context) {
    return c.html(messagePage({ title: 'Payment link not valid', body: 'This payment link is not valid or has expired. Please go back to the shop and try again.' }), 404);
  }

  function returnTo(l: PaymentLink): string {
    const url = new URL(l.returnUrl);
    url.searchParams.set('paymentId', l.pid);
    return url.toString();
  }

  app.get('/pay/:paymentId', async (c) => {
    const token = c.req.query('token');
    const l = link(token);
    if (!l || !token || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    const payment = await paymentOf(l.pid);
    if (payment?.state === 'pending') {
      return c.html(messagePage({ title: 'Payment being confirmed', body: 'Your bank is confirming this payment.', link: { href: returnTo(l), text: 'Continue' } }), 409);
    }
    if (payment !== undefined) {
      return c.html(
        messagePage({ title: 'Payment already processed', body: `This payment has already been processed. ${OUTCOME_TEXT[payment.state]}`, link: { href: returnTo(l), text: 'Continue' } }),
        409,
      );
    }
    if (l.exp * 1000 < clock.now().getTime()) return invalidLink(c);
    return c.html(cardPage({ action: `/pay/${encodeURIComponent(l.pid)}`, token, amount: l.amount, reference: l.reference }));
  });

  app.post('/pay/:paymentId', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');
    const token = text('token');
    const l = link(token);
    if (!l || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    // A second submit of a payment already taken (with an outcome or still processing) changes nothing.
    if ((await paymentOf(l.pid)) !== undefined) return c.redirect(returnTo(l), 303);
    if (l.exp * 1000 < clock.now().getTime()) return invalidLink(c);

    const values: CardValues = { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
    const { errors, digits } = validateCard(values, clock.now());
    if (Object.keys(errors).length > 0) {
      // Never echo the card number or CVC back into the page.
      const safe: CardValues = { expiry: values.expiry, name: values.name };
      return c.html(cardPage({ action: `/pay/${encodeURIComponent(l.pid)}`, token, amount: l.amount, reference: l.reference, values: safe, errors }), 422);
    }

    const behaviour = behaviourOf(digits);
    // The provider is unavailable: no payment is made (the link stays unused), and the page says so to the checkout.
    if (behaviour === 'providerUnavailable') return c.html(unavailablePage(), 503);
    if (behaviour === 'pendingThenSucceeds') {
      // The shop hears at once that the bank has still to confirm, so its page shows the wait
      // ('payment.processing'); the outcome goes when the bank confirms, whether or not the
      // shopper is still there, and after a restart through sweep().
      const processing = paymentEvent(l, 'payment.processing');
      if (await claim(l, 'pending', [processing], new Date(clock.now().getTime() + config.pendingMs))) {
        await send(processing.id);
        schedule(() => void confirmPending(l.pid, false), config.pendingMs);
      }
      return c.redirect(returnTo(l), 303);
    }
    const outcome: PaymentOutcome = behaviour === 'succeeds' ? 'payment.succeeded' : behaviour === 'declined' ? 'payment.declined' : 'payment.failed';
    const event = paymentEvent(l, outcome, behaviour === 'declined' ? 'card_declined' : behaviour === 'providerError' ? 'processing_error' : undefined);
    if (await claim(l, OUTCOME_STATE[outcome], [event])) await send(event.id);
    return c.redirect(returnTo(l), 303);
  });

  // The provider's own waiting page, for frames sent to it before the shop's payment response
  // page took over the wait: it refreshes until the payment is due, then confirms it (also when a
  // restart lost the timer) and sends the frame back to the shop.
  app.get('/pay/:paymentId/processing', async (c) => {
    const token = c.req.query('token');
    const l = link(token);
    const ready = v.safeParse(ReadySchema, readToken(config.secret, c.req.query('ready')));
    if (!l || !token || !ready.success || ready.output.pid !== l.pid || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    const payment = await paymentOf(l.pid);
    if (payment !== undefined && payment.state !== 'pending') return c.redirect(returnTo(l), 303);
    if (clock.now().getTime() < ready.output.readyAt) {
      return c.html(processingPage({ amount: l.amount, refreshUrl: c.req.url.replace(/^https?:\/\/[^/]+/, ''), refreshSeconds: 1 }));
    }
    // Due: confirm now, before the shop's page reads the order. A link from before the payments
    // were kept has no row yet: it is claimed as succeeded, once.
    const succeeded = paymentEvent(l, 'payment.succeeded');
    if (payment === undefined) {
      if (await claim(l, 'succeeded', [succeeded])) await send(succeeded.id);
    } else {
      await confirmPending(l.pid, false);
    }
    return c.redirect(returnTo(l), 303);
  });
}

const CARD_MESSAGES = {
  cardNumberRequired: 'Enter your card number',
  cardNumberInvalid: 'Enter a valid card number',
  expiryRequired: 'Enter the expiry date',
  expiryInvalid: 'Enter the expiry date as MM/YY',
  expiryPast: 'This card has expired',
  cvcInvalid: 'Enter the 3 or 4 digit security code',
  nameRequired: 'Enter the name on the card',
} as const;

export function validateCard(values: CardValues, now: Date): { errors: CardErrors; digits: string } {
  const errors: CardErrors = {};
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = CARD_MESSAGES.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = CARD_MESSAGES.cardNumberInvalid;

  const expiry = (values.expiry ?? '').replace(/\s/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(expiry);
  if (expiry === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const month = Number(m[1]);
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    // A card is valid to the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) errors.expiry = CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3,4}$/.test(values.cvc ?? '')) errors.cvc = CARD_MESSAGES.cvcInvalid;
  const name = values.name ?? '';
  if (name === '') errors.name = CARD_MESSAGES.nameRequired;
  return { errors, digits };
}

