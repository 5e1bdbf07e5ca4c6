/** Order and payment routes (spec 7.5), and the payment provider's callback. */
import { Hono, type Context } from 'hono';
import type { CustomerInfoResponse, DeliverySlot, Order, PaymentIntentResponse } from '#domain/contract/order.ts';
import {
  DeliverySlotRequestSchema,
  EmailLinkQuerySchema as OptOutQuery,
  NO_STOCK,
  RateAlertLinkQuerySchema as CancelQuery,
  RateAlertParamsSchema as AlertParams,
} from '#domain/contract/order.ts';
import { TrackingSchema } from '#domain/contract/tracking.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { AppEnv } from '../app-env.ts';
import { badRequest } from '../errors.ts';
import type { SignedSend } from '../psp/events.ts';
import { SIGNATURE_HEADER } from '../psp/signature.ts';
import { chooseDeliverySlot, deliverySlotsOf, getOrder, saveTracking, submitCustomer } from '../services/order.ts';
import { createPaymentIntent, handleProviderCallback } from '../services/payment.ts';
import { reserveAtBranch } from '../services/reservation.ts';
import { collectionBranches, switchToCollection } from '../services/collection-switch.ts';
import { SwitchToCollectionRequestSchema, type CollectionBranches } from '#domain/contract/collection-switch.ts';
import { validate } from '../validation.ts';
import { BasketEmailRequestSchema } from '#domain/email.ts';
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { askBasketLink, optOut } from '../services/basket-link.ts';
import { plainPage } from '../mail/layout.ts';
import { RateAlertRequestSchema, type RateAlertResponse } from '#domain/rate-alert.ts';
import { cancelRateAlert, confirmRateAlert, createRateAlert, rateAlertToConfirm, type ConfirmLinkState } from '../services/rate-alerts.ts';
import { confirmPage, EMAIL_PAGE_HEADERS } from '../mail/confirm-page.ts';
import { basketLinkLimit, customerInfoLimit, rateAlertLimit } from './rate-limit.ts';
import { requireSession } from './session-auth.ts';

/** Where the sandbox provider posts its signed outcomes (server to server, no session). */
export const PSP_CALLBACK_PATH = '/api/psp/callback';

/** sendRefund: how a refund request reaches the payment provider. */
export function orderRoutes(options: { sendRefund: SignedSend }) {
  const app = new Hono<AppEnv>();

  app.get(apiRoutes.order.pattern, requireSession, async (c) => c.json<Order>(await getOrder(c.get('deps'), c.get('session'))));

  app.get(apiRoutes.deliverySlots.pattern, requireSession, async (c) =>
    c.json<DeliverySlot[]>(await deliverySlotsOf(c.get('deps'), c.get('session'))),
  );

  app.put(apiRoutes.deliverySlot.pattern, requireSession, validate('json', DeliverySlotRequestSchema), async (c) =>
    c.json<Order>(await chooseDeliverySlot(c.get('deps'), c.get('session'), c.req.valid('json').id)),
  );

  app.put(apiRoutes.gaInfo.pattern, requireSession, validate('json', TrackingSchema), async (c) => {
    await saveTracking(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.body(null, 204);
  });

  app.put(apiRoutes.basketEmail.pattern, requireSession, basketLinkLimit, validate('json', BasketEmailRequestSchema), async (c) => {
    await askBasketLink(c.get('deps'), c.get('session'), c.req.valid('json').emailAddress);
    return c.body(null, 204);
  });

  // The basket email's opt-out: a plain page for the link, an empty answer for one-click (RFC 8058).
  app.get(apiRoutes.emailOptOut.pattern, validate('query', OptOutQuery), async (c) => {
    const { email, sig } = c.req.valid('query');
    const done = await optOut(c.get('deps'), email, sig);
    const text = done ? formatMessage(serverMessages.emailOptOutDone, { email }) : serverMessages.emailOptOutInvalid;
    return c.html(plainPage(text), done ? 200 : 400);
  });
  app.post(apiRoutes.emailOptOut.pattern, validate('query', OptOutQuery), async (c) => {
    const { email, sig } = c.req.valid('query');
    if (!(await optOut(c.get('deps'), email, sig))) throw badRequest(serverMessages.emailOptOutInvalid);
    return c.body(null, 204);
  });

  app.post(apiRoutes.rateAlert.pattern, requireSession, rateAlertLimit, validate('json', RateAlertRequestSchema), async (c) =>
    c.json<RateAlertResponse>(await createRateAlert(c.get('deps'), c.get('session').siteId, c.req.valid('json')), 201),
  );

  // The confirmation link: the page with the button (GET), then the button (POST), both pages.
  const confirmLinkPage = (c: Context<AppEnv>, link: ConfirmLinkState, asked: boolean) => {
    for (const [name, value] of Object.entries(EMAIL_PAGE_HEADERS)) c.header(name, value);
    if (link.state === 'invalid') return c.html(plainPage(serverMessages.emailOptOutInvalid), 400);
    if (link.state === 'confirmed' || asked) return c.html(plainPage(formatMessage(serverMessages.rateAlertConfirmed, link)));
    return c.html(confirmPage(formatMessage(serverMessages.rateAlertConfirmPage, link), serverMessages.emailRateAlertConfirmCta));
  };
  app.get(apiRoutes.rateAlertConfirm.pattern, validate('param', AlertParams), validate('query', CancelQuery), async (c) =>
    confirmLinkPage(c, await rateAlertToConfirm(c.get('deps'), c.req.valid('param').id, c.req.valid('query').sig), false),
  );
  app.post(apiRoutes.rateAlertConfirm.pattern, validate('param', AlertParams), validate('query', CancelQuery), async (c) =>
    confirmLinkPage(c, await confirmRateAlert(c.get('deps'), c.req.valid('param').id, c.req.valid('query').sig), true),
  );
  app.get(apiRoutes.rateAlertCancel.pattern, validate('param', AlertParams), validate('query', CancelQuery), async (c) => {
    const done = await cancelRateAlert(c.get('deps'), c.req.valid('param').id, c.req.valid('query').sig);
    const text = done ? serverMessages.rateAlertCancelled : serverMessages.emailOptOutInvalid;
    return c.html(plainPage(text), done ? 200 : 400);
  });
  app.post(apiRoutes.rateAlertCancel.pattern, validate('param', AlertParams), validate('query', CancelQuery), async (c) => {
    if (!(await cancelRateAlert(c.get('deps'), c.req.valid('param').id, c.req.valid('query').sig))) throw badRequest(serverMessages.emailOptOutInvalid);
    return c.body(null, 204);
  });

  app.put(apiRoutes.customerInfo.pattern, requireSession, customerInfoLimit, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest('The request body must be JSON.');
    }
    const result: CustomerInfoResponse = await submitCustomer(c.get('deps'), c.get('session'), body);
    return result === NO_STOCK ? c.text(NO_STOCK) : c.json(result);
  });

  app.post(apiRoutes.createPaymentIntent.pattern, requireSession, async (c) => {
    const intent = await createPaymentIntent(c.get('deps'), c.get('session'));
    c.header('Location', intent.url);
    return c.json<PaymentIntentResponse>(intent, 201);
  });

  app.post(apiRoutes.reserveAtBranch.pattern, requireSession, async (c) => c.json<Order>(await reserveAtBranch(c.get('deps'), c.get('session'))));
  app.get(apiRoutes.collectionBranches.pattern, requireSession, async (c) => c.json<CollectionBranches>(await collectionBranches(c.get('deps'), c.get('session'))));
  app.post(apiRoutes.switchToCollection.pattern, requireSession, validate('json', SwitchToCollectionRequestSchema), async (c) =>
    c.json<Order>(await switchToCollection(c.get('deps'), c.get('session'), c.req.valid('json').storeId)),
  );

  app.post(PSP_CALLBACK_PATH, async (c) => {
    const outcome = await handleProviderCallback(c.get('deps'), await c.req.text(), c.req.header(SIGNATURE_HEADER), options.sendRefund);
    return c.json({ received: true, outcome });
  });

  return app;
}
