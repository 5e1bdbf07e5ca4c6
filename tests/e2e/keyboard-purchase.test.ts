import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { expectFocusKept, expectFocusOn, expectOwnTitle, focused, press, proceedToDetails, replaceText, tabTo, type, typeDetails } from './support/keyboard.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import { cardFrame, heading, journeySteps, TEST_CARDS, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/**
 * A whole purchase by keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.2): every action is a key press, and
 * after each one focus is somewhere meaningful (never the page's body, from where the next Tab
 * starts again at "Skip to main content") and the document's title is the page's own. axe checks
 * every step (journeySteps).
 */
test('euros for click and collect, from the calculator to the confirmation, by keyboard alone', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'keyboard-purchase');

  await page.goto(`${shop.app}/`);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await expectOwnTitle(page);
  expect(await page.title()).toBe('Buy travel money – Travel Money');
  await step('home');

  // The currency box: Tab on past its list, which must not take the focus with it.
  await tabTo(page, messages.currencyLabel);
  await press(page, 'Tab');
  await expectFocusOn(page, messages.youPayGbp);

  // £500, for click and collect (the calculator's default).
  await replaceText(page, '500');
  await expect.poll(() => page.getByText(messages.gettingRate).count(), { timeout: 15_000 }).toBe(0);
  await tabTo(page, /^Click and collect/);
  await press(page, 'Space');

  // The branch chooser: Escape in its search box, then Confirm, each back on the button that opened it.
  const branchButton = new RegExp(`^(${messages.chooseBranch}|${messages.changeBranch})$`);
  await tabTo(page, branchButton);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: messages.chooseBranchTitle });
  await dialog.waitFor();
  await expectFocusOn(page, messages.placeSearchLabel);
  await press(page, 'Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(page, branchButton);
  await press(page, 'Enter');
  await dialog.waitFor();
  await tabTo(page, messages.useMyLocation);
  await press(page, 'Enter');
  const confirm = `${messages.confirm}: London Oxford Street`;
  await dialog.getByRole('button', { name: confirm }).waitFor({ timeout: 30_000 });
  await step('branch-modal');
  await tabTo(page, confirm);
  await press(page, 'Enter');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(page, branchButton);
  await expect.poll(() => page.getByText('London Oxford Street', { exact: true }).count()).toBeGreaterThan(0);
  await page.getByTestId('rate-line').waitFor();
  await step('calculator');

  await tabTo(page, messages.addToCart);
  await press(page, 'Enter');
  await waitForPath(page, appPaths.viewCart);
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
  await expectFocusKept(page, 'Add to cart');
  await expectOwnTitle(page);

  // The guarantees: each answer is saved while focus stays on it; the new total is announced.
  const total = page.getByTestId('cart-total');
  const before = await total.innerText();
  await tabTo(page, (f) => f.role === 'radio' && f.name === messages.yes);
  await press(page, 'Space');
  await expect.poll(() => total.innerText(), { timeout: 15_000 }).not.toBe(before);
  await expectFocusOn(page, messages.yes);
  await expect.poll(() => page.getByTestId('review-announcer').innerText()).toContain(await total.innerText());
  // Tab leaves the first question for the next one; Right chooses No there.
  await press(page, 'Tab');
  await press(page, 'ArrowRight');
  await expectFocusOn(page, messages.no);
  await expect.poll(() => page.getByRole('radiogroup', { name: messages.refundQuestion }).getByRole('radio', { name: messages.no }).isChecked()).toBe(true);
  await step('review');

  await proceedToDetails(page, () => step('collection-date'));

  // The details, typed box by box; the date of birth's boxes never move on by themselves.
  const details = customer('keyboard-purchase');
  await typeDetails(page, details);
  await tabTo(page, /^customer-terms$/);
  await press(page, 'Space');
  await step('details');
  await tabTo(page, messages.submit);
  await press(page, 'Enter');
  await waitForPath(page, appPaths.payment);
  await expectOwnTitle(page);

  // The card page: an empty submit puts focus on its error summary; then the card, and Enter pays.
  const frame = await cardFrame(page, shop);
  await tabTo(page, (f) => f.inFrame && /^Pay /.test(f.name));
  await press(page, 'Enter');
  await frame.locator('#error-summary').waitFor();
  await expect.poll(async () => (await focused(page)).id).toBe('error-summary');
  await step('card-page-errors');
  await tabTo(page, (f) => f.inFrame && f.id === 'card-cardNumber');
  await type(page, TEST_CARDS.succeeds);
  await press(page, 'Tab');
  await type(page, '12/39');
  await press(page, 'Tab');
  await type(page, '123');
  await press(page, 'Tab');
  await type(page, 'Alex Morgan');
  await press(page, 'Enter');

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await expectFocusKept(page, 'paying');
  await expectOwnTitle(page);
  await step('confirmation');

  // WCAG 1.4.12 at 320 px: with the text-spacing overrides the current step's label stays in its step.
  await page.setViewportSize({ width: 320, height: 800 });
  // The bookmarklet's overrides, set through the CSS object model (the shop's policy refuses a style element).
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      el.style.setProperty('line-height', '1.5', 'important');
      el.style.setProperty('letter-spacing', '0.12em', 'important');
      el.style.setProperty('word-spacing', '0.16em', 'important');
      if (el.tagName === 'P') el.style.setProperty('margin-bottom', '2em', 'important');
    }
  });
  const overflow = await page.evaluate(() => {
    const current = document.querySelector('[aria-current="step"]');
    const label = current?.querySelector('span');
    if (!current || !label) return 'no current step';
    const box = current.getBoundingClientRect();
    const text = label.getBoundingClientRect();
    return text.left >= box.left - 0.5 && text.right <= box.right + 0.5 ? 'inside' : `label ${text.left}-${text.right} outside step ${box.left}-${box.right}`;
  });
  expect(overflow).toBe('inside');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  expect(shopper.errors).toEqual([]);
});
