/**
 * A keyboard-only shopper: every action is a key press (`page.keyboard`), and after each one the
 * focus is somewhere meaningful (never the page's body: WCAG 2.4.3) and the document's title is
 * the page's own (WCAG 2.4.2, the shop's route table).
 */
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { titleOfRoute } from '#machines/shop/page-routes.ts';
import type { customer } from './shop-api.ts';
import { waitForPath } from './steps.ts';

/** The details a journey types (tests/e2e/support/shop-api.ts). */
type ShopperDetails = ReturnType<typeof customer>;

/** What has the focus, as a screen reader names it, in the page or in the frame that holds it. */
export interface Focused {
  /** 'body' when focus is lost. */
  tag: string;
  id: string;
  role: string;
  name: string;
  /** The focus is inside the payment provider's frame. */
  inFrame: boolean;
}

function focusedIn(target: Page | Frame): Promise<Omit<Focused, 'inFrame'>> {
  return target.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return { tag: 'body', id: '', role: '', name: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const byIds = labelled
      ? labelled
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const labels = (el as HTMLInputElement).labels;
    const name = (el.getAttribute('aria-label') ?? byIds) || (labels && labels.length > 0 ? (labels[0]?.textContent ?? '') : '') || (el as HTMLElement).innerText || '';
    return { tag: el.tagName.toLowerCase(), id: el.id, role: el.getAttribute('role') ?? el.getAttribute('type') ?? '', name: name.replace(/\s+/g, ' ').trim() };
  });
}

/** The focused element, looking into the payment provider's frame when focus is in it. */
export async function focused(page: Page): Promise<Focused> {
  const top = await focusedIn(page);
  if (top.tag !== 'iframe') return { ...top, inFrame: false };
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith('http'));
  if (!frame) return { ...top, inFrame: false };
  return { ...(await focusedIn(frame)), inFrame: true };
}

/** Fails when focus fell to the body; waits a moment for focus moved on the next frame. */
export async function expectFocusKept(page: Page, after: string): Promise<void> {
  await expect
    .poll(async () => (await focused(page)).tag, { timeout: 5_000, message: `focus fell to the page's body after ${after}` })
    .not.toBe('body');
}

/** The document's title is the page's own, set by the route. */
export async function expectOwnTitle(page: Page): Promise<void> {
  await expect.poll(async () => page.title(), { timeout: 10_000 }).toBe(titleOfRoute(new URL(page.url()).pathname));
}

/** One key press, then the focus and the title are checked. */
export async function press(page: Page, key: string): Promise<void> {
  const before = await focused(page);
  await page.keyboard.press(key);
  await expectFocusKept(page, `${key} on ${before.tag}${before.id ? `#${before.id}` : ''} "${before.name.slice(0, 60)}"`);
  await expectOwnTitle(page);
}

/** Types into the focused box, then checks focus and title. */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await expectFocusKept(page, `typing "${text}"`);
  await expectOwnTitle(page);
}

/** Replaces what the focused box holds. */
export async function replaceText(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await type(page, text);
}

/** A control by its exact name, a pattern of its name or id, or a test of what is focused. */
export type Wanted = string | RegExp | ((f: Focused) => boolean);

/** Tab (or Shift+Tab) until the focused element is the one wanted; counts the presses. */
export async function tabTo(page: Page, name: Wanted, options: { back?: boolean; max?: number } = {}): Promise<number> {
  const max = options.max ?? 80;
  const matches = (f: Focused) => (typeof name === 'string' ? f.name === name : typeof name === 'function' ? name(f) : name.test(f.name) || name.test(f.id));
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    const last = await focused(page);
    // Past the page's last control, Tab leaves the page for the browser: not a lost focus.
    if (presses > 1 && !last.inFrame && (await page.evaluate(() => [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')].at(-1) === document.activeElement))) {
      break;
    }
    await press(page, options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (matches(now)) return presses;
    seen.push(`${now.tag}${now.id ? `#${now.id}` : ''} "${now.name.slice(0, 40)}"`);
  }
  throw new Error(`No control named ${String(name)} within ${max} Tabs; passed: ${seen.join(', ')}`);
}

/** The focused element's name, when it must be a given control. */
export async function expectFocusOn(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const f = await focused(page);
      return typeof name === 'string' ? f.name : name.test(f.name) || name.test(f.id) ? String(name) : `${f.tag}#${f.id} "${f.name}"`;
    }, { timeout: 5_000 })
    .toBe(typeof name === 'string' ? name : String(name));
}

/**
 * From the review to the details page by keyboard: Proceed to checkout, the first date offered
 * (`dateChosen` runs once it is chosen), Next; focus is kept and each page has its own title.
 */
export async function proceedToDetails(page: Page, dateChosen: () => Promise<unknown>): Promise<void> {
  await tabTo(page, messages.proceedToCheckout);
  await expect.poll(() => page.getByRole('button', { name: messages.proceedToCheckout }).isEnabled()).toBe(true);
  await press(page, 'Enter');
  await waitForPath(page, appPaths.deliveryOptions);
  await page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).waitFor({ timeout: 30_000 });
  await expectFocusKept(page, 'Proceed to checkout');
  await expectOwnTitle(page);
  await tabTo(page, (f) => f.role === 'radio');
  await press(page, 'Space');
  await expect.poll(() => page.getByRole('button', { name: messages.next, exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await dateChosen();
  await tabTo(page, messages.next);
  await press(page, 'Enter');
  await waitForPath(page, appPaths.customerInformation);
  await page.locator('#customer-emailAddress').waitFor({ timeout: 30_000 });
  await expectFocusKept(page, 'Next');
  await expectOwnTitle(page);
}

/**
 * The details form typed box by box; the date of birth's boxes never move on by themselves, so
 * Tab goes from Day to Month to Year.
 */
export async function typeDetails(page: Page, details: ShopperDetails): Promise<void> {
  const [year, month, day] = details.dateOfBirth.split('-') as [string, string, string];
  const fill = async (id: string, text: string) => {
    await tabTo(page, new RegExp(`^customer-${id}$`));
    await type(page, text);
  };
  await fill('emailAddress', details.emailAddress);
  await fill('phoneNumber', details.phoneNumber);
  await fill('firstName', details.firstName);
  await fill('lastName', details.lastName);
  await fill('dobDay', day);
  await press(page, 'Tab');
  expect((await focused(page)).id).toBe('customer-dobMonth');
  await type(page, month);
  await press(page, 'Tab');
  expect((await focused(page)).id).toBe('customer-dobYear');
  await type(page, year);
  await fill('houseNameNumber', details.address.houseNameNumber);
  await fill('addressLine1', details.address.addressLine1);
  await fill('townCity', details.address.townCity);
  await fill('postcodeZip', details.address.postcodeZip);
}
