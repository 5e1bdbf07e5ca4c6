/**
 * `npm run check:bundle`: fails when all the JS the calculator page loads until the network is
 * idle (gzip) is over FIRST_LOAD_GOAL times a bare app of the design card's own stack
 * (tests/bench/first-load.ts), and when a module only the pages loaded on demand need loads with
 * it (OFF_THE_FIRST_LOAD in scripts/bundle-size.ts), and when a page loaded on demand fetches more
 * than PAGE_FILES_GOAL script files beside the first chunk. Builds the app and the server first
 * when their sources changed, as `npm start` does; needs Debian's chromium. The figures are bytes,
 * not times: the same build gives the same figures on any machine.
 */
import path from 'node:path';
import { kb } from '../../scripts/bundle-size.ts';
import { pageModulesOf, preloadsOf, readManifest } from '../../server/page-preloads.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { FIRST_LOAD_GOAL, measureFirstLoad, type AppFigures } from './first-load.ts';

/**
 * The most script files a page loaded on demand may fetch beside the first chunk (its HTML names
 * them, server/page-preloads.ts): what the checkout's details step, the page with the most, fetches
 * since the shared modules were grouped (decision 065). Each file takes a round trip and a share
 * of a phone's line while the first chunk, which every paint waits for, is still arriving.
 */
const PAGE_FILES_GOAL = 16;
const PAGES_LOADED_ON_DEMAND = ['/eur-to-gbp', appPaths.branches, appPaths.viewCart, appPaths.deliveryOptions, appPaths.customerInformation, appPaths.payment, appPaths.confirmation];

const bytes = (n: number) => `${n.toLocaleString('en-GB')} B (${kb(n)})`;
const times = (n: number) => `${n.toFixed(3)}×`;

let figures;
try {
  figures = await measureFirstLoad((line) => console.log(`[check:bundle] ${line}`));
} catch (error) {
  console.error(`The calculator page's JS could not be counted: ${(error as Error).message}`);
  process.exit(1);
}

const afterFirstLoad = (app: AppFigures) => {
  const later = app.untilIdle.scripts.filter((s) => !app.firstLoad.files.some((f) => s.path === `/${f.file}`));
  return later.length === 0 ? 'nothing' : later.map((s) => `${s.path.replace('/assets/', '')} ${s.gzipBytes} B`).join(', ');
};
const { shop, cardStack, ratio, firstLoadRatio, misplaced } = figures;
const report = [
  `Calculator page, all JS until the network is idle: ${bytes(shop.untilIdle.gzipBytes)} gzip, ${times(ratio)} the card's stack (${bytes(cardStack.untilIdle.gzipBytes)}: React, React Router, XState, @xstate/react); goal ≤ ${FIRST_LOAD_GOAL}×.`,
  `  first load (the entry and its static imports): ${bytes(shop.firstLoad.gzipBytes)}, ${times(firstLoadRatio)} the card's stack's ${bytes(cardStack.firstLoad.gzipBytes)}: ${shop.firstLoad.files.map((f) => `${f.file.replace('assets/', '')} ${f.gzipBytes} B`).join(', ')}`,
  `  fetched after the first load, until idle: ${afterFirstLoad(shop)}`,
].join('\n');

const manifest = readManifest(path.resolve(import.meta.dirname, '../../dist'));
const pageFiles = PAGES_LOADED_ON_DEMAND.map((page) => ({ page, files: preloadsOf(manifest, pageModulesOf(page)).scripts.length }));
const tooMany = pageFiles.filter(({ files }) => files > PAGE_FILES_GOAL);
console.log(`Script files each page loaded on demand fetches beside the first chunk (goal ≤ ${PAGE_FILES_GOAL}): ${pageFiles.map(({ page, files }) => `${page} ${files}`).join(', ')}.`);
if (tooMany.length > 0) {
  console.error(`Over ${PAGE_FILES_GOAL} files: ${tooMany.map(({ page, files }) => `${page} ${files}`).join(', ')}. A module several of these pages share is in a chunk of its own: give it a group (vite.config.ts, decision 065).`);
  process.exit(1);
}

if (misplaced.length > 0) {
  console.error(`${report}\nLoaded with the calculator page, though only pages loaded on demand need them: ${misplaced.join(', ')}. A module the calculator page loads reads from them: give what it needs a module of its own (decision 047).`);
  process.exit(1);
}
const overBy = (limit: number) => (shop.untilIdle.gzipBytes - Math.floor(limit * cardStack.untilIdle.gzipBytes)).toLocaleString('en-GB');
if (ratio > FIRST_LOAD_GOAL) {
  console.error(`${report}\nOver the goal of ${FIRST_LOAD_GOAL}× by ${overBy(FIRST_LOAD_GOAL)} B: the page grew.`);
  process.exit(1);
}
console.log(`${report}\n${(Math.floor(FIRST_LOAD_GOAL * cardStack.untilIdle.gzipBytes) - shop.untilIdle.gzipBytes).toLocaleString('en-GB')} B under the goal.`);
