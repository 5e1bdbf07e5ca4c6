/**
 * Runtime configuration. The app host injects `window.__SHOP_CONFIG__` so one build runs against
 * any API; during development Vite's VITE_* variables stand in, then the local defaults.
 */
import * as v from 'valibot';
import { PRELOADED_READS_ID, type PreloadedReads, type ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';

export type ShopConfig = ShopRuntimeConfig;

declare global {
  interface Window {
    /** Written by the app host (domain/contract/runtime-config.ts SHOP_CONFIG_GLOBAL). */
    __SHOP_CONFIG__?: Partial<ShopConfig>;
  }
}

export const DEFAULT_API_BASE = 'http://localhost:3001';
export const DEFAULT_PSP_ORIGIN = 'http://localhost:3002';
export const DEFAULT_SITE_ID = 1;

const Origin = v.pipe(v.string(), v.url(), v.transform((s) => s.replace(/\/+$/, '')));
const ConfigSchema = v.object({
  apiBase: Origin,
  siteId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  appOrigin: Origin,
  pspOrigin: Origin,
});

type Env = Partial<Record<'VITE_API_BASE' | 'VITE_SITE_ID' | 'VITE_PSP_ORIGIN' | 'VITE_APP_ORIGIN', string>>;

const blankToUndefined = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s.trim());

/** Merges injected config, build-time env and defaults; throws one readable error on a bad value. */
export function readConfig(
  injected: Partial<ShopConfig> | undefined,
  env: Env,
  locationOrigin: string | undefined,
): ShopConfig {
  const envSiteId = blankToUndefined(env.VITE_SITE_ID);
  const candidate = {
    apiBase: injected?.apiBase ?? blankToUndefined(env.VITE_API_BASE) ?? DEFAULT_API_BASE,
    siteId: injected?.siteId ?? (envSiteId === undefined ? DEFAULT_SITE_ID : Number(envSiteId)),
    appOrigin: injected?.appOrigin ?? blankToUndefined(env.VITE_APP_ORIGIN) ?? locationOrigin ?? 'http://localhost:3000',
    pspOrigin: injected?.pspOrigin ?? blankToUndefined(env.VITE_PSP_ORIGIN) ?? DEFAULT_PSP_ORIGIN,
  };
  const parsed = v.safeParse(ConfigSchema, candidate);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new Error(`Bad shop configuration:\n${lines.join('\n')}`);
  }
  return parsed.output;
}

let cached: ShopConfig | undefined;

/** The configuration of this page, read once. */
export function getConfig(): ShopConfig {
  cached ??= readConfig(
    typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__,
    import.meta.env as Env,
    typeof window === 'undefined' ? undefined : window.location.origin,
  );
  return cached;
}

/**
 * The reads the app host wrote into the page (its JSON data block), by path; none when the page
 * has no block (development through Vite, tests) or it cannot be read.
 */
export function readPreloadedReads(doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document): PreloadedReads {
  const text = doc?.getElementById(PRELOADED_READS_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as PreloadedReads) : {};
  } catch {
    return {};
  }
}
