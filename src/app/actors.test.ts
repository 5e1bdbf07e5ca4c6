import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import { createShopServices, type SessionLink } from './actors.ts';
import { provideCart } from './on-demand/cart.ts';
import type { ShopConfig } from './config.ts';

const config: ShopConfig = { apiBase: 'http://api.test', siteId: 1, appOrigin: 'http://shop.test', pspOrigin: 'http://psp.test' };

/** A session as the authorised calls see it: acquiring until told `ready`. */
const session = setup({
  types: { context: {} as { token: string | null }, events: {} as { type: 'ready'; token: string } },
}).createMachine({
  context: { token: null },
  initial: 'acquiring',
  states: {
    acquiring: { on: { ready: { target: 'ready', actions: assign({ token: ({ event }) => event.token }) } } },
    ready: { tags: ['ready'] },
  },
});

/** The session stand-in and the cart wired to `services`, as the shop's system holds them. */
function startShop(services: ReturnType<typeof createShopServices>) {
  const shop = setup({ actors: { session, cart: provideCart(services, () => ({})) } }).createMachine({
    type: 'parallel',
    states: {
      session: { invoke: { src: 'session', systemId: 'session' } },
      cart: {
        invoke: {
          src: 'cart',
          systemId: 'cart',
          input: { siteId: 1, settings: { isPartner: false, showBuybackGuarantee: false, showRefundGuarantee: false } },
        },
      },
    },
  });
  return createActor(shop).start();
}

describe('the cart machine wired to the API (provideCart)', () => {
  it("makes its cart calls authorised: none goes out before the session is ready, then with the session's token", async () => {
    const requests: Array<{ url: string; bearer: string | null }> = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push({ url: request.url, bearer: request.headers.get('authorization') });
      // No cart for this session.
      return new Response(JSON.stringify({ title: 'Not found', status: 404 }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
    };
    let token: string | null = null;
    const link: SessionLink = { getToken: () => token, unauthorized: () => undefined, renewed: () => undefined };
    const services = createShopServices(config, link, { fetch: fetch as typeof globalThis.fetch, errors: { report: () => undefined } });
    const actor = startShop(services);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toEqual([]);
    token = 'token-1';
    actor.system.get('session').send({ type: 'ready', token });
    const cart = actor.system.get('cart');
    await waitFor(cart, (s: { hasTag: (t: string) => boolean }) => s.hasTag('empty'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.bearer).toBe('Bearer token-1');
    actor.stop();
  });

  it('does not ask for a cart when the token says the session has none (no 404 on every page)', async () => {
    const requests: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init).url);
      return new Response(JSON.stringify({ title: 'Not found', status: 404 }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
    };
    const claims = (cart: string | null) =>
      btoa(JSON.stringify({ sid: 's', site: 1, cart, order: null, exp: 4_102_444_800, renewable: true })).replace(/=+$/, '');
    const noCart = `h.${claims(null)}.s`;
    const withCart = `h.${claims('1b2c3d4e-0000-4000-8000-000000000001')}.s`;
    for (const [token, calls] of [
      [noCart, 0],
      // The token names the cart: read at once (GET /api/cart), its 404 read as no cart.
      [withCart, 1],
    ] as const) {
      requests.length = 0;
      const link: SessionLink = { getToken: () => token, unauthorized: () => undefined, renewed: () => undefined };
      const services = createShopServices(config, link, { fetch: fetch as typeof globalThis.fetch, errors: { report: () => undefined } });
      const actor = startShop(services);
      actor.system.get('session').send({ type: 'ready', token });
      await waitFor(actor.system.get('cart'), (s: { hasTag: (t: string) => boolean }) => s.hasTag('empty'));
      expect(requests, token === noCart ? 'no cart in the token' : 'a cart in the token').toHaveLength(calls);
      if (calls > 0) expect(new URL(requests[0] ?? '').pathname).toBe('/api/cart');
      actor.stop();
    }
  });
});
