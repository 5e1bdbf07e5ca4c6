/**
 * A shopper's steps through the shop, in the words on the screen. Each journey strings these
 * together and records a checkpoint (axe + screenshots) at every page and modal it meets.
 */
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import type { CustomerInfoRequest } from '#domain/contract/order.ts';
import { messages } from '#domain/messages.ts';
import { checkpoint } from './journey.ts';
import type { ShopUrls } from './servers.ts';

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  pendingThenSucceeds: '4000 0000 0000 3220',
} as const;

/** Coordinates of London Oxford Street, the branch the journeys collect from. */
export const OXFORD_STREET = { latitude: 51.5154, longitude: -0.1416 };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (s: string) => new RegExp(`^\\s*${escape(s)}\\s*$`);

/** Numbered checkpoints of one journey: 'euros-collect-03-delivery'. */
export function journeySteps(page: Page, journey: string) {
  let n = 0;
  return async (step: string) => checkpoint(page, `${journey}-${String(++n).padStart(2, '0')}-${step}`);
}

export async function waitForPath(page: Page, path: string, timeout = 30_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export async function heading(page: Page, text: string): Promise<Locator> {
  const h = page.getByRole('heading', { name: text, exact: true }).first();
  await h.waitFor({ timeout: 30_000 });
  return h;
}

/** The home page with its calculator ready (a rate shown). */
export async function openHome(page: Page, shop: ShopUrls, query = ''): Promise<void> {
  await page.goto(`${shop.app}/${query}`);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
}

export async function chooseCurrency(page: Page, pluralName: string): Promise<void> {
  const box = page.getByRole('combobox', { name: messages.currencyLabel });
  if ((await box.inputValue()).startsWith(`${pluralName} (`)) return;
  const rateBefore = await page.getByTestId('rate-line').innerText();
  await box.click();
  await box.fill(pluralName);
  await page.getByRole('option', { name: new RegExp(escape(pluralName)) }).first().click();
  await expect.poll(() => box.inputValue()).toContain(pluralName);
  // The new currency's quote has arrived (and with it the amounts' reset) before the shopper types.
  await expect.poll(() => page.getByTestId('rate-line').innerText().catch(() => rateBefore), { timeout: 15_000 }).not.toBe(rateBefore);
}

/** Picks a radio by its visible label inside a named group (react-aria hides the native input). */
export async function pickRadio(scope: Page | Locator | FrameLocator, group: string, option: string | RegExp): Promise<void> {
  await pick(scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }));
}

/** Clicks the label around a visually hidden radio or checkbox, as a shopper does. */
export async function pick(input: Locator): Promise<void> {
  await input.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => input.isChecked()).toBe(true);
}

/** Types the GBP amount and waits for the debounced quote to settle on the foreign amount. */
export async function payPounds(page: Page, pounds: number): Promise<void> {
  await page.getByText(messages.gettingRate).waitFor({ state: 'detached', timeout: 15_000 });
  const pay = page.getByLabel(messages.youPayGbp, { exact: true });
  await pay.fill(String(pounds));
  const foreign = page.getByRole('textbox', { name: /^You get/ });
  let last = '';
  // Settled when the foreign amount is the same on two reads past the 500 ms debounce.
  await expect
    .poll(
      async () => {
        const now = await foreign.inputValue();
        const settled = now !== '' && now === last && (await page.getByText(messages.gettingRate).count()) === 0;
        last = now;
        return settled;
      },
      { interval: 700, timeout: 15_000 },
    )
    .toBe(true);
  // Rounding up to the branch's notes moves the price a little, never far.
  const paid = Number((await pay.inputValue()).replace(/[^\d.]/g, ''));
  expect(Math.abs(paid - pounds) / pounds, `You pay shows £${paid} after typing £${pounds}`).toBeLessThan(0.1);
}

/** Opens the branch modal, finds branches near the shopper's location and confirms one. */
export async function chooseBranch(page: Page, name: string, step?: (name: string) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^(${messages.chooseBranch}|${messages.changeBranch})$`) }).click();
  const dialog = page.getByRole('dialog', { name: messages.chooseBranchTitle });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: messages.useMyLocation }).click();
  const confirm = dialog.getByRole('button', { name: `${messages.confirm}: ${name}` });
  await confirm.waitFor({ timeout: 30_000 });
  if (step) await step('branch-modal');
  await confirm.click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
  await page.getByTestId('rate-line').waitFor();
}

export async function addToCart(page: Page, path: string = appPaths.viewCart): Promise<void> {
  await page.getByRole('button', { name: messages.addToCart, exact: true }).click();
  await waitForPath(page, path);
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
}

export async function answerGuarantees(page: Page, answers: { buyback?: boolean; refund?: boolean }): Promise<void> {
  if (answers.buyback !== undefined) await pickRadio(page, messages.buybackQuestion, answers.buyback ? messages.yes : messages.no);
  if (answers.refund !== undefined) await pickRadio(page, messages.refundQuestion, answers.refund ? messages.yes : messages.no);
}

export async function proceedToCheckout(page: Page): Promise<void> {
  const proceed = page.getByRole('button', { name: messages.proceedToCheckout });
  await expect.poll(() => proceed.isEnabled()).toBe(true);
  await proceed.click();
  await waitForPath(page, appPaths.deliveryOptions);
  await page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).waitFor({ timeout: 30_000 });
}

/** The slot cards as the shopper reads them. */
export function slotCards(page: Page): Locator {
  return page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).getByRole('radio');
}

export async function chooseSlot(page: Page, which: number | RegExp): Promise<void> {
  const radios = slotCards(page);
  await pick(typeof which === 'number' ? radios.nth(which) : page.getByRole('radio', { name: which }).first());
}

export async function nextFromDelivery(page: Page): Promise<void> {
  const next = page.getByRole('button', { name: messages.next, exact: true });
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();
  await waitForPath(page, appPaths.customerInformation);
  await page.locator('#customer-emailAddress').waitFor({ timeout: 30_000 });
}

export function field(page: Page, name: string): Locator {
  return page.locator(`#customer-${name}`);
}

/** Fills the customer form the way a shopper types it. */
export async function fillCustomerForm(page: Page, details: CustomerInfoRequest): Promise<void> {
  const [year, month, day] = details.dateOfBirth.split('-') as [string, string, string];
  await field(page, 'emailAddress').fill(details.emailAddress);
  await field(page, 'phoneNumber').fill(details.phoneNumber);
  await field(page, 'firstName').fill(details.firstName);
  await field(page, 'lastName').fill(details.lastName);
  await field(page, 'dobDay').fill(day);
  await field(page, 'dobMonth').fill(month);
  await field(page, 'dobYear').fill(year);
  await field(page, 'houseNameNumber').fill(details.address.houseNameNumber);
  await field(page, 'addressLine1').fill(details.address.addressLine1);
  if (details.address.addressLine2) await field(page, 'addressLine2').fill(details.address.addressLine2);
  await field(page, 'townCity').fill(details.address.townCity);
  await field(page, 'postcodeZip').fill(details.address.postcodeZip);
  const terms = field(page, 'terms');
  if (details.terms && !(await terms.isChecked())) await pick(terms);
}

export async function submitDetails(page: Page): Promise<void> {
  await page.getByRole('button', { name: messages.submit, exact: true }).click();
}

/** The hosted card page inside the payment iframe, once it has loaded. */
export async function cardFrame(page: Page, shop: ShopUrls): Promise<Frame> {
  await page.getByTitle(messages.paymentFrameTitle).waitFor({ timeout: 30_000 });
  let frame: Frame | undefined;
  await expect
    .poll(
      async () => {
        frame = page.frames().find((f) => f.url().startsWith(shop.psp));
        return frame ? frame.locator('#card-cardNumber').count() : 0;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  return frame!;
}

/** Pays on the provider's card page; answers the order reference the card page shows. */
export async function payByCard(page: Page, shop: ShopUrls, card: string, onCardPage?: () => Promise<void>): Promise<string> {
  const frame = await cardFrame(page, shop);
  const reference = /Order (\S+)/.exec(await frame.locator('.reference').innerText())?.[1] ?? '';
  await frame.locator('#card-cardNumber').fill(card);
  await frame.locator('#card-expiry').fill('12/39');
  await frame.locator('#card-cvc').fill('123');
  await frame.locator('#card-name').fill('Alex Morgan');
  if (onCardPage) await onCardPage();
  await frame.getByRole('button', { name: /^Pay / }).click();
  return reference;
}

export interface Purchase {
  currency: string;
  product: typeof messages.homeDelivery | typeof messages.clickAndCollect;
  pounds: number;
  /** The branch to collect from (click and collect). */
  branch?: string;
  buyback?: boolean;
  refund?: boolean;
  /** Which date card to choose; the first by default. */
  slot?: number;
}

/** From the home page to the customer form: calculator, review and a delivery or collection date. */
export async function buyUpToDetails(page: Page, shop: ShopUrls, purchase: Purchase, step?: (name: string) => Promise<void>): Promise<void> {
  await openHome(page, shop);
  await chooseCurrency(page, purchase.currency);
  await pickRadio(page, messages.deliveryOptionLabel, purchase.product);
  await payPounds(page, purchase.pounds);
  if (purchase.branch) await chooseBranch(page, purchase.branch);
  if (step) await step('calculator');
  await addToCart(page);
  await answerGuarantees(page, { buyback: purchase.buyback ?? false, refund: purchase.refund ?? false });
  if (step) await step('review');
  await proceedToCheckout(page);
  await chooseSlot(page, purchase.slot ?? 0);
  await expect.poll(() => page.getByRole('button', { name: messages.next, exact: true }).isEnabled()).toBe(true);
  if (step) await step('delivery-date');
  await nextFromDelivery(page);
}
