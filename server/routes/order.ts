/** Order and payment routes (spec 7.5), and the payment provider's callback. */
import { Hono } from 'hono';
import type { CustomerInfoResponse, DeliverySlot, Order, PaymentIntentResponse } from '#domain/contract/order.ts';
import { DeliverySlotRequestSchema, NO_STOCK, TrackingSchema } from '#domain/contract/order.ts';
import { apiRoutes } from '#domain/contract/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { badRequest } from '../errors.ts';
import type { SignedSend } from '../psp/events.ts';
import { SIGNATURE_HEADER } from '../psp/signature.ts';
import { chooseDeliverySlot, deliverySlotsOf, getOrder, saveTracking, submitCustomer } from '../services/order.ts';
import { createPaymentIntent, handleProviderCallback } from '../services/payment.ts';
import { validate } from '../validation.ts';
import { customerInfoLimit } from './rate-limit.ts';
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

  app.post(PSP_CALLBACK_PATH, async (c) => {
    const outcome = await handleProviderCallback(c.get('deps'), await c.req.text(), c.req.header(SIGNATURE_HEADER), options.sendRefund);
    return c.json({ received: true, outcome });
  });

  return app;
}
