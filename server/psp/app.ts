import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messagePage, setCardPageShopOrigin, SIZE_SCRIPT_HASH } from './card-page.ts';
import { cardPageRoutes } from './card-routes.ts';
import { createPayments, type PspDeps } from './payments.ts';
import { refundRoutes } from './refund-routes.ts';

/**
 * The sandbox payment provider: a hosted card page on its own origin, so card data never reaches
 * the shop. It trusts only payment links and refund requests signed by the shop and tells the
 * shop the outcome in a signed server-to-server callback before sending the shopper's frame back.
 *
 * Its payments live in the database (psp_payments), claimed by the first submit of a card page
 * (an insert on the payment id), so a paid or declined card page never takes a second charge,
 * also after a restart or on another instance. A pending payment keeps its due time and is
 * finished once, by its own timer or by whichever instance's sweep() sees it due. Callbacks are
 * kept (psp_events) until the shop accepts them.
 */
export function createPsp(deps: PspDeps) {
  const { config } = deps;
  const log = deps.log ?? ((m: string) => console.warn(m));
  const payments = createPayments(deps);

  const app = new Hono();
  setCardPageShopOrigin(config.appOrigin);

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; script-src ${SIZE_SCRIPT_HASH}; form-action 'self' ${config.appOrigin}; frame-ancestors ${config.appOrigin}; base-uri 'none'`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.html(messagePage({ title: 'Request too large', body: 'The form was too large to process.' }), 413) }));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  cardPageRoutes(app, deps, payments);
  refundRoutes(app, deps, payments);

  app.notFound((c) => c.html(messagePage({ title: 'Page not found', body: 'There is nothing at this address.' }), 404));
  app.onError((error, c) => {
    log(`psp: ${String(error)}`);
    return c.html(messagePage({ title: 'Something went wrong', body: 'The payment page could not be shown. Please try again.' }), 500);
  });

  return Object.assign(app, { sweep: payments.sweep });
}

export type Psp = ReturnType<typeof createPsp>;
