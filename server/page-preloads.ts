/**
 * The chunks a page loads on demand, named in its HTML so the browser fetches them beside the
 * first chunk instead of after it (decision 056). A page drawn by a chunk of its own (the branch
 * finder, a chart, the checkout's steps) otherwise draws its largest element only once the first
 * chunk has been fetched and run and has asked for the page's chunk: two fetches one after the
 * other on a slow phone network. The app host writes `<link rel="modulepreload">` for the page's
 * scripts and `<link rel="preload" as="style">` for their styles into the page it answers.
 *
 * The styles ask for a low priority (decision 065). A style preload is otherwise the browser's
 * highest priority: a page's five or six of them took every connection before the first chunk,
 * which the page's paint waits for first, and a phone's network scheduler treats them as blocking
 * the first paint, which they do not (the page's chunk applies them when it loads).
 *
 * The calculator pages (/, the sell page, the embedded calculator) name none: their first chunk
 * draws them, and what they load after the first paint stays after it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkoutPageOf } from '#domain/checkout-pages.ts';
import type { CheckoutPage } from '#domain/checkout-steps.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { chartPathOf } from '#domain/currency-flags.ts';

/** The screen of each checkout page (src/app/on-demand/checkout-pages.tsx). */
const CHECKOUT_SCREENS: Record<CheckoutPage, string> = {
  review: 'src/screens/view-cart/view-cart-screen.tsx',
  delivery: 'src/screens/delivery/delivery-screen.tsx',
  details: 'src/screens/customer-info/customer-info-screen.tsx',
  payment: 'src/screens/payment/payment-screen.tsx',
  confirmation: 'src/screens/confirmation/confirmation-screen.tsx',
  unsuccessful: 'src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx',
};

const INFO_PAGES: readonly string[] = [appPaths.faq, appPaths.terms, appPaths.privacy, appPaths.cookies];

/**
 * The modules (by their source path, as the build's manifest names them) a page imports on demand
 * as it opens: its screen (src/app/pages.tsx, src/app/router.tsx) and the machines the shop loads
 * for it (`loadPages`, src/app/actors.ts).
 */
export function pageModulesOf(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const checkoutPage = checkoutPageOf(path);
  if (checkoutPage !== null) {
    const pages = ['src/app/on-demand/checkout-pages.tsx', CHECKOUT_SCREENS[checkoutPage], 'src/app/on-demand/checkout.ts'];
    // The cart's machine, which these steps show and read the cart through; without it here it
    // is asked for only once the first chunk has run, and the cart's read waits for it.
    return checkoutPage === 'confirmation' ? pages : [...pages, 'src/app/on-demand/cart.ts'];
  }
  if (path === appPaths.branches) return ['src/screens/branch-finder/branch-finder-screen.tsx', 'src/app/on-demand/branch-finder.ts'];
  if (/^\/branches\/[^/]+$/.test(path)) return ['src/screens/branch-details/branch-details-screen.tsx'];
  if (path === appPaths.manageOrder) return ['src/screens/manage-order/manage-order-screen.tsx', 'src/app/on-demand/manage-order.ts'];
  if (path === appPaths.paymentResponse) {
    return ['src/app/on-demand/payment-response-page.tsx', 'src/screens/payment-response/payment-response-screen.tsx', 'src/app/on-demand/payment-response.ts'];
  }
  if (INFO_PAGES.includes(path)) return ['src/screens/info-page/info-page.tsx'];
  if (chartPathOf(path)) return ['src/screens/chart/chart-screen.tsx', 'src/app/on-demand/chart.ts'];
  return [];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The build's manifest (dist/.vite/manifest.json); an empty one when the build has none. */
export function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * The scripts and styles of the modules, with every chunk they import statically, less what the
 * entry (the first chunk and its imports) already brings, each once, in the order they are met.
 */
export function preloadsOf(manifest: Manifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const entryFiles = new Set<string>();
  const walkEntry = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const css of chunk.css ?? []) entryFiles.add(css);
    for (const imported of chunk.imports ?? []) walkEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walkEntry(key);

  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || seen.has(key) || entryFiles.has(chunk.file)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!entryFiles.has(css) && !styles.includes(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const module of modules) walk(module);
  return { scripts, styles };
}

/** The page's preload links, for its <head>. */
export function preloadLinks(manifest: Manifest, pathname: string): string {
  const { scripts, styles } = preloadsOf(manifest, pageModulesOf(pathname));
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...styles.map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}" />`),
  ].join('\n    ');
}
