/**
 * The runtime configuration the app host writes into index.html, so one build of the app runs
 * against any API, origin and site: `<script>window.__SHOP_CONFIG__ = {...}</script>`.
 * The app validates what it finds (src/app/config.ts); the host builds it from its validated
 * environment (server/env.ts).
 */
export const SHOP_CONFIG_GLOBAL = '__SHOP_CONFIG__';

export interface ShopRuntimeConfig {
  /** The API base, e.g. https://api.example.co.uk (no trailing slash). */
  apiBase: string;
  siteId: number;
  /** The shop's own origin; payment frame messages are accepted from, and sent to, it only. */
  appOrigin: string;
  /** The hosted payment page's origin, for the iframe and its content security policy. */
  pspOrigin: string;
}

/**
 * Where the app host serves the API on the shop's own origin (`{appOrigin}/backend/api/cart`), so
 * the browser's calls need no CORS preflight. The API keeps its own origin too (API_BASE) for the
 * payment provider's callbacks, the loyalty sign-in page and other clients.
 */
export const API_MOUNT_PATH = '/backend';

/** The id of the page's data block holding the preloaded reads (`<script type="application/json">`). */
export const PRELOADED_READS_ID = 'shop-preloaded-reads';

/** What the data block holds: each preloaded path's JSON answer. */
export type PreloadedReads = Record<string, unknown>;
