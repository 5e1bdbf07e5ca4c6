import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { pageModulesOf, preloadLinks, preloadsOf, type Manifest } from './page-preloads.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A build's manifest in small: the entry with its runtime, two pages sharing a chunk with each other and one with the entry. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-1.js'], css: ['assets/index-1.css'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['index.html'] },
  'src/screens/branch-finder/branch-finder-screen.tsx': {
    file: 'assets/branch-finder-screen-1.js',
    imports: ['_shared-1.js', 'index.html', '_runtime-1.js'],
    css: ['assets/branch-finder-screen-1.css', 'assets/index-1.css'],
  },
  'src/screens/chart/chart-screen.tsx': { file: 'assets/chart-screen-1.js', imports: ['_shared-1.js', 'index.html'] },
  'src/app/on-demand/chart.ts': { file: 'assets/chart-1.js', imports: ['_shared-1.js'] },
  'src/app/on-demand/branch-finder.ts': { file: 'assets/branch-finder-1.js', imports: ['index.html'] },
};

describe('the chunks a page loads on demand, named in its head', () => {
  it("names a page's own chunks and the ones they import, each once, never the first chunk or its imports", () => {
    expect(preloadsOf(manifest, pageModulesOf('/eur-to-gbp'))).toEqual({ scripts: ['assets/chart-screen-1.js', 'assets/shared-1.js', 'assets/chart-1.js'], styles: [] });
    // The branch finder's page: its screen and its machine (the shop loads it for the page).
    expect(preloadsOf(manifest, pageModulesOf(appPaths.branches))).toEqual({
      scripts: ['assets/branch-finder-screen-1.js', 'assets/shared-1.js', 'assets/branch-finder-1.js'],
      styles: ['assets/branch-finder-screen-1.css'],
    });
  });

  it('as links: scripts as module preloads, styles as low-priority style preloads, both as the app asks for them (crossorigin)', () => {
    expect(preloadLinks(manifest, '/Branches/')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/branch-finder-screen-1.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/shared-1.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/branch-finder-1.js" />',
        '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/branch-finder-screen-1.css" />',
      ].join('\n    '),
    );
  });

  it('names nothing for the calculator pages (their first chunk draws them) or an address the shop does not know', () => {
    for (const page of [appPaths.home, appPaths.sellTravelMoney, appPaths.embeddedCalculator, '/nowhere']) expect(pageModulesOf(page)).toEqual([]);
    expect(preloadLinks(manifest, appPaths.home)).toBe('');
  });

  it('knows every page drawn on demand, by modules that exist', () => {
    const pages = [
      appPaths.branches,
      '/branches/LON01',
      '/eur-to-gbp',
      '/usd-from-gbp',
      appPaths.manageOrder,
      appPaths.paymentResponse,
      appPaths.faq,
      appPaths.terms,
      appPaths.privacy,
      appPaths.cookies,
      appPaths.viewCart,
      appPaths.sellViewCart,
      appPaths.deliveryOptions,
      appPaths.customerInformation,
      appPaths.payment,
      appPaths.confirmation,
      appPaths.paymentUnsuccessful,
    ];
    for (const page of pages) {
      const modules = pageModulesOf(page);
      expect(modules.length, page).toBeGreaterThan(0);
      for (const module of modules) expect(existsSync(path.join(ROOT, module)), `${page}: ${module}`).toBe(true);
    }
    expect(pageModulesOf(appPaths.customerInformation)).toContain('src/screens/customer-info/customer-info-screen.tsx');
    // The steps that show the cart name its machine; the confirmation, after the cart, does not.
    for (const page of [appPaths.viewCart, appPaths.deliveryOptions, appPaths.customerInformation, appPaths.payment, appPaths.paymentUnsuccessful]) expect(pageModulesOf(page), page).toContain('src/app/on-demand/cart.ts');
    expect(pageModulesOf(appPaths.confirmation)).not.toContain('src/app/on-demand/cart.ts');
  });
});
