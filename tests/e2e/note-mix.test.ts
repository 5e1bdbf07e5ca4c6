/**
 * The notes you want (issue 45 part 3): euros for collection at London Oxford Street, where the
 * shopper asks for exact notes on the review page. Notes that do not add up are refused in the
 * rules' words; six €50 notes are saved, dropped when the amount changes, eight chosen for the new
 * amount, and the confirmation page and email list them.
 */
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import {
  answerGuarantees,
  chooseSlot,
  fillCustomerForm,
  heading,
  journeySteps,
  nextFromDelivery,
  payByCard,
  pickRadio,
  proceedToCheckout,
  submitDetails,
  TEST_CARDS,
  waitForPath,
} from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test('the notes you want: €50 notes chosen on the review, refused until they add up, dropped when the amount changes, listed on the confirmation and in its email', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'note-mix');

  // €300 for collection at London Oxford Street (store 10), straight to the review (spec 2.6's query).
  await page.goto(`${shop.app}${appPaths.viewCart}?currency=EUR&amount=300&product_id=2&store_id=10`);
  await heading(page, messages.reviewTitle);
  const notes = page.getByRole('region', { name: messages.notesLabel });
  const open = notes.getByRole('button', { name: formatMessage(messages.notesChange, { name: 'Euros' }) });
  await expect.poll(() => open.isEnabled(), { timeout: 30_000 }).toBe(true);
  expect(await notes.getByRole('listitem').first().innerText()).toContain(messages.notesMixed);
  await step('review');

  await open.click();
  expect(await open.getAttribute('aria-expanded')).toBe('true');
  await pickRadio(notes, messages.notesLegend, messages.notesExact);
  const fifties = notes.getByRole('spinbutton', { name: formatMessage(messages.notesCountLabel, { symbol: '€', value: 50 }) });
  await fifties.fill('5');
  await expect.poll(() => notes.getByTestId('notes-chosen').innerText()).toBe(formatMessage(messages.notesChosenOfAmount, { chosen: '€250', amount: '€300' }));
  await notes.getByRole('button', { name: messages.notesSave }).click();
  await notes.getByText(formatMessage(messages.notesMustAddUp, { chosen: '€250', amount: '€300' })).waitFor();
  await step('notes-refused');

  await fifties.fill('6');
  await expect.poll(() => notes.getByTestId('notes-chosen').innerText()).toBe(formatMessage(messages.notesChosenOfAmount, { chosen: '€300', amount: '€300' }));
  await notes.getByRole('button', { name: messages.notesSave }).click();
  await notes.getByTestId('notes-editor').waitFor({ state: 'detached' });
  const chosen = formatMessage(messages.notesOneNote, { count: 6, symbol: '€', value: 50 });
  await expect.poll(() => notes.getByRole('listitem').first().innerText()).toContain(chosen);
  await expect.poll(() => page.getByTestId('notes-announcer').innerText()).toBe(formatMessage(messages.notesSaved, { name: 'Euros', choice: chosen }));
  // Focus is not lost with the editor: it is back on the button that opened it.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
  await step('notes-chosen');

  // A new amount: six €50 notes no longer add up, so the line is back to mixed notes (the server's
  // rule), and the shopper chooses eight.
  await page.getByRole('textbox', { name: formatMessage(messages.lineAmountLabel, { code: 'EUR' }) }).fill('400');
  await expect.poll(() => notes.getByRole('listitem').first().innerText(), { timeout: 15_000 }).toContain(messages.notesMixed);
  await expect.poll(() => open.isEnabled(), { timeout: 15_000 }).toBe(true);
  await open.click();
  await pickRadio(notes, messages.notesLegend, messages.notesExact);
  await fifties.fill('8');
  await notes.getByRole('button', { name: messages.notesSave }).click();
  const eight = formatMessage(messages.notesOneNote, { count: 8, symbol: '€', value: 50 });
  await expect.poll(() => notes.getByRole('listitem').first().innerText()).toContain(eight);

  await answerGuarantees(page, { buyback: false, refund: false });
  await proceedToCheckout(page);
  await heading(page, messages.collectionTitle);
  await chooseSlot(page, 1);
  await nextFromDelivery(page);
  const details = customer('note-mix');
  await fillCustomerForm(page, details);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  const reference = await payByCard(page, shop, TEST_CARDS.succeeds);

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const line = page.getByTestId('confirmation').getByTestId('line-notes');
  await expect.poll(() => line.innerText()).toBe(`${messages.notesLabel}: ${eight}`);
  await step('confirmation');

  type Caught = { subject: string; text: string };
  const emailOf = async () => ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject.includes(reference)) ?? null;
  await expect.poll(emailOf, { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  expect((await emailOf())!.text).toContain(`${messages.notesLabel}: ${eight}`);

  expect(shopper.errors).toEqual([]);
});
