/**
 * The staff page (issue 45, part 2): staff sign in with the shop's STAFF_TOKEN, see a branch's or
 * the warehouse's paid orders by the step each is at, and move an order on to its next step.
 *
 *   GET  /staff                               the sign-in form, or (signed in) the orders of ?at=
 *                                             ('warehouse', the default, or a branch's store id)
 *   POST /staff/sign-in                       the token (a form); right: a signed cookie and back
 *                                             to /staff; wrong: the form again, 401
 *   POST /staff/sign-out                      forgets the cookie
 *   POST /staff/orders/{reference}/move       the next move (a form: move, trackingReference for a
 *                                             dispatch, at); answered by going back to the list,
 *                                             or a problem (409 when the move is out of order)
 *
 * The sign-in is a cookie (HttpOnly, SameSite=Strict, 12 hours) holding its expiry signed with the
 * staff token, so changing the token signs everyone out. Its own strict policy (staff-page.ts),
 * no-store on every answer, and rate limited per client address: sign-in attempts as tightly as
 * the customer's details, the rest as the lookups.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { ALL_STAFF_MOVES, isFulfilmentStep, type FulfilmentStep } from '#domain/fulfilment.ts';
import { fulfilmentProblems, staffTexts } from '#domain/texts/fulfilment-server.ts';
import type { AppEnv } from '../app-env.ts';
import { HttpProblem } from '../errors.ts';
import { hstsFor } from '../security-headers.ts';
import { moveOrder, staffBranches, staffOrders, type StaffLocation } from '../services/fulfilment.ts';
import { parseWith } from '../validation.ts';
import { rateLimit } from './rate-limit.ts';
import { STAFF_PAGE_POLICY, staffOrdersPage, staffSignInPage } from './staff-page.ts';

export const STAFF_PATH = '/staff';
export const STAFF_SIGN_IN_PATH = '/staff/sign-in';
export const STAFF_SIGN_OUT_PATH = '/staff/sign-out';
export const STAFF_MOVE_PATH = '/staff/orders/:reference/move';

const COOKIE = 'tms_staff';
const SIGN_IN_HOURS = 12;

export const StaffSignInFormSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
export const StaffMoveFormSchema = v.object({
  move: v.picklist(ALL_STAFF_MOVES, 'must be one of the staff moves'),
  trackingReference: v.optional(v.pipe(v.string(), v.maxLength(100))),
  at: v.optional(v.pipe(v.string(), v.maxLength(20))),
});
export const StaffMoveParamsSchema = v.object({ reference: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) });
export const StaffQuerySchema = v.object({
  at: v.optional(v.pipe(v.string(), v.maxLength(20))),
  moved: v.optional(v.pipe(v.string(), v.maxLength(40))),
  step: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

const signInLimit = rateLimit('staff-sign-in', (config) => [{ limit: config.rateLimits.customerInfo, scope: 'address' }]);
const staffLimit = rateLimit('staff', (config) => [{ limit: config.rateLimits.lookups, scope: 'address' }]);

function sign(token: string, value: string): string {
  return createHmac('sha256', token).update(`staff-sign-in.${value}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isSignedIn(c: Context<AppEnv>): boolean {
  const deps = c.get('deps');
  const [expires = '', signature = ''] = (getCookie(c, COOKIE) ?? '').split('.');
  if (!/^\d+$/.test(expires) || Number(expires) <= deps.clock.now().getTime()) return false;
  return sameText(signature, sign(deps.config.staffToken, expires));
}

/** The page's own headers on every staff answer (a problem too): its policy, never cached, never framed. */
const staffHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('Content-Security-Policy', STAFF_PAGE_POLICY);
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  for (const [name, value] of Object.entries(hstsFor(c.get('deps').config.apiBase))) c.res.headers.set(name, value);
});

/** From the page's address back to the folder /staff sits in: '' at /staff, '../' one level down. */
function baseOf(c: Context<AppEnv>): string {
  return '../'.repeat(Math.max(0, c.req.path.split('/').length - 2));
}

function locationOf(at: string | undefined): { at: string; location: StaffLocation } {
  if (at !== undefined && /^\d{1,9}$/.test(at)) return { at, location: { kind: 'branch', storeId: Number(at) } };
  return { at: 'warehouse', location: { kind: 'warehouse' } };
}

export function staffRoutes() {
  const app = new Hono<AppEnv>();
  app.use(STAFF_PATH, staffHeaders);
  app.use(`${STAFF_PATH}/*`, staffHeaders);

  app.get(STAFF_PATH, staffLimit, async (c) => {
    if (!isSignedIn(c)) return c.html(staffSignInPage(null, baseOf(c)));
    const deps = c.get('deps');
    const query = await parseWith(StaffQuerySchema, c.req.query(), 'query');
    const { at, location } = locationOf(query.at);
    const step: FulfilmentStep | null = isFulfilmentStep(query.step) ? query.step : null;
    const moved = query.moved !== undefined && step !== null ? { reference: query.moved, step } : null;
    return c.html(staffOrdersPage({ base: baseOf(c), at, branches: await staffBranches(deps.db), orders: await staffOrders(deps.db, location), moved }));
  });

  app.post(STAFF_SIGN_IN_PATH, signInLimit, async (c) => {
    const deps = c.get('deps');
    const { token } = await parseWith(StaffSignInFormSchema, await c.req.parseBody(), 'form');
    if (!sameText(token.trim(), deps.config.staffToken)) return c.html(staffSignInPage(staffTexts.signInWrong, baseOf(c)), 401);
    const expires = String(deps.clock.now().getTime() + SIGN_IN_HOURS * 60 * 60 * 1000);
    setCookie(c, COOKIE, `${expires}.${sign(deps.config.staffToken, expires)}`, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: deps.config.apiBase.startsWith('https://'),
      path: '/',
      maxAge: SIGN_IN_HOURS * 60 * 60,
    });
    // Relative, so it goes back to the page wherever the API is mounted.
    return c.redirect('../staff', 303);
  });

  app.post(STAFF_SIGN_OUT_PATH, staffLimit, (c) => {
    deleteCookie(c, COOKIE, { path: '/' });
    return c.redirect('../staff', 303);
  });

  app.post(STAFF_MOVE_PATH, staffLimit, async (c) => {
    // The page's own form post, answered for a person: a sign-in that ran out is the sign-in form
    // again, and a move the shop refuses is the list again with the refusal above it, never a
    // problem document on screen.
    if (!isSignedIn(c)) return c.html(staffSignInPage(fulfilmentProblems.signIn, '../../../'), 401);
    const { reference } = await parseWith(StaffMoveParamsSchema, c.req.param(), 'param');
    const form = await parseWith(StaffMoveFormSchema, await c.req.parseBody(), 'form');
    const { at, location } = locationOf(form.at);
    const deps = c.get('deps');
    try {
      const moved = await moveOrder(deps, reference, form.move, form.trackingReference ?? null);
      const query = new URLSearchParams({ at, moved: moved.reference, step: moved.step });
      return c.redirect(`../../../staff?${query.toString()}`, 303);
    } catch (error) {
      if (!(error instanceof HttpProblem) || (error.status !== 404 && error.status !== 409)) throw error;
      const view = { base: '../../../', at, branches: await staffBranches(deps.db), orders: await staffOrders(deps.db, location), moved: null, problem: { title: error.title, detail: error.detail } };
      return c.html(staffOrdersPage(view), error.status);
    }
  });

  return app;
}
