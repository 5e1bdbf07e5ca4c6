import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { Cart } from '#domain/contract/cart.ts';
import type { SiteProduct, SiteSettings } from '#domain/contract/catalogue.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { shopMachine, type ShopSettings } from './shop.machine.ts';

const settings = { isPartner: true, showBuybackGuarantee: true, showRefundGuarantee: false } as SiteSettings;
const siteProducts: SiteProduct[] = [{ siteId: 1, productId: 1, minSpend: 100, maxSpend: 2500 }];
const idle = fromCallback(() => undefined);
// A page that says something as it starts (the checkout announces its step on opening).
const chatty = setup({ types: { emitted: {} as { type: 'started' } } }).createMachine({ entry: emit({ type: 'started' as const }) });

function startShop(load: () => Promise<ShopSettings>, connectPage = vi.fn()) {
  const shop = createActor(
    shopMachine.provide({
      actors: {
        session: idle as never,
        loadSettings: fromPromise(load),
        cart: cartMachine.provide({ actors: { fetchCart: fromPromise<Cart | null>(() => new Promise(() => {})) } }),
      },
      actions: { connectPage },
    }),
    { input: { siteId: 1, affiliateCode: 'aff-1' } },
  );
  shop.start();
  return shop;
}

describe('shop', () => {
  it('holds the session at once and the cart, with the page settings, once they are read', async () => {
    const shop = startShop(() => Promise.resolve({ settings, siteProducts }));
    expect(shop.getSnapshot().hasTag('loading')).toBe(true);
    expect(shop.system.get('session')).toBeDefined();
    expect(shop.system.get('cart')).toBeUndefined();
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('ready')).toBe(true));
    const cart = shop.system.get('cart') as AnyActorRef;
    expect(cart.getSnapshot().context).toMatchObject({
      siteId: 1,
      settings: { isPartner: true, showBuybackGuarantee: true, showRefundGuarantee: false },
      siteProducts,
      affiliateCode: 'aff-1',
    });
  });

  it("says 'Something went wrong' when the settings cannot be read, and reads them again on Retry", async () => {
    const failure = new Error('down');
    const load = vi.fn<() => Promise<ShopSettings>>().mockRejectedValueOnce(failure).mockResolvedValue({ settings, siteProducts });
    const shop = startShop(load);
    const reports: unknown[] = [];
    shop.on('error.reported', (e) => reports.push(e));
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('failed')).toBe(true));
    expect(reports).toEqual([{ type: 'error.reported', error: failure, where: 'shopSettings' }]);
    shop.send({ type: 'settings.retried' });
    expect(shop.getSnapshot().hasTag('loading')).toBe(true);
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('ready')).toBe(true));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('spawns an on-demand page from the machine its opening brings, never by name', async () => {
    const brought = setup({}).createMachine({ id: 'brought' });
    const shop = startShop(() => Promise.resolve({ settings, siteProducts }));
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('ready')).toBe(true));
    shop.send({ type: 'page.opened', page: 'chart', input: { path: '/eur-to-gbp' }, logic: brought as never });
    const chart = shop.getSnapshot().children.chart as unknown as { logic: unknown } | undefined;
    expect(chart?.logic).toBe(brought);
    expect(shop.system.get('chart')).toBe(chart);
  });

  it('opens a page as its systemId, connected before it starts, once at a time, and closes it', async () => {
    const heard: string[] = [];
    const connectPage = vi.fn(({ system }: { system: { get: (id: string) => AnyActorRef | undefined } }, { page }: { page: string }) => {
      system.get(page)?.on('*', (e) => heard.push(e.type));
    });
    const shop = startShop(() => Promise.resolve({ settings, siteProducts }), connectPage);
    await vi.waitFor(() => expect(shop.getSnapshot().hasTag('ready')).toBe(true));

    shop.send({ type: 'page.opened', page: 'chart', input: { path: '/eur-to-gbp' }, logic: chatty as never });
    const chart = shop.system.get('chart');
    expect(chart).toBe(shop.getSnapshot().children.chart);
    expect(heard).toEqual(['started']);

    shop.send({ type: 'page.opened', page: 'chart', input: { path: '/usd-to-gbp' }, logic: chatty as never });
    expect(shop.getSnapshot().children.chart).toBe(chart);
    expect(connectPage).toHaveBeenCalledTimes(1);

    shop.send({ type: 'page.closed', page: 'chart' });
    expect(shop.getSnapshot().children.chart).toBeUndefined();
    expect(shop.system.get('chart')).toBeUndefined();
    expect(chart?.getSnapshot().status).toBe('stopped');
  });
});
