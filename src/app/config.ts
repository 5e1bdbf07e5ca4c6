/**
 * Runtime configuration. The app host injects `window.__SHOP_CONFIG__` so one build runs against
 * any API; during development Vite's VITE_* variables stand in, then the local defaults. The host
 * builds it from its validated environment (server/env.ts); what a hand-set value could still get
 * wrong is checked here without a schema library, which the first page does not load (valibot
 * comes with the API's HTTP client, src/api/client.ts).
 */
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

/** An absolute URL, without its trailing slashes; null when it is none. */
function origin(value: unknown): string | null {
  return typeof value === 'string' && URL.canParse(value) ? value.replace(/\/+$/, '') : null;
}

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
  const config = {
    apiBase: origin(candidate.apiBase),
    siteId: Number.isInteger(candidate.siteId) && candidate.siteId >= 1 ? candidate.siteId : null,
    appOrigin: origin(candidate.appOrigin),
    pspOrigin: origin(candidate.pspOrigin),
  };
  const bad = Object.entries(config).filter(([, value]) => value === null);
  if (bad.length > 0) {
    const lines = bad.map(([key]) => `${key}: ${key === 'siteId' ? 'must be a whole number of 1 or more' : 'must be an absolute URL'} (${JSON.stringify(candidate[key as keyof typeof candidate])})`);
    throw new Error(`Bad shop configuration:\n${lines.join('\n')}`);
  }
  return config as ShopConfig;
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
