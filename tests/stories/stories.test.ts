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
/** Loaders, a play function's waits and the msw worker's start: generous, a story takes ~1 s. */
const STORY_TIMEOUT = 20_000;

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

async function playStory(page: Page, url: string): Promise<Outcome> {
  await page.goto(url);
  const ended = await page
    .waitForFunction(
      () => {
        const events = (window as unknown as { __storyTestEvents?: { name: string }[] }).__storyTestEvents ?? [];
        return events.some((e) => ['storyFinished', 'storyMissing', 'storyErrored'].includes(e.name));
      },
      undefined,
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
  const finished = events.find((e) => e.name === 'storyFinished')?.payload as { status?: string } | undefined;
  return { status: finished?.status === 'success' && errors.length === 0 ? 'success' : 'error', errors };
}

/**
 * The axe rules a story sets aside, each with its reason: `parameters.axe.ignore` as
 * `{ 'rule-id': 'why' }`, read from the story the preview rendered.
 */
async function axeRulesIgnored(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyRenders?: { story?: { parameters?: { axe?: { ignore?: Record<string, string> } } } }[] } }).__STORYBOOK_PREVIEW__;
    return Object.keys(preview?.storyRenders?.[0]?.story?.parameters?.axe?.ignore ?? {});
  });
}

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

  it.concurrent.each(stories.map((s) => [`${s.title} / ${s.name} (${s.id})`, s] as const))(
    '%s',
    async (_name, story) => {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      try {
        const outcome = await playStory(page, `${server.origin}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
        const shown = outcome.errors.length ? outcome.errors : pageErrors;
        expect(outcome.status, `story ${story.id} ${outcome.status}: ${shown.join('\n') || 'no error reported'}`).toBe('success');
        const ignored = await axeRulesIgnored(page);
        const violations = (await seriousA11yViolations(page)).filter((v) => !ignored.includes(v.id));
        expect(describeViolations(violations), `story ${story.id}: serious or critical axe violations`).toEqual([]);
        if (comparing() && isScreenStory(story)) {
          const differences = (await photograph(page)).flatMap(({ width, png }) => {
            const name = baselineName(story.id, width);
            photographed.add(name);
            return describeComparison(compareWithBaseline(name, png, { update: updating() })) ?? [];
          });
          expect(differences, `story ${story.id}: its pictures differ from the baselines`).toEqual([]);
        }
      } finally {
        await page.close();
      }
    },
    STORY_TIMEOUT,
  );
  it('fails a screen whose button changed colour, and writes the difference', async () => {
    const story = stories.find((s) => s.id === 'shop-front-calculator--buy-travel-money');
    if (only && !story) return;
    const page = await context.newPage();
    try {
      expect((await playStory(page, `${server.origin}/iframe.html?id=shop-front-calculator--buy-travel-money&viewMode=story`)).status).toBe('success');
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
