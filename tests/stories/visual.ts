/**
 * Visual baselines: every screen story photographed in Chromium at 375 and 1280 px and compared,
 * pixel by pixel (pixelmatch), with the picture committed in tests/stories/baselines/. A
 * difference fails the story and writes the picture taken and the difference (changed pixels in
 * red) to test-results/visual/. `npm run test:visual -- --update` accepts the pictures taken as
 * the new baselines.
 *
 * Pictures are made deterministic: the statechart beside a screen story is hidden (it has its own
 * tests), animations are finished and the caret hidden, web fonts have loaded, and the page has
 * the stories' fixed clock, the en-GB locale and the London time zone of the story run's context.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';

export const BASELINE_DIR = path.resolve('tests', 'stories', 'baselines');
export const VISUAL_RESULTS_DIR = path.resolve(process.env.E2E_RESULTS || 'test-results', 'visual');

/** The shop's narrowest and widest widths (spec: 375 and 1280), each with a phone's or a laptop's height. */
export const VISUAL_VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

/** pixelmatch's per-pixel colour distance (0 to 1): above it a pixel counts as changed. */
export const PIXEL_THRESHOLD = 0.1;
/** Changed pixels a picture may have and still match: none. */
export const MAX_CHANGED_PIXELS = 0;

/** `npm run test:visual -- --update` (scripts/visual.ts) sets this: pictures become baselines. */
export const updating = (): boolean => process.env.VISUAL_UPDATE === '1';

/**
 * `npm run test:visual` (VISUAL=1), which CI runs, compares the screen stories' pictures with their
 * baselines; `npm run test:stories` plays and checks the stories without them.
 */
export const comparing = (): boolean => process.env.VISUAL === '1' || updating();

/** The screen stories: every story but the Flows pages and the UI components' own. */
export function isScreenStory(story: { title: string }): boolean {
  return !story.title.startsWith('Flows') && !story.title.startsWith('UI/');
}

export const baselineName = (storyId: string, width: number): string => `${storyId}--${width}.png`;

const FREEZE = `
  [data-flow-panel] { display: none !important; }
  *, *::before, *::after { caret-color: transparent !important; }
`;

/** The date every page of the story run reads (the stories' own STORY_NOW): no picture shows today's date. */
export const VISUAL_NOW = new Date('2026-03-04T10:00:00Z');

const nextFrames = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * Every chart that measures its frame (`data-measured-chart`, the width it drew) drawn at the
 * frame's width: after a change of viewport a chart measures again only once the resizing has
 * paused (a debounce), so two equal frames in a row do not yet mean it has.
 */
const chartsAtTheirWidth = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-measured-chart]')].every(
        (frame) => Number(frame.getAttribute('data-measured-chart')) === Math.floor(frame.getBoundingClientRect().width),
      ),
    undefined,
    { timeout: 5_000 },
  );

/** Every image of the page loaded (a currency's flag drawn, not its letters in its place) and every frame in it (the card page). */
async function everythingLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 5_000 });
  await Promise.all(page.frames().filter((frame) => frame !== page.mainFrame()).map((frame) => frame.waitForLoadState('load')));
}

/** Pictures in a row that must be the same before one counts as settled. */
const SAME_IN_A_ROW = 3;

/**
 * A picture of the viewport once three in a row are the same: a list still arriving, a message
 * on its way in or a button that has just stopped waiting is not photographed half drawn.
 */
async function settledShot(page: Page): Promise<Buffer> {
  const shoot = () => page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  await chartsAtTheirWidth(page);
  await everythingLoaded(page);
  await nextFrames(page);
  let last = await shoot();
  let same = 1;
  for (let attempt = 0; attempt < 8 && same < SAME_IN_A_ROW; attempt++) {
    await nextFrames(page);
    const next = await shoot();
    same = next.equals(last) ? same + 1 : 1;
    last = next;
  }
  return last;
}

/** Hides what is not the screen, waits for fonts and two frames, and photographs the viewport at each width; then puts the page back. */
export async function photograph(page: Page): Promise<Array<{ width: number; png: Buffer }>> {
  const freeze = await page.addStyleTag({ content: FREEZE });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const before = page.viewportSize();
  const shots: Array<{ width: number; png: Buffer }> = [];
  try {
    for (const size of VISUAL_VIEWPORTS) {
      await page.setViewportSize(size);
      shots.push({ width: size.width, png: await settledShot(page) });
    }
  } finally {
    // The page is left as it was found, so the next story may play in it.
    if (before) await page.setViewportSize(before);
    await freeze.evaluate((tag) => (tag as Element).remove());
  }
  return shots;
}

export type Comparison =
  | { status: 'matches' | 'accepted'; name: string }
  | { status: 'differs'; name: string; changedPixels: number; diffFile: string; actualFile: string }
  | { status: 'sizeDiffers'; name: string; expected: string; actual: string; actualFile: string }
  | { status: 'missing'; name: string; actualFile: string };

function keepActual(name: string, png: Buffer): string {
  mkdirSync(VISUAL_RESULTS_DIR, { recursive: true });
  const file = path.join(VISUAL_RESULTS_DIR, name.replace(/\.png$/, '.actual.png'));
  writeFileSync(file, png);
  return file;
}

/** Compares a picture with its baseline (or, when updating, makes it the baseline). */
export function compareWithBaseline(name: string, png: Buffer, options: { update?: boolean; baselineDir?: string } = {}): Comparison {
  const dir = options.baselineDir ?? BASELINE_DIR;
  const file = path.join(dir, name);
  const actual = PNG.sync.read(png);
  if (options.update) {
    const expected = existsSync(file) ? PNG.sync.read(readFileSync(file)) : null;
    const same =
      expected !== null &&
      expected.width === actual.width &&
      expected.height === actual.height &&
      pixelmatch(expected.data, actual.data, undefined, actual.width, actual.height, { threshold: PIXEL_THRESHOLD }) <= MAX_CHANGED_PIXELS;
    // An unchanged picture keeps its file, so that an update touches only what changed.
    if (!same) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, png);
    }
    return { status: 'accepted', name };
  }
  if (!existsSync(file)) return { status: 'missing', name, actualFile: keepActual(name, png) };
  const expected = PNG.sync.read(readFileSync(file));
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return { status: 'sizeDiffers', name, expected: `${expected.width}×${expected.height}`, actual: `${actual.width}×${actual.height}`, actualFile: keepActual(name, png) };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changedPixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  if (changedPixels <= MAX_CHANGED_PIXELS) return { status: 'matches', name };
  mkdirSync(VISUAL_RESULTS_DIR, { recursive: true });
  const diffFile = path.join(VISUAL_RESULTS_DIR, name.replace(/\.png$/, '.diff.png'));
  writeFileSync(diffFile, PNG.sync.write(diff));
  return { status: 'differs', name, changedPixels, diffFile, actualFile: keepActual(name, png) };
}

const rel = (file: string): string => path.relative(process.cwd(), file);

/** What a failed comparison says: which picture, how it differs, where to look, how to accept it. */
export function describeComparison(c: Comparison): string | null {
  const accept = 'if the change is intended: npm run test:visual -- --update';
  switch (c.status) {
    case 'matches':
    case 'accepted':
      return null;
    case 'missing':
      return `${c.name}: no baseline in ${rel(BASELINE_DIR)}/ (picture taken: ${rel(c.actualFile)}; ${accept})`;
    case 'sizeDiffers':
      return `${c.name}: ${c.actual} px, the baseline is ${c.expected} px (picture taken: ${rel(c.actualFile)}; ${accept})`;
    case 'differs':
      return `${c.name}: ${c.changedPixels} pixels changed (difference in red: ${rel(c.diffFile)}, picture taken: ${rel(c.actualFile)}; ${accept})`;
  }
}

/** After a full update: baselines of stories that no longer exist go. Returns the files removed. */
export function removeStaleBaselines(kept: Set<string>, dir = BASELINE_DIR): string[] {
  if (!existsSync(dir)) return [];
  const stale = readdirSync(dir).filter((f) => f.endsWith('.png') && !kept.has(f));
  for (const f of stale) rmSync(path.join(dir, f));
  return stale;
}
