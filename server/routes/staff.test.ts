/**
 * The order's journey after payment on the server: a paid order starts at its first step, staff
 * sign in to /staff with the staff token and move it on one step at a time (each step emailed
 * through the outbox, a dispatch with its tracking reference), a move out of order answers 409 in
 * plain words, and manage my order shows the steps with their times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagedOrderSchema } from '#domain/contract/manage-order.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, payByProvider, shopper } from '../../tests/support/commerce-fixtures.ts';
import { STAFF_PAGE_POLICY } from './staff-page.ts';

const TOKEN = 'a-staff-token-for-the-staff-tests-0123456789';
const DOB = '1985-04-12';
let server: TestServer;
let cookie = '';

beforeAll(async () => {
  server = await createTestServer({ config: { staffToken: TOKEN } });
  const res = await form('/staff/sign-in', { token: TOKEN }, '');
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
});
afterAll(async () => {
  await server?.close();
});

function form(path: string, fields: Record<string, string>, withCookie = cookie, accept?: string): Promise<Response> {
  return server.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(withCookie === '' ? {} : { Cookie: withCookie }), ...(accept === undefined ? {} : { Accept: accept }) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A move as the page's own form posts it. */
const move = (reference: string, fields: Record<string, string>, withCookie = cookie) => form(`/staff/orders/${reference}/move`, fields, withCookie, 'text/html,application/xhtml+xml');

/** A refused move's answer: a page for a person (never a problem document), with the refusal's title and detail in its alert. */
async function problem(res: Response, status: number): Promise<{ title: string | undefined; detail: string | undefined; html: string }> {
  const html = await res.text();
  expect(res.status, html).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const unescape = (text: string) => text.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const alert = /<div class="problem" role="alert">([\s\S]*?)<\/div>/.exec(html)?.[1];
  if (alert === undefined) return { title: undefined, detail: unescape(/<p class="problem" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? ''), html };
  const [title, detail] = [...alert.matchAll(/<p>(?:<strong>)?([^<]*)</g)].map((m) => unescape(m[1]!));
  return { title, detail, html };
}
const staffPage = async (at: string) => (await server.request(`/staff?at=${at}`, { headers: { Cookie: cookie } })).text();

async function paidOrder(productId: 1 | 2 | 3, email: string): Promise<string> {
  const s = await shopper(server);
  const cart = await cartWith(s, productId, [['EUR', 300]]);
  await answerGuarantees(s, cart);
  await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
  const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[1]!.id }), OrderSchema, 200);
  await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: email, dateOfBirth: DOB })), CustomerInfoResultSchema, 200);
  const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
  if (productId === 3) return order.externalOrderId;
  expect(await payByProvider(server, s)).toBe('completed');
  return order.externalOrderId;
}

async function managed(reference: string, email: string) {
  const res = await server.request('/api/orders/find', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, emailAddress: email, dateOfBirth: DOB }) });
  return body(res, ManagedOrderSchema, 200);
}

async function emailsOf(reference: string): Promise<{ kind: string; subject: string; text: string }[]> {
  return server.database.query<{ kind: string; subject: string; text: string }>(
    `select e.kind, e.subject, e.text from emails e join orders o on o.id = e.order_id where o.external_order_id = $1 and e.kind like 'fulfilment-%' order by e.created_at`,
    [reference],
  );
}

describe('signing in to the staff page', () => {
  it('shows the sign-in form without the cookie, under its own strict policy, never cached', async () => {
    const res = await server.request('/staff');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Staff sign in');
    expect(res.headers.get('content-security-policy')).toBe(STAFF_PAGE_POLICY);
    expect(STAFF_PAGE_POLICY).not.toMatch(/script-src|unsafe-inline/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a wrong token with the form again, and a move without the cookie', async () => {
    const wrong = await form('/staff/sign-in', { token: 'not-the-token' }, '');
    expect(wrong.status).toBe(401);
    const page = await wrong.text();
    expect(page).toContain('That staff token is not right');
    // Answered at /staff/sign-in: its form still posts to /staff/sign-in.
    expect(page).toContain('action="../staff/sign-in"');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const p = await problem(await move('TM-NOPE', { move: 'staff.collected' }, ''), 401);
    // The sign-in form again, saying why.
    expect(p.html).toContain('name="token"');
    expect(p.detail).toBeTruthy();
  });

  it('signs in with the right token: an HttpOnly, SameSite=Strict cookie, and back to the page', async () => {
    const res = await form('/staff/sign-in', { token: TOKEN }, '');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('../staff');
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
    expect(await staffPage('warehouse')).toContain('Staff: orders to move on');
  });

  it('signs out: the cookie is forgotten and the page is the sign-in form again', async () => {
    const res = await server.request('/staff/sign-out', { method: 'POST', headers: { Cookie: cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('../staff');
    expect(res.headers.get('set-cookie')).toMatch(/tms_staff=;/);
  });

  it('a cookie signed with another token signs nobody in', async () => {
    const [name, value] = cookie.split('=');
    const forged = `${name}=${value!.split('.')[0]}.forged`;
    expect(await (await server.request('/staff', { headers: { Cookie: forged } })).text()).toContain('Staff sign in');
  });
});

describe('click and collect: being prepared, ready to collect, collected', () => {
  it('moves on one step at a time, each emailed, and manage my order shows each time', async () => {
    const email = 'collect.journey@example.co.uk';
    const reference = await paidOrder(2, email);
    const before = await managed(reference, email);
    expect(before.timeline.map((s) => s.step)).toEqual(['beingPrepared']);
    expect(await staffPage(String(BRANCH))).toContain(reference);
    expect(await staffPage(String(BRANCH))).toContain('Mark as ready to collect');
    expect(await staffPage('warehouse')).not.toContain(reference);

    // Out of order: plain words, 409, nothing changes.
    const early = await problem(await move(reference, { move: 'staff.collected', at: String(BRANCH) }), 409);
    expect(early.title).toBe('This order cannot be moved on');
    expect(early.detail).toMatch(/not at the step before/);

    server.clock.advance(60 * 60_000);
    const ready = await move(reference, { move: 'staff.readyToCollect', at: String(BRANCH) });
    expect(ready.status).toBe(303);
    expect(ready.headers.get('location')).toBe(`../../../staff?at=${BRANCH}&moved=${reference}&step=readyToCollect`);
    expect(await (await server.request(`/staff?at=${BRANCH}&moved=${reference}&step=readyToCollect`, { headers: { Cookie: cookie } })).text()).toContain(
      `Order ${reference} is now: Ready to collect.`,
    );
    // The same move again is out of order now.
    await problem(await move(reference, { move: 'staff.readyToCollect', at: String(BRANCH) }), 409);

    const still = await managed(reference, email);
    expect(still.timeline.map((s) => s.step)).toEqual(['beingPrepared', 'readyToCollect']);
    // Ready to collect: still the shopper's to change or cancel until the date.
    expect(still.refusal).toBeNull();

    server.clock.advance(60 * 60_000);
    expect((await move(reference, { move: 'staff.collected' })).status).toBe(303);
    const after = await managed(reference, email);
    expect(after.timeline.map((s) => s.step)).toEqual(['beingPrepared', 'readyToCollect', 'collected']);
    expect(new Date(after.timeline[2]!.at).getTime() - new Date(after.timeline[1]!.at).getTime()).toBe(60 * 60_000);
    expect(after.refusal).toBe('tooLate');
    const over = await problem(await move(reference, { move: 'staff.collected' }), 409);
    expect(over.detail).toMatch(/already over/);

    const emails = await emailsOf(reference);
    expect(emails.map((e) => e.subject)).toEqual([`Your order ${reference} is ready to collect`, `You have collected your order ${reference}`]);
    expect(emails[0]!.text).toContain('London Oxford Street');
  });
});

describe('home delivery: being prepared, dispatched with a tracking reference, delivered', () => {
  it('asks for the tracking reference, keeps it, and emails it', async () => {
    const email = 'home.journey@example.co.uk';
    const reference = await paidOrder(1, email);
    expect(await staffPage('warehouse')).toContain(reference);
    const missing = await problem(await move(reference, { move: 'staff.dispatched', trackingReference: ' ' }), 409);
    expect(missing.detail).toMatch(/tracking reference/);
    expect((await move(reference, { move: 'staff.dispatched', trackingReference: 'jd0001 2345 6789' })).status).toBe(303);
    const dispatched = await managed(reference, email);
    expect(dispatched.timeline.map((s) => [s.step, s.reference])).toEqual([
      ['beingPrepared', null],
      ['dispatched', 'JD0001 2345 6789'],
    ]);
    // Sent: too late to change or cancel online.
    expect(dispatched.refusal).toBe('tooLate');
    expect((await move(reference, { move: 'staff.delivered' })).status).toBe(303);
    const emails = await emailsOf(reference);
    expect(emails.map((e) => e.kind)).toEqual(['fulfilment-dispatched', 'fulfilment-delivered']);
    expect(emails[0]!.text).toContain('Your courier tracking reference is JD0001 2345 6789.');
  });
});

describe('sell back: waiting for your currency, received, paid out', () => {
  it('moves on at the branch and says what was paid', async () => {
    const email = 'sell.journey@example.co.uk';
    const reference = await paidOrder(3, email);
    expect((await managed(reference, email)).timeline.map((s) => s.step)).toEqual(['waitingForCurrency']);
    expect(await staffPage(String(BRANCH))).toContain('Mark currency as received');
    expect((await move(reference, { move: 'staff.received' })).status).toBe(303);
    expect((await move(reference, { move: 'staff.paidOut' })).status).toBe(303);
    const emails = await emailsOf(reference);
    expect(emails.map((e) => e.kind)).toEqual(['fulfilment-received', 'fulfilment-paidOut']);
    expect(emails[1]!.text).toMatch(/We have paid you £[\d,]+\.\d\d for your sell-back order/);
  });
});

describe('refusals', () => {
  it('a cancelled order cannot be moved on; an unknown reference is not found', async () => {
    const email = 'cancelled.journey@example.co.uk';
    const reference = await paidOrder(2, email);
    const found = await managed(reference, email);
    const cancel = await server.request('/api/orders/cancel', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ access: found.access }) });
    expect(cancel.status).toBe(200);
    const p = await problem(await move(reference, { move: 'staff.readyToCollect' }), 409);
    expect(p.detail).toMatch(/cancelled by the customer/);
    expect(await staffPage(String(BRANCH))).not.toContain(reference);
    await problem(await move('TM-NOT-THERE', { move: 'staff.readyToCollect' }), 404);
  });

  it('a refused move shows the list again with the refusal above it: never a problem document on screen', async () => {
    const reference = await paidOrder(2, 'staff.page-refusal@example.com');
    const early = await problem(await move(reference, { move: 'staff.collected', at: String(BRANCH) }), 409);
    expect(early.title).toBe('This order cannot be moved on');
    // The list of the branch the move came from, with the order still at its step.
    expect(early.html).toContain(reference);
    expect(early.html).toContain(`<option value="${BRANCH}" selected>`);
  });

  it('a move that is not a staff move is refused as bad input', async () => {
    expect((await move('TM-ANY', { move: 'staff.teleported' })).status).toBe(400);
  });
});
