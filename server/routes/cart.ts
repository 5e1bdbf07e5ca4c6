/** Cart routes (spec 7.4). Every one needs the session token. */
import { Hono } from 'hono';
import type { Cart, CartExists, CheckoutResponse } from '#domain/contract/cart.ts';
import {
  BuybackQuerySchema as BuybackQuery,
  CartLineParamsSchema as LineParams,
  CartLineRequestSchema,
  CreateCartRequestSchema,
  RecreateCartQuerySchema as RecreateQuery,
  RefundQuerySchema as RefundQuery,
} from '#domain/contract/cart.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { NoteChoiceSchema, NoteLineParamsSchema, type CartNotes } from '#domain/note-mix.ts';
import type { AppEnv } from '../app-env.ts';
import { abandonCart, cartExists, createCart, extendCart, getCart, recreateCart, setGuarantee } from '../services/cart.ts';
import { addLine, deleteLine, updateLine } from '../services/cart-lines.ts';
import { checkout } from '../services/checkout.ts';
import { cartNotes, chooseNotes } from '../services/note-mix.ts';
import { validate } from '../validation.ts';
import { requireSession } from './session-auth.ts';

export function cartRoutes() {
  const app = new Hono<AppEnv>();

  app.get(apiRoutes.cartExists.pattern, requireSession, async (c) => c.json<CartExists>(await cartExists(c.get('deps'), c.get('session'))));

  app.get(apiRoutes.cart.pattern, requireSession, async (c) => c.json<Cart>(await getCart(c.get('deps'), c.get('session'))));

  app.post(apiRoutes.cartCreate.pattern, requireSession, validate('json', CreateCartRequestSchema), async (c) => {
    const cart = await createCart(c.get('deps'), c.get('session'), c.req.valid('json'));
    c.set('session', { ...c.get('session'), cartId: cart.id, orderId: null });
    return c.json<Cart>(cart, 201);
  });

  app.post(apiRoutes.cartAdd.pattern, requireSession, validate('json', CartLineRequestSchema), async (c) =>
    c.json<Cart>(await addLine(c.get('deps'), c.get('session'), c.req.valid('json')), 201),
  );

  app.put(apiRoutes.cartLineUpdate.pattern, requireSession, validate('param', LineParams), validate('json', CartLineRequestSchema), async (c) =>
    c.json<Cart>(await updateLine(c.get('deps'), c.get('session'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.delete(apiRoutes.cartLineDelete.pattern, requireSession, validate('param', LineParams), async (c) =>
    c.json<Cart>(await deleteLine(c.get('deps'), c.get('session'), c.req.valid('param').id)),
  );

  app.get(apiRoutes.cartNotes.pattern, requireSession, async (c) => c.json<CartNotes>(await cartNotes(c.get('deps'), c.get('session'))));

  app.put(apiRoutes.cartLineNotes.pattern, requireSession, validate('param', NoteLineParamsSchema), validate('json', NoteChoiceSchema), async (c) =>
    c.json<CartNotes>(await chooseNotes(c.get('deps'), c.get('session'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.get(apiRoutes.cartBuyback.pattern, requireSession, validate('query', BuybackQuery), async (c) =>
    c.json<Cart>(await setGuarantee(c.get('deps'), c.get('session'), 'buyback', c.req.valid('query').isBuyBack)),
  );

  app.get(apiRoutes.cartRefund.pattern, requireSession, validate('query', RefundQuery), async (c) =>
    c.json<Cart>(await setGuarantee(c.get('deps'), c.get('session'), 'refund', c.req.valid('query').isRefund)),
  );

  app.get(apiRoutes.cartRecreate.pattern, requireSession, validate('query', RecreateQuery), async (c) => {
    const cart = await recreateCart(c.get('deps'), c.get('session'), c.req.valid('query').id);
    c.set('session', { ...c.get('session'), cartId: cart.id, orderId: null });
    return c.json<Cart>(cart);
  });

  app.delete(apiRoutes.cartAbandon.pattern, requireSession, async (c) => {
    await abandonCart(c.get('deps'), c.get('session'));
    c.set('session', { ...c.get('session'), cartId: null, orderId: null });
    return c.body(null, 204);
  });

  app.post(apiRoutes.cartExtend.pattern, requireSession, async (c) => c.json<Cart>(await extendCart(c.get('deps'), c.get('session'))));

  app.post(apiRoutes.cartCheckout.pattern, requireSession, async (c) => {
    const { created, response } = await checkout(c.get('deps'), c.get('session'));
    c.set('session', { ...c.get('session'), orderId: response.orderId });
    return c.json<CheckoutResponse>(response, created ? 201 : 200);
  });

  return app;
}
