/**
 * Other shoppers, placing orders through the public API as the app would, so a journey can meet
 * the data it needs (a customer's earlier orders, a branch another order has just emptied)
 * without hooks into the server.
 */
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { CustomerInfoRequest, DeliverySlot } from '#domain/contract/order.ts';

const SITE_ID = 1;

export interface OtherOrder {
  productId: 1 | 2 | 3;
  storeId: number;
  lines: { currencyCode: string; qty: number }[];
  customer: CustomerInfoRequest;
  /** Which slot to choose; the first by default. */
  slot?: (slots: DeliverySlot[]) => DeliverySlot | undefined;
}

export class ShopApi {
  private token = '';

  constructor(
    private readonly api: string,
    private readonly appOrigin: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        Origin: this.appOrigin,
        ...(this.token ? { [AUTH_HEADER]: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  }

  async startSession(): Promise<void> {
    this.token = '';
    this.token = (await this.call<{ token: string }>('POST', apiRoutes.sessionCreate.url(SITE_ID))).token;
  }

  /** Cart, checkout, slot and details: answers the customer-info response (or 'NoStock'). */
  async submitOrder(order: OtherOrder): Promise<unknown> {
    await this.startSession();
    await this.call('POST', apiRoutes.cartCreate.url(), { storeId: order.storeId, productId: order.productId, affiliateCode: null });
    for (const line of order.lines) await this.call('POST', apiRoutes.cartAdd.url(), line);
    if (order.productId !== 3) {
      await this.call('GET', apiRoutes.cartBuyback.url(false));
      await this.call('GET', apiRoutes.cartRefund.url(false));
    }
    await this.call('POST', apiRoutes.cartCheckout.url());
    const slots = await this.call<DeliverySlot[]>('GET', apiRoutes.deliverySlots.url());
    const slot = (order.slot ?? ((s) => s[0]))(slots);
    if (!slot) throw new Error('no delivery or collection date offered');
    await this.call('PUT', apiRoutes.deliverySlot.url(), { id: slot.id });
    return this.call('PUT', apiRoutes.customerInfo.url(), order.customer);
  }

  /** Pays the current order on the sandbox provider's card page, as a shopper's browser would. */
  async pay(cardNumber = '4242 4242 4242 4242'): Promise<void> {
    const { url } = await this.call<{ url: string }>('POST', apiRoutes.createPaymentIntent.url());
    const page = await (await fetch(url)).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!token || !action) throw new Error(`no card form at ${url}`);
    const form = new URLSearchParams({ token: token.replace(/&amp;/g, '&'), cardNumber, expiry: '12/39', cvc: '123', name: 'A Shopper' });
    const response = await fetch(new URL(action.replace(/&amp;/g, '&'), url), { method: 'POST', body: form, redirect: 'manual' });
    if (response.status !== 303) throw new Error(`card payment answered ${response.status}`);
  }

  /** The current order's reference ('TM-000123'). */
  async orderReference(): Promise<string> {
    return (await this.call<{ externalOrderId: string }>('GET', apiRoutes.order.url())).externalOrderId;
  }

  async orderState(): Promise<number> {
    return (await this.call<{ state: { value: number } }>('GET', apiRoutes.order.url())).state.value;
  }
}

/** A valid customer, unique per journey so earlier journeys' orders never count against it. */
export function customer(tag: string, overrides: Partial<CustomerInfoRequest> = {}): CustomerInfoRequest {
  return {
    firstName: 'Alex',
    lastName: 'Morgan',
    emailAddress: `${tag}.${Date.now()}@example.co.uk`,
    phoneNumber: '07911 123456',
    dateOfBirth: '1985-04-12',
    terms: true,
    marketing: false,
    marketingABTATravelMoney: false,
    marketingABTATravelInsurance: false,
    address: { houseNameNumber: '10', addressLine1: 'Downing Street', addressLine2: '', townCity: 'London', postcodeZip: 'SW1A 2AA', country: 'United Kingdom' },
    ...overrides,
  };
}
