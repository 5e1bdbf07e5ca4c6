/**
 * Real traffic through Stoplight Prism (`prism proxy --errors`): a shopper's purchase and what a
 * partner's page reads, every call through the proxy, which checks each request and answer against
 * the API's OpenAPI document. Any server error, any answer Prism refuses and any violation it
 * reports (warnings too) fails; so does a call the shop itself refuses where the journey expects it
 * to succeed. Prism refuses a request the document says is invalid without passing it on, so the
 * requests here are well formed; the shop's own refusals (a currency already in the cart, a
 * date of birth still to come) are among them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRISM_ERROR_TYPE, startPrism, violationsOf, type RunningPrism } from './support/prism.ts';

const { api, psp } = inject('testedShop');
let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism(api, { errors: true, name: 'errors' });
}, 90_000);
afterAll(async () => {
  await prism?.stop();
});

interface Call {
  token?: string;
  json?: unknown;
  expect?: number | number[];
}

/** One call through the proxy: neither a server error nor an answer Prism refuses, and the status expected. */
async function call(method: string, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${prism.url}${path}`, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    redirect: 'manual',
  });
  const text = await response.clone().text();
  const where = `${method} ${path} -> ${response.status} ${text.slice(0, 600)}`;
  expect(text.includes(PRISM_ERROR_TYPE), `Prism refused the exchange: ${where}`).toBe(false);
  // Prism lets some through with a warning only (a 4xx status the document does not give, say).
  expect(violationsOf(response), where).toEqual([]);
  expect(response.status, where).toBeLessThan(500);
  const expected = options.expect ?? [200, 201, 204];
  expect(Array.isArray(expected) ? expected : [expected], where).toContain(response.status);
  return response;
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

describe('Prism as a validation proxy in front of the API', () => {
  it('a partner page: the catalogue, rates, content, branches and places', async () => {
    await call('GET', '/healthz');
    await call('GET', '/api/sites/getsitesettings?id=1');
    await call('GET', '/api/currencies');
    await call('GET', '/api/products');
    await call('GET', '/api/sites/1/products');
    await call('GET', '/api/content/calculator');
    await call('GET', '/api/content/checkout?siteId=1');
    await call('GET', '/api/sites/1/rates-board');
    const store = await json<{ id: number }>(await call('GET', '/api/sites/1/stores/default'));
    await call('GET', `/api/sites/1/stores/${store.id}/products/1/rates/currency/EUR`);
    await call('GET', `/api/sites/1/stores/${store.id}/products/1/rates/currency/USD?affiliateCode=PARTNER10`);
    await call('GET', '/api/currency-converter/usd?inverted=true');
    await call('GET', '/api/sites/1/stores');
    await call('GET', `/api/sites/1/stores/${store.id}`);
    await call('GET', `/api/sites/1/stores/${store.id}/opening-times`);
    await call('GET', `/api/sites/1/stores/${store.id}/address`);
    const places = await json<{ latitude: number; longitude: number }[]>(await call('GET', '/api/places?q=Leeds&limit=3'));
    const leeds = places[0]!;
    const near = await json<{ items: { branch: { branchCode: string } }[] }>(await call('POST', '/api/branches/nearby', { json: { latitude: leeds.latitude, longitude: leeds.longitude } }));
    await call('GET', `/branches/${near.items[0]!.branch.branchCode}`);
    await call('POST', '/api/sites/1/stores/nearby', { json: { latitude: leeds.latitude, longitude: leeds.longitude, amount: 300, currency: 'EUR', transactionType: 'D' } });
    await call('GET', '/api/address-lookup?postcode=LS1%206LY');
    // What a wrong input gets is described too.
    await call('GET', '/api/sites/999/products', { expect: 404 });
    await call('GET', '/api/sites/1/stores/999999', { expect: 404 });
    await call('GET', '/api/openapi.json');
    await call('GET', '/api/docs');
  });

  it('a purchase: session, cart, checkout, details, card payment, confirmation, then manage my order', async () => {
    const { token: first } = await json<{ token: string }>(await call('POST', '/session/1', { expect: 201 }));
    let token = first;
    const renewed = (response: Response) => {
      token = response.headers.get('Session-Token') ?? token;
      return response;
    };
    await call('GET', '/session/1', { token });
    await call('GET', '/session/1/token', { token });
    await call('GET', '/api/sites/getsitesettings?id=1', { token });
    await call('GET', '/cart', { token, expect: 404 });
    await call('GET', '/api/order', { token, expect: 404 });
    await call('POST', '/api/rate-alerts', { token, json: { emailAddress: 'alerts@example.com', currencyCode: 'EUR', rate: 1.3 }, expect: 201 });

    const store = await json<{ id: number }>(await call('GET', '/api/sites/1/stores/default'));
    renewed(await call('POST', '/cart', { token, json: { storeId: store.id, productId: 1, affiliateCode: null }, expect: 201 }));
    await call('POST', '/cart', { token, json: { storeId: store.id, productId: 1 }, expect: 409 });
    const cart = await json<{ lines: { id: string }[] }>(await call('POST', '/api/cart/add', { token, json: { currencyCode: 'EUR', qty: 300 }, expect: 201 }));
    await call('POST', '/api/cart/add', { token, json: { currencyCode: 'EUR', qty: 50 }, expect: 409 });
    await call('POST', '/api/cart/add', { token, json: { currencyCode: 'USD', qty: 200 }, expect: 201 });
    const withUsd = await json<{ lines: { id: string; currency: { code: string } }[] }>(await call('GET', '/api/cart', { token }));
    const usd = withUsd.lines.find((l) => l.currency.code === 'USD')!;
    await call('PUT', `/api/cart/line/${usd.id}`, { token, json: { currencyCode: 'USD', qty: 250 } });
    await call('DELETE', `/api/cart/line/${usd.id}`, { token });
    expect(cart.lines.length).toBe(1);
    await call('GET', '/cart', { token });
    await call('GET', '/api/cart/buyback?isBuyBack=false', { token });
    await call('GET', '/api/cart/refund?isRefund=false', { token });
    await call('POST', '/api/cart/extend', { token, expect: [200, 409] });
    await call('PUT', '/api/order/basket-email', { token, json: { emailAddress: 'basket@example.com' }, expect: 404 });

    renewed(await call('POST', '/cart/checkout', { token, expect: 201 }));
    await call('PUT', '/api/order/basket-email', { token, json: { emailAddress: 'basket@example.com' }, expect: 204 });
    await call('GET', '/api/order', { token });
    const slots = await json<{ id: string }[]>(await call('GET', '/api/order/delivery-slots', { token }));
    await call('PUT', '/api/order/delivery-slot', { token, json: { id: slots[0]!.id } });
    await call('PUT', '/api/order/ga-info', { token, json: { UTM_Source: 'partner', UTM_Medium: 'api', Gclid: null }, expect: 204 });
    const details = {
      firstName: 'Ann',
      lastName: "O'Neill",
      emailAddress: 'ann.api@example.com',
      phoneNumber: '07911 123456',
      dateOfBirth: '1985-04-12',
      terms: true,
      marketing: false,
      address: { houseNameNumber: '12', addressLine1: 'High Street', addressLine2: '', townCity: 'Leeds', postcodeZip: 'LS1 6LY', country: 'United Kingdom' },
    };
    // Well formed, but a date of birth still to come: the shop's own rule refuses it.
    await call('PUT', '/api/order/customer-info', { token, json: { ...details, dateOfBirth: '2099-01-01' }, expect: 422 });
    await call('PUT', '/api/order/customer-info', { token, json: details });
    const intent = renewed(await call('POST', '/api/order/create-payment-intent', { token, expect: 201 }));
    const cardPage = new URL(intent.headers.get('Location')!);

    // The card goes to the payment provider's page (not the API), as a shopper's browser sends it.
    const paid = await fetch(`${psp}${cardPage.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ token: cardPage.searchParams.get('token')!, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ann O Neill' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    let order = await json<{ state: { value: number }; externalOrderId: string }>(await call('GET', '/api/order', { token, expect: [200, 503] }));
    for (let i = 0; i < 50 && order.state.value !== 18; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = await json(await call('GET', '/api/order', { token, expect: [200, 503] }));
    }
    expect(order.state.value).toBe(18);

    const found = await json<{ access: string }>(
      await call('POST', '/api/orders/find', { json: { reference: order.externalOrderId, emailAddress: details.emailAddress, dateOfBirth: details.dateOfBirth } }),
    );
    await call('PUT', '/api/orders/collection-date', { json: { access: found.access, slotId: 'none' }, expect: [409, 422] });
    await call('POST', '/api/orders/cancel', { json: { access: found.access } });
    await call('POST', '/api/orders/find', { json: { reference: 'TM-NOPE', emailAddress: details.emailAddress, dateOfBirth: details.dateOfBirth }, expect: 404 });

    const { url } = await json<{ url: string }>(await call('POST', '/session/1/loyalty-signin/code', { token, json: {}, expect: 201 }));
    await call('GET', new URL(url).pathname + new URL(url).search);
    await call('DELETE', '/cart', { token, expect: [204, 404, 409] });
  });
});
