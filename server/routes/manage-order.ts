/** Manage my order (ours): find a paid order, cancel it, move its collection date. No session. */
import { Hono } from 'hono';
import {
  CancelOrderRequestSchema,
  ChangeCollectionDateRequestSchema,
  FindOrderRequestSchema,
  type ManagedOrder,
} from '#domain/contract/manage-order.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { AppEnv } from '../app-env.ts';
import type { SignedSend } from '../psp/events.ts';
import { cancelOrder, changeCollectionDate, findOrder } from '../services/manage-order.ts';
import { validate } from '../validation.ts';
import { rateLimit } from './rate-limit.ts';

/**
 * Guessing a reference, an address and a date of birth together is slow: counted per client
 * address here, and per reference and per email address by the find itself (a lock after 5 wrong
 * answers that rotating client addresses does not get round).
 */
const findLimit = rateLimit('order-find', (config) => [{ limit: config.rateLimits.customerInfo, scope: 'address' }]);

export function manageOrderRoutes(options: { sendRefund: SignedSend }) {
  const app = new Hono<AppEnv>();
  app.post(apiRoutes.orderFind.pattern, findLimit, validate('json', FindOrderRequestSchema), async (c) =>
    c.json<ManagedOrder>(await findOrder(c.get('deps'), c.req.valid('json'))),
  );
  app.post(apiRoutes.orderCancel.pattern, validate('json', CancelOrderRequestSchema), async (c) =>
    c.json<ManagedOrder>(await cancelOrder(c.get('deps'), c.req.valid('json').access, options.sendRefund)),
  );
  app.put(apiRoutes.orderCollectionDate.pattern, validate('json', ChangeCollectionDateRequestSchema), async (c) => {
    const { access, slotId } = c.req.valid('json');
    return c.json<ManagedOrder>(await changeCollectionDate(c.get('deps'), access, slotId));
  });
  return app;
}
