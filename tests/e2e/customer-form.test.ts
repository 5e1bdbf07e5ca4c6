/**
 * The customer information form in the browser (spec 5.2): each field's messages as a shopper
 * meets them, on leaving a field or on Submit, and where focus goes after a failed submit.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import { buyUpToDetails, field, fillCustomerForm, journeySteps, submitDetails, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** The texts the field points to with aria-describedby (its hint and its error). */
async function description(page: Page, input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText().catch(() => '')));
  return texts.join('\n');
}

/** The field is marked invalid and its description carries the message. */
async function expectMessage(page: Page, name: string, message: string): Promise<void> {
  const input = field(page, name);
  await expect.poll(() => description(page, input), { timeout: 5_000 }).toContain(message);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
}

/** The date of birth has one message for its three boxes; a box it concerns is marked invalid. */
async function expectDateMessage(page: Page): Promise<void> {
  await expect.poll(() => description(page, field(page, 'dobDay')), { timeout: 5_000 }).toContain(messages.dateOfBirthInvalid);
  const marked = await Promise.all(['dobDay', 'dobMonth', 'dobYear'].map((name) => field(page, name).getAttribute('aria-invalid')));
  expect(marked).toContain('true');
}

async function expectNoDateMessage(page: Page): Promise<void> {
  await expect.poll(() => description(page, field(page, 'dobDay')), { timeout: 5_000 }).not.toContain(messages.dateOfBirthInvalid);
}

/** The field's description carries the notice, and the field is not marked invalid. */
async function expectNotice(page: Page, name: string, notice: string): Promise<void> {
  const input = field(page, name);
  await expect.poll(() => description(page, input), { timeout: 5_000 }).toContain(notice);
  expect(await input.getAttribute('aria-invalid')).not.toBe('true');
}

async function expectNoNotice(page: Page, name: string, notice: string): Promise<void> {
  await expect.poll(() => description(page, field(page, name)), { timeout: 5_000 }).not.toContain(notice);
}

async function expectNoMessage(page: Page, name: string): Promise<void> {
  const input = field(page, name);
  await expect.poll(() => input.getAttribute('aria-invalid'), { timeout: 5_000 }).not.toBe('true');
}

/** Types into a field and leaves it with Tab, as a shopper moving on. */
async function typeAndLeave(page: Page, name: string, text: string): Promise<void> {
  const input = field(page, name);
  await input.fill(text);
  await input.press('Tab');
}

const ADDRESS = ['houseNameNumber', 'addressLine1', 'townCity', 'postcodeZip'];

async function focusedField(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

test('every message of the customer form, on leaving a field and on Submit', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'customer-form');
  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 200 });

  // Submit with nothing filled in: every required field says so.
  await submitDetails(page);
  await expectMessage(page, 'emailAddress', messages.emailRequired);
  await expectMessage(page, 'phoneNumber', messages.phoneRequired);
  await expectMessage(page, 'firstName', messages.firstNameRequired);
  await expectMessage(page, 'lastName', messages.lastNameRequired);
  await expectDateMessage(page);
  await expectMessage(page, 'houseNameNumber', messages.houseNameNumberRequired);
  await expectMessage(page, 'addressLine1', messages.addressLine1Required);
  await expectMessage(page, 'townCity', messages.townCityRequired);
  await expectMessage(page, 'postcodeZip', messages.postcodeRequired);
  await expectMessage(page, 'terms', messages.termsRequired);
  await expectNoMessage(page, 'addressLine2');
  await step('all-required');

  // Email: the lax check on leaving the field, the full check on Submit.
  await typeAndLeave(page, 'emailAddress', 'not an email');
  await expectMessage(page, 'emailAddress', messages.emailInvalid);
  await typeAndLeave(page, 'emailAddress', 'shopper@example');
  await expectNoMessage(page, 'emailAddress');
  await submitDetails(page);
  await expectMessage(page, 'emailAddress', messages.emailInvalid);
  await typeAndLeave(page, 'emailAddress', 'shopper@example.co.uk');
  await expectNoMessage(page, 'emailAddress');

  // Phone: a UK number, on a numeric keypad.
  expect(await field(page, 'phoneNumber').getAttribute('inputmode')).toBe('tel');
  await typeAndLeave(page, 'phoneNumber', '1');
  await expectMessage(page, 'phoneNumber', messages.phoneInvalid);
  await typeAndLeave(page, 'phoneNumber', '0123');
  await expectMessage(page, 'phoneNumber', messages.phoneInvalid);
  await typeAndLeave(page, 'phoneNumber', '07911 123456');
  await expectNoMessage(page, 'phoneNumber');

  // Names: at least 2 characters; anything but letters, space, apostrophe, comma, period and hyphen is dropped as typed.
  await typeAndLeave(page, 'firstName', 'A');
  await expectMessage(page, 'firstName', messages.firstNameTooShort);
  await field(page, 'firstName').fill('');
  await field(page, 'firstName').pressSequentially('J0-ann3 M.');
  expect(await field(page, 'firstName').inputValue()).toBe('J-ann M.');
  await field(page, 'firstName').press('Tab');
  await expectNoMessage(page, 'firstName');
  await typeAndLeave(page, 'lastName', 'B');
  await expectMessage(page, 'lastName', messages.lastNameTooShort);
  await field(page, 'lastName').fill('');
  await field(page, 'lastName').pressSequentially("O'Brien-Smith!");
  expect(await field(page, 'lastName').inputValue()).toBe("O'Brien-Smith");
  await field(page, 'lastName').press('Tab');
  await expectNoMessage(page, 'lastName');
  await step('contact-and-names');

  // Date of birth: 2, 2 and 4 digits, focus staying in the box typed in (WCAG 3.2.2), a single
  // digit padded, a real past date from 1900.
  const [day, month, year] = [field(page, 'dobDay'), field(page, 'dobMonth'), field(page, 'dobYear')];
  expect([await day.getAttribute('maxlength'), await month.getAttribute('maxlength'), await year.getAttribute('maxlength')]).toEqual(['2', '2', '4']);
  await day.fill('');
  await day.pressSequentially('31');
  expect(await focusedField(page)).toBe('customer-dobDay');
  await day.press('Tab');
  expect(await focusedField(page)).toBe('customer-dobMonth');
  await month.pressSequentially('02');
  expect(await focusedField(page)).toBe('customer-dobMonth');
  await month.press('Tab');
  expect(await focusedField(page)).toBe('customer-dobYear');
  await year.pressSequentially('1990');
  await year.press('Tab');
  await expectDateMessage(page);
  const dates: [string, string, string][] = [
    ['12', '13', '1990'],
    ['00', '05', '1990'],
    ['12', '05', '1899'],
    ['12', '05', String(new Date().getFullYear() + 1)],
    ['29', '02', '2023'],
  ];
  for (const [d, m, y] of dates) {
    await day.fill(d);
    await month.fill(m);
    await year.fill(y);
    await year.press('Tab');
    await expectDateMessage(page);
  }
  await day.fill('5');
  await month.fill('4');
  await year.fill('1985');
  await year.press('Tab');
  expect([await day.inputValue(), await month.inputValue()]).toEqual(['05', '04']);
  await expectNoDateMessage(page);
  await expect.poll(() => page.getByText(messages.ageHelpText).count()).toBeGreaterThan(0);

  // Address and postcode.
  await typeAndLeave(page, 'houseNameNumber', '10');
  await typeAndLeave(page, 'addressLine1', 'Downing Street');
  await typeAndLeave(page, 'townCity', 'London');
  await typeAndLeave(page, 'postcodeZip', 'NOT A POSTCODE');
  await expectMessage(page, 'postcodeZip', messages.postcodeInvalid);
  await field(page, 'postcodeZip').fill('');
  await submitDetails(page);
  await expectMessage(page, 'postcodeZip', messages.postcodeRequired);
  await typeAndLeave(page, 'postcodeZip', 'sw1a 2aa');
  await expectNoMessage(page, 'postcodeZip');
  await step('dob-and-address');

  // Only the terms are left.
  await submitDetails(page);
  await expectMessage(page, 'terms', messages.termsRequired);
  expect(await focusedField(page)).toBe('customer-terms');
  await field(page, 'terms').locator('xpath=ancestor::label[1]').click();
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  expect(shopper.errors).toEqual([]);
});

test('after a failed submit focus goes to the first invalid field: email, phone, names, date of birth, address, terms', async () => {
  const { page } = shopper;
  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 200 });
  const details = customer('focus-order');
  const [year, month, day] = details.dateOfBirth.split('-') as [string, string, string];
  const order: [string, string][] = [
    ['emailAddress', details.emailAddress],
    ['phoneNumber', details.phoneNumber],
    ['firstName', details.firstName],
    ['lastName', details.lastName],
    ['dobDay', day],
    ['dobMonth', month],
    ['dobYear', year],
    ['houseNameNumber', details.address.houseNameNumber],
    ['addressLine1', details.address.addressLine1],
    ['townCity', details.address.townCity],
    ['postcodeZip', details.address.postcodeZip],
  ];
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [name, value] of order) {
    await submitDetails(page);
    await expect.poll(() => focusedField(page)).toBe(`customer-${name}`);
    if (ADDRESS.includes(name)) {
      // Address fields are scrolled into view as they take focus.
      const position = () => field(page, name).evaluate((el) => ({ top: Math.round(el.getBoundingClientRect().top), bottom: Math.round(el.getBoundingClientRect().bottom), height: window.innerHeight }));
      await expect.poll(async () => { const p = await position(); return p.top >= 0 && p.bottom <= p.height ? 'in view' : JSON.stringify(p); }).toBe('in view');
    }
    await field(page, name).fill(value);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await submitDetails(page);
  await expect.poll(() => focusedField(page)).toBe('customer-terms');
  expect(shopper.errors).toEqual([]);
});

test("a box filled to its limit says 'You've used the maximum number of characters available (250)', and the details are still sent", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'customer-form-limits');
  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 200 });
  const details = customer('full-fields');
  // Email holds 500 characters, address lines 250: the message keeps saying 250 (spec 5.2).
  const email = `${'x'.repeat(500 - details.emailAddress.length)}${details.emailAddress}`;
  const line1 = 'Downing Street'.padEnd(250, ' Downing Street');
  await fillCustomerForm(page, { ...details, emailAddress: email, address: { ...details.address, addressLine1: line1 } });
  expect(await field(page, 'emailAddress').getAttribute('maxlength')).toBe('500');
  expect(await field(page, 'addressLine1').getAttribute('maxlength')).toBe('250');
  await expectNotice(page, 'emailAddress', messages.maxCharacters);
  await expectNotice(page, 'addressLine1', messages.maxCharacters);
  await expectNoNotice(page, 'phoneNumber', messages.maxCharacters);

  // Typing on in a full box adds nothing; the notice stays after leaving it.
  const address = field(page, 'addressLine1');
  await address.press('End');
  await address.pressSequentially('xyz');
  expect(await address.inputValue()).toBe(line1);
  await address.press('Tab');
  await expectNotice(page, 'addressLine1', messages.maxCharacters);

  // The notice comes as the last character that fits is typed, and goes when one is taken out.
  const line2 = field(page, 'addressLine2');
  await line2.fill('Westminster'.padEnd(249, ' Westminster'));
  await expectNoNotice(page, 'addressLine2', messages.maxCharacters);
  await line2.press('End');
  await line2.pressSequentially('rs');
  expect(await line2.inputValue()).toHaveLength(250);
  await expectNotice(page, 'addressLine2', messages.maxCharacters);
  await line2.press('Backspace');
  await expectNoNotice(page, 'addressLine2', messages.maxCharacters);
  await line2.pressSequentially('r');
  await expectNotice(page, 'addressLine2', messages.maxCharacters);
  await step('full-fields');

  // A notice is not an error: Submit goes on to payment.
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  expect(shopper.errors).toEqual([]);
});
