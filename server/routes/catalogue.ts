/** Catalogue, rates and content routes (spec 7.2). None needs a session; a valid one improves the quote. */
import { Hono, type Context } from 'hono';
import type {
  CalculatorContent,
  ChartPoint,
  CheckoutContent,
  Currency,
  Product,
  QuoteResponse,
  RatesBoard,
  SiteProduct,
  SiteSettings,
} from '#domain/contract/catalogue.ts';
import {
  ChartParamsSchema as ChartParams,
  ChartQuerySchema as ChartQuery,
  ContentQuerySchema as ContentQuery,
  QuoteParamsSchema as QuoteParams,
  QuoteQuerySchema as QuoteQuery,
  SettingsQuerySchema as SettingsQuery,
} from '#domain/contract/catalogue.ts';
import { SiteParamsSchema as SiteParams } from '#domain/contract/common.ts';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { AppEnv } from '../app-env.ts';
import type { Deps } from '../deps.ts';
import {
  calculatorContent,
  checkoutContent,
  listCurrencies,
  listProducts,
  listSiteProducts,
  openCartsOf,
  siteSettings,
} from '../services/catalogue.ts';
import { londonDay } from '#domain/cut-off.ts';
import { bankHolidaysAt } from '../services/bank-holidays.ts';
import { assertRatesCurrent } from '../services/rate-freshness.ts';
import { priceQuote, rateHistory, ratesBoard } from '../services/rates.ts';
import { pricingDate, type ReferenceData } from '../services/reference.ts';
import { optionalSession, quotesWithProfile } from '../services/session.ts';
import { validate } from '../validation.ts';
import { shareAnswer } from '../shared-answers.ts';

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Anonymous reads of reference data may be kept by browsers and shared caches, which must ask
 * again every time (no-cache): the entity tag is the reference version (and the pricing date for
 * a quote), so a rate change is never served stale and an unchanged answer costs a 304.
 * Returns the 304 when the caller already has this version.
 */
function sharedCacheable(c: Context<AppEnv>, tag: string): Response | null {
  const etag = `"${tag}"`;
  c.header('Cache-Control', 'public, no-cache');
  c.header('ETag', etag);
  c.header('Vary', 'Authorization', { append: true });
  return matches(c.req.header('If-None-Match'), etag) ? c.body(null, 304) : null;
}

/** A personalised answer (it depends on the caller's session): for this browser only, never stored. */
function personal(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Authorization', { append: true });
}

/** An anonymous answer built from this reference data holds while the API still holds it (server/shared-answers.ts). */
const whileHeld = (deps: Deps, ref: ReferenceData) => () => deps.reference.held() === ref;

/** ...and, for prices, while it is still the same London day. */
const whileHeldOn = (deps: Deps, ref: ReferenceData, day: string) => () => deps.reference.held() === ref && pricingDate(deps.clock) === day;

const hasBearer = (c: Context<AppEnv>) => (c.req.header(AUTH_HEADER) ?? '').trim() !== '';

export function catalogueRoutes() {
  const app = new Hono<AppEnv>();

  app.get(apiRoutes.currencies.pattern, async (c) => {
    const deps = c.get('deps');
    const ref = await deps.reference.current();
    return sharedCacheable(c, `r${ref.version}`) ?? shareAnswer(c, listCurrencies(ref) satisfies Currency[], whileHeld(deps, ref));
  });

  app.get(apiRoutes.products.pattern, async (c) => {
    const deps = c.get('deps');
    const ref = await deps.reference.current();
    return sharedCacheable(c, `r${ref.version}`) ?? shareAnswer(c, listProducts(ref) satisfies Product[], whileHeld(deps, ref));
  });

  app.get(apiRoutes.siteProducts.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const ref = await deps.reference.current();
    const products: SiteProduct[] = listSiteProducts(ref, c.req.valid('param').siteId);
    return sharedCacheable(c, `r${ref.version}`) ?? shareAnswer(c, products, whileHeld(deps, ref));
  });

  app.get(apiRoutes.calculatorContent.pattern, validate('query', ContentQuery), async (c) => {
    const deps = c.get('deps');
    const ref = await deps.reference.current();
    const content: CalculatorContent = calculatorContent(ref, c.req.valid('query').siteId);
    return sharedCacheable(c, `r${ref.version}`) ?? shareAnswer(c, content, whileHeld(deps, ref));
  });

  app.get(apiRoutes.checkoutContent.pattern, validate('query', ContentQuery), async (c) => {
    const deps = c.get('deps');
    const ref = await deps.reference.current();
    const content: CheckoutContent = checkoutContent(ref, c.req.valid('query').siteId);
    return sharedCacheable(c, `r${ref.version}`) ?? shareAnswer(c, content, whileHeld(deps, ref));
  });

  app.get(apiRoutes.siteSettings.pattern, validate('query', SettingsQuery), async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('query');
    const ref = await deps.reference.current();
    const threshold = deps.config.amlThresholdGbp;
    const now = deps.clock.now();
    const holidays = await bankHolidaysAt(now);
    if (!hasBearer(c)) {
      const settings: SiteSettings = siteSettings(ref, id, undefined, threshold, holidays);
      // The threshold is the process's configuration: a restart with another one is another
      // version; the bank holidays are those of the year and the next.
      const year = londonDay(now).slice(0, 4);
      const holds = () => deps.reference.held() === ref && pricingDate(deps.clock).slice(0, 4) === year;
      return sharedCacheable(c, `r${ref.version}-i${threshold}-y${year}`) ?? shareAnswer(c, settings, holds);
    }
    const session = await optionalSession(deps, c.req.header(AUTH_HEADER));
    const carts = await openCartsOf(deps.db, session, id);
    personal(c);
    return c.json<SiteSettings>(siteSettings(ref, id, carts, threshold, holidays));
  });

  app.get(apiRoutes.quote.pattern, validate('param', QuoteParams), validate('query', QuoteQuery), async (c) => {
    const deps = c.get('deps');
    const p = c.req.valid('param');
    const input = {
      siteId: p.siteId,
      storeId: p.storeId,
      productId: p.productId,
      currencyCode: p.currency,
      affiliateCode: c.req.valid('query').affiliateCode ?? null,
    };
    const ref = await deps.reference.current();
    const day = pricingDate(deps.clock);
    const mids = await ref.midRates(day);
    await assertRatesCurrent(deps, mids);
    const hasProfile = hasBearer(c) && (await quotesWithProfile(deps, c.req.header(AUTH_HEADER), p.siteId));
    const quote = priceQuote(ref, mids, { ...input, hasProfile });
    const answer: QuoteResponse = { rate: quote.rate, price: quote.price, increment: quote.increment, rateTiers: quote.rateTiers };
    if (hasBearer(c)) {
      personal(c);
      return c.json(answer);
    }
    const unchanged = sharedCacheable(c, `q${ref.version}-${day}`);
    if (unchanged !== null) return unchanged;
    return shareAnswer(c, answer, whileHeldOn(deps, ref, day));
  });

  // The rates board changes with the reference data (rates included) and the London day; it is
  // kept in memory per site for that pair, since every page preloads it.
  const boards = new Map<number, { key: string; board: Promise<RatesBoard> }>();
  app.get(apiRoutes.ratesBoard.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const ref = await deps.reference.current();
    const day = pricingDate(deps.clock);
    const key = `b${ref.version}-${day}`;
    const unchanged = sharedCacheable(c, key);
    if (unchanged !== null) return unchanged;
    let memo = boards.get(siteId);
    if (memo?.key !== key) {
      memo = { key, board: ratesBoard(deps, siteId) };
      boards.set(siteId, memo);
      memo.board.catch(() => boards.delete(siteId));
    }
    const board: RatesBoard = await memo.board;
    return shareAnswer(c, board, whileHeldOn(deps, ref, day));
  });

  app.get(apiRoutes.currencyConverter.pattern, validate('param', ChartParams), validate('query', ChartQuery), async (c) =>
    c.json<ChartPoint[]>(await rateHistory(c.get('deps'), c.req.valid('param').code, c.req.valid('query').inverted)),
  );

  return app;
}
