/**
 * Every story of the built Storybook, played in Chromium: the story renders, its play function
 * passes, axe finds no serious or critical violation on the rendered page, and a screen story's
 * pictures at 375 and 1280 px match their baselines (visual.ts).
 *
 * Runs on storybook-static/ (`npm run build-storybook`), served from a loopback port; one browser,
 * two pages at a time (the project's maxConcurrency).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, seriousA11yViolations, type AxeViolation } from '../e2e/support/browser.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { baselineName, compareWithBaseline, comparing, describeComparison, isScreenStory, photograph, removeStaleBaselines, updating, VISUAL_NOW } from './visual.ts';

const STATIC = path.resolve('storybook-static');
/** Loaders, a play function's waits and the msw worker's start: generous (a story takes about 0.5 s switched to, 1.5 s in a fresh page on a quiet machine; three times that on a busy one). */
const STORY_TIMEOUT = 30_000;

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
}

function storyEntries(): IndexEntry[] {
  const file = path.join(STATIC, 'index.json');
  if (!existsSync(file)) throw new Error('storybook-static/index.json is missing: run `npm run build-storybook` first');
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

interface StoryPage {
  page: Page;
  /** The page's uncaught errors since its current story began. */
  pageErrors: string[];
}

/** What the preview told on its channel about the story, recorded from the page's start. */
interface Outcome {
  status: 'success' | 'error' | 'missing' | 'timeout';
  errors: string[];
}

/**
 * Put in every page before Storybook's own scripts: records the preview channel's events as soon
 * as the channel is installed (a global the preview sets when it boots). Plain JavaScript in a
 * string: a transpiled function would carry the transpiler's helpers, which the page lacks.
 */
const RECORD_CHANNEL = `(() => {
  const names = ['storyRendered', 'storyFinished', 'storyErrored', 'storyThrewException', 'storyMissing', 'playFunctionThrewException', 'unhandledErrorsWhilePlaying'];
  const events = [];
  const seen = new Set();
  let current;
  window.__storyTestEvents = events;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => current,
    set: (next) => {
      current = next;
      if (!next || seen.has(next)) return;
      seen.add(next);
      for (const name of names) next.on(name, (payload) => events.push({ name, payload }));
    },
  });
})();`;

function describeError(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return String(payload);
  const error = payload as { message?: string; title?: string; description?: string; stack?: string };
  return [error.title, error.message, error.description].filter(Boolean).join(': ') || JSON.stringify(payload);
}

/** Waits for the story's end on the preview's channel and reads what it told. */
async function storyOutcome(page: Page, storyId: string): Promise<Outcome> {
  const ended = await page
    .waitForFunction(
      (id) => {
        const events = (window as unknown as { __storyTestEvents?: { name: string; payload: unknown }[] }).__storyTestEvents ?? [];
        // The end of this story: a late event of the one before it in the page does not count.
        return events.some((e) => (e.name === 'storyFinished' ? (e.payload as { storyId?: string }).storyId === id : ['storyMissing', 'storyErrored'].includes(e.name)));
      },
      storyId,
      { timeout: STORY_TIMEOUT - 5_000 },
    )
    .then(() => true)
    .catch(() => false);
  const events = await page.evaluate(() => (window as unknown as { __storyTestEvents: { name: string; payload: unknown }[] }).__storyTestEvents);
  const errors = events
    .filter((e) => ['storyErrored', 'storyThrewException', 'playFunctionThrewException', 'unhandledErrorsWhilePlaying'].includes(e.name))
    .flatMap((e) => (Array.isArray(e.payload) ? e.payload.map(describeError) : [describeError(e.payload)]));
  if (!ended) return { status: 'timeout', errors };
  if (events.some((e) => e.name === 'storyMissing')) return { status: 'missing', errors };
  const finished = events.find((e) => e.name === 'storyFinished' && (e.payload as { storyId?: string }).storyId === storyId)?.payload as { status?: string } | undefined;
  return { status: finished?.status === 'success' && errors.length === 0 ? 'success' : 'error', errors };
}

async function playStory(page: Page, origin: string, storyId: string): Promise<Outcome> {
  await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story`);
  return storyOutcome(page, storyId);
}

/**
 * Plays a story in a page whose preview has already booted, as Storybook's own sidebar does: the
 * channel's `setCurrentStory`, with the page's storage emptied first. The preview unmounts the
 * story before, and msw-storybook-addon's loader puts the next story's handlers in place. Saves the
 * preview's start (about 1 s of the 1.6 s a story takes when it loads the whole page).
 */
async function switchStory(page: Page, storyId: string): Promise<Outcome> {
  await page.evaluate((id) => {
    const w = window as unknown as { __storyTestEvents: unknown[]; __STORYBOOK_ADDONS_CHANNEL__: { emit: (name: string, payload: unknown) => void } };
    w.__storyTestEvents.length = 0;
    localStorage.clear();
    sessionStorage.clear();
    document.title = '';
    w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
  }, storyId);
  return storyOutcome(page, storyId);
}

interface StoryParameters {
  axe?: { ignore?: Record<string, string> };
  visual?: { skip?: string };
}

/** The parameters of the story the preview rendered, found by its id (a used page rendered others before it). */
async function parametersOf(page: Page, storyId: string): Promise<StoryParameters> {
  return page.evaluate((id) => {
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyRenders?: { id?: string; story?: { parameters?: StoryParameters } }[] } }).__STORYBOOK_PREVIEW__;
    return preview?.storyRenders?.find((render) => render.id === id)?.story?.parameters ?? {};
  }, storyId);
}

/**
 * The axe rules a story sets aside, each with its reason: `parameters.axe.ignore` as
 * `{ 'rule-id': 'why' }`. A screen story that cannot be photographed the same way twice says why
 * in `parameters.visual.skip`; its play function and axe still run.
 */
const axeRulesIgnored = (parameters: StoryParameters): string[] => Object.keys(parameters.axe?.ignore ?? {});
const toBePhotographed = (story: IndexEntry, parameters: StoryParameters): boolean => comparing() && isScreenStory(story) && !parameters.visual?.skip;

function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.html).slice(0, 3).join(' | ')})`);
}

/** STORY=<part of an id> plays only the matching stories (e.g. STORY=checkout-payment--). */
const only = process.env.STORY;
const stories = (existsSync(STATIC) ? storyEntries() : []).filter((entry) => !only || entry.id.includes(only));

describe.skipIf(!chromiumAvailable())('every story in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await serveStatic(STATIC);
    browser = await launchBrowser();
    // Reduced motion: the shop's own rule then ends every transition at once (src/ui/global.css), so
    // axe measures the colours a story settles on, not a button halfway through its colour change.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
    await context.addInitScript({ content: RECORD_CHANNEL });
    // Every page reads the same date, so that no picture shows the day the run happened on.
    await context.clock.setFixedTime(VISUAL_NOW);
    console.log(`story tests: ${stories.length} stories from storybook-static/index.json`);
  });

  // The baselines the run photographed: after a full update, the others belong to stories gone.
  const photographed = new Set<string>();

  afterAll(async () => {
    if (updating() && !only && photographed.size > 0) {
      const removed = removeStaleBaselines(photographed);
      if (removed.length) console.log(`visual baselines of stories gone, removed: ${removed.join(', ')}`);
    }
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('finds the stories of the build', () => {
    expect(stories.length, 'storybook-static/ holds no story: run `npm run build-storybook`').toBeGreaterThan(0);
  });

  /** Pages whose preview has booted and whose last story passed every check: the next story switches in one. */
  const warm: StoryPage[] = [];
  /** Stories that failed after another story in the same page and were played again in a page of their own. */
  const replayed: string[] = [];
  const played = { switched: 0, fresh: 0 };

  async function freshPage(): Promise<StoryPage> {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return { page, pageErrors };
  }

  /** Plays one story in `target` and checks it: the play function, axe, and (when comparing) its pictures. */
  async function playAndCheck(target: StoryPage, story: IndexEntry, switched: boolean): Promise<void> {
    const { page, pageErrors } = target;
    pageErrors.length = 0;
    const outcome = switched ? await switchStory(page, story.id) : await playStory(page, server.origin, story.id);
    const shown = outcome.errors.length ? outcome.errors : pageErrors;
    expect(outcome.status, `story ${story.id} ${outcome.status}: ${shown.join('\n') || 'no error reported'}`).toBe('success');
    const parameters = await parametersOf(page, story.id);
    const ignored = axeRulesIgnored(parameters);
    const violations = (await seriousA11yViolations(page)).filter((v) => !ignored.includes(v.id));
    expect(describeViolations(violations), `story ${story.id}: serious or critical axe violations`).toEqual([]);
    if (toBePhotographed(story, parameters)) {
      const differences = (await photograph(page)).flatMap(({ width, png }) => {
        const name = baselineName(story.id, width);
        photographed.add(name);
        return describeComparison(compareWithBaseline(name, png, { update: updating() })) ?? [];
      });
      expect(differences, `story ${story.id}: its pictures differ from the baselines`).toEqual([]);
    }
  }

  afterAll(() => {
    console.log(`story tests: ${played.switched} stories switched to in a used page, ${played.fresh} in a fresh one`);
    if (replayed.length) console.log(`stories that failed after another story in the same page and were played again in a fresh one:\n${replayed.join('\n')}`);
  });

  // A story first plays in a page another story has used, switched to over the channel; a page
  // still on the preview's own address is taken, one a story navigated away is closed. A story that
  // fails there plays again in a fresh page, and that result counts: each story is still checked as
  // if it were the page's first, only the preview's start is shared.
  it.concurrent.each(stories.map((s) => [`${s.title} / ${s.name} (${s.id})`, s] as const))(
    '%s',
    async (_name, story) => {
      let target = warm.pop();
      if (target && new URL(target.page.url()).pathname !== '/iframe.html') {
        await target.page.close();
        target = undefined;
      }
      if (target) {
        const reused = target;
        const failure = await playAndCheck(reused, story, true).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (failure === undefined) {
          played.switched += 1;
          warm.push(reused);
          return;
        }
        replayed.push(`${story.id}: ${String(failure).split('\n')[0]}`);
        await reused.page.close();
      }
      const fresh = await freshPage();
      let passed = false;
      try {
        await playAndCheck(fresh, story, false);
        played.fresh += 1;
        passed = true;
      } finally {
        if (passed) warm.push(fresh);
        else await fresh.page.close();
      }
    },
    // Room for a second play in a fresh page after a failure in a used one.
    2 * STORY_TIMEOUT + 5_000,
  );
  it('switches a used page to the story asked for, and reports a story the build lacks', async () => {
    if (only) return;
    const target = await freshPage();
    try {
      expect((await playStory(target.page, server.origin, 'ui-button--primary')).status).toBe('success');
      expect((await switchStory(target.page, 'ui-notice--error')).status).toBe('success');
      expect(await target.page.getByRole('alert').count(), 'the error notice is drawn in place of the button').toBeGreaterThan(0);
      expect((await switchStory(target.page, 'ui-button--no-such-story')).status).toBe('missing');
    } finally {
      await target.page.close();
    }
  });

  it('fails a screen whose button changed colour, and writes the difference', async () => {
    const story = stories.find((s) => s.id === 'shop-front-calculator--buy-travel-money');
    if (only && !story) return;
    const page = await context.newPage();
    try {
      expect((await playStory(page, server.origin, 'shop-front-calculator--buy-travel-money')).status).toBe('success');
      const dir = mkdtempSync(path.join(tmpdir(), 'visual-'));
      const [, before] = await photograph(page); // 1280 px: the button is in view
      expect(compareWithBaseline('colour-check.png', before!.png, { update: true, baselineDir: dir }).status).toBe('accepted');
      // One colour of one component: the primary button's background in its own stylesheet rule
      // (src/ui/button.module.css), navy made a brighter blue.
      const changed = await page.evaluate(() => {
        const primary = [...document.querySelectorAll('button')].flatMap((b) => [...b.classList]).find((c) => /primary/.test(c));
        let rules = 0;
        for (const sheet of [...document.styleSheets]) {
          for (const rule of [...sheet.cssRules]) {
            if (rule instanceof CSSStyleRule && rule.selectorText === `.${primary}`) {
              rule.style.setProperty('background', '#00408a');
              rules += 1;
            }
          }
        }
        return rules;
      });
      expect(changed, 'the primary button rule of the story').toBe(1);
      const [, after] = await photograph(page);
      const comparison = compareWithBaseline('colour-check.png', after!.png, { baselineDir: dir });
      expect(comparison.status).toBe('differs');
      if (comparison.status !== 'differs') return;
      expect(comparison.changedPixels).toBeGreaterThan(100);
      expect(existsSync(comparison.diffFile)).toBe(true);
      expect(describeComparison(comparison)).toMatch(/^colour-check\.png: \d+ pixels changed \(difference in red: .*colour-check\.diff\.png/);
    } finally {
      await page.close();
    }
  });
});
