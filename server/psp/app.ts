import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { cardPage, messagePage, processingPage, type CardErrors, type CardValues } from './card-page.ts';
import { eventId, PaymentLinkSchema, type PaymentEvent, type PaymentEventType, type PaymentLink, type PaymentOutcome } from './events.ts';
import { readToken, signBody } from './signature.ts';
import { behaviourOf, luhnValid } from './test-cards.ts';

export interface PspConfig {
  /** PSP_WEBHOOK_SECRET: verifies payment links, signs callbacks. */
  secret: string;
  /** How long the pending test card stays processing before it succeeds. */
  pendingMs: number;
  /** The shop's app origin: the only page allowed to frame the card page. */
  appOrigin: string;
  /** Waits between redeliveries of a callback the shop did not accept. */
  retryDelaysMs: readonly number[];
}

/** A signed callback to the shop. In production over HTTP; in tests straight into the shop app. */
export type Deliver = (delivery: { body: string; signature: string }) => Promise<{ status: number }>;

export interface PspDeps {
  config: PspConfig;
  clock: { now(): Date };
  deliver: Deliver;
  /** Runs fn after ms; setTimeout unless a test supplies its own. */
  schedule?: (fn: () => void, ms: number) => void;
  log?: (message: string) => void;
}

const ReadySchema = v.object({ pid: v.string(), readyAt: v.number() });
type Status = PaymentOutcome | 'pending';

const defaultSchedule = (fn: () => void, ms: number) => {
  setTimeout(fn, ms).unref();
};

/**
 * The sandbox payment provider: a hosted card page on its own origin, so card data never reaches
 * the shop. It trusts only payment links signed by the shop and tells the shop the outcome in a
 * signed server-to-server callback before sending the shopper's frame back to the shop.
 */
export function createPsp(deps: PspDeps) {
  const { config, clock } = deps;
  const schedule = deps.schedule ?? defaultSchedule;
  const log = deps.log ?? ((m: string) => console.warn(m));
  // Outcomes seen since start, so a double submit never charges twice. A restart forgets them;
  // the shop ignores callbacks for payments that already have an outcome, so that is safe.
  const statuses = new Map<string, Status>();
  const delivered = new Set<string>();

  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.appOrigin}; frame-ancestors ${config.appOrigin}; base-uri 'none'`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.html(messagePage({ title: 'Request too large', body: 'The form was too large to process.' }), 413) }));

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

  async function attempt(event: PaymentEvent): Promise<boolean> {
    const body = JSON.stringify(event);
    try {
      const res = await deps.deliver({ body, signature: signBody(config.secret, body) });
      if (res.status >= 200 && res.status < 300) {
        delivered.add(event.id);
        return true;
      }
      log(`psp: callback ${event.id} answered ${res.status}`);
    } catch (error) {
      log(`psp: callback ${event.id} failed: ${String(error)}`);
    }
    return false;
  }

  /** Delivers now and, if the shop does not accept it, again after each configured wait. */
  async function send(event: PaymentEvent): Promise<void> {
    if (delivered.has(event.id)) return;
    if (await attempt(event)) return;
    const retry = (i: number) => {
      const wait = config.retryDelaysMs[i];
      if (wait === undefined) return;
      schedule(() => {
        if (delivered.has(event.id)) return;
        void attempt(event).then((ok) => ok || retry(i + 1));
      }, wait);
    };
    retry(0);
  }

  function paymentEvent(l: PaymentLink, type: PaymentEventType, reason?: string): PaymentEvent {
    return { id: eventId(l.pid, type), type, paymentId: l.pid, amount: l.amount, created: clock.now().toISOString(), ...(reason ? { reason } : {}) };
  }

  async function finish(l: PaymentLink, type: PaymentOutcome, reason?: string) {
    statuses.set(l.pid, type);
    await send(paymentEvent(l, type, reason));
  }

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/pay/:paymentId', (c) => {
    const token = c.req.query('token');
    const l = link(token);
    if (!l || !token || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    const status = statuses.get(l.pid);
    if (status === 'pending') {
      return c.html(messagePage({ title: 'Payment being confirmed', body: 'Your bank is confirming this payment.', link: { href: returnTo(l), text: 'Continue' } }), 409);
    }
    if (status) {
      return c.html(messagePage({ title: 'Payment already processed', body: 'This payment has already been processed.', link: { href: returnTo(l), text: 'Continue' } }), 409);
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
    if (statuses.get(l.pid)) return c.redirect(returnTo(l), 303);
    if (l.exp * 1000 < clock.now().getTime()) return invalidLink(c);

    const values: CardValues = { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
    const { errors, digits } = validateCard(values, clock.now());
    if (Object.keys(errors).length > 0) {
      // Never echo the card number or CVC back into the page.
      const safe: CardValues = { expiry: values.expiry, name: values.name };
      return c.html(cardPage({ action: `/pay/${encodeURIComponent(l.pid)}`, token, amount: l.amount, reference: l.reference, values: safe, errors }), 422);
    }

    switch (behaviourOf(digits)) {
      case 'succeeds':
        await finish(l, 'payment.succeeded');
        break;
      case 'declined':
        await finish(l, 'payment.declined', 'card_declined');
        break;
      case 'providerError':
        await finish(l, 'payment.failed', 'processing_error');
        break;
      case 'pendingThenSucceeds':
        statuses.set(l.pid, 'pending');
        // The shop hears at once that the bank has still to confirm, so its page shows the wait
        // ('payment.processing'); the outcome goes when the bank confirms, whether or not the
        // shopper is still there.
        await send(paymentEvent(l, 'payment.processing'));
        schedule(() => void finish(l, 'payment.succeeded'), config.pendingMs);
        break;
    }
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
    const status = statuses.get(l.pid);
    if (status && status !== 'pending') return c.redirect(returnTo(l), 303);
    if (clock.now().getTime() < ready.output.readyAt) {
      return c.html(processingPage({ amount: l.amount, refreshUrl: c.req.url.replace(/^https?:\/\/[^/]+/, ''), refreshSeconds: 1 }));
    }
    // Due (perhaps after a restart lost the timer): confirm now, before the shop's page reads the order.
    await finish(l, 'payment.succeeded');
    return c.redirect(returnTo(l), 303);
  });

  app.notFound((c) => c.html(messagePage({ title: 'Page not found', body: 'There is nothing at this address.' }), 404));
  app.onError((error, c) => {
    log(`psp: ${String(error)}`);
    return c.html(messagePage({ title: 'Something went wrong', body: 'The payment page could not be shown. Please try again.' }), 500);
  });

  return app;
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
