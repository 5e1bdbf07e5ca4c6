import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { SimulatedClock, createActor } from 'xstate';
import type { LookupAddress } from '#domain/contract/branches.ts';
import type { ReadActorRef } from '#machines/read/read.machine.ts';
import type { CustomerForm } from '#domain/customer.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { provideAddressLookup } from '#src/app/on-demand/checkout.ts';
import { createEffects } from '#src/app/effects.ts';
import { useRead } from '#src/app/pages.tsx';
import type { MarketingTracker } from '#src/app/tracking.ts';
import { customer, makeFixtures, makeOrder } from '../../../mocks/fixtures.ts';
import { createHandlers, on, routeUrl, variants } from '../../../mocks/handlers.ts';
import { TEST_APP_ORIGIN, startCheckout, testServices } from '../../../tests/support/checkout-over-api.ts';
import { CustomerInfoScreen } from './customer-info-screen.tsx';
import { messages } from '#domain/messages.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const fx = makeFixtures(NOW);
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});

const valid: Partial<CustomerForm> = {
  emailAddress: 'jane.oconnor@example.co.uk',
  phoneNumber: '07911 123456',
  firstName: 'Jane',
  lastName: "O'Connor",
  dobDay: '27',
  dobMonth: '03',
  dobYear: '1985',
  houseNameNumber: '14',
  addressLine1: 'Deansgate',
  townCity: 'Manchester',
  postcodeZip: 'm3 2bw',
  terms: true,
};

interface Options {
  productId?: 1 | 2 | 3;
  settings?: Partial<SiteSettings>;
  initialForm?: Partial<CustomerForm>;
  tracker?: MarketingTracker;
}

function open(options: Options = {}) {
  const services = testServices(options.tracker);
  // The chart's timers (the 1 s redirect) run on simulated time, moved on only by `elapse`.
  const clock = new SimulatedClock();
  const run = startCheckout('/checkout/customer-information', { productId: options.productId, services, clock });
  // What the checkout asks of tracking goes through the effects actor, as in the shop.
  const effects = createActor(
    createEffects({
      navigate: () => undefined,
      replace: () => undefined,
      location: () => ({ pathname: '/checkout/customer-information', search: '' }),
      tracker: services.tracker,
      errors: services.errors,
      appOrigin: TEST_APP_ORIGIN,
      parent: window,
      storage: () => sessionStorage,
    }),
  ).start();
  effects.send({ type: 'actor.started', id: 'checkout', actor: run.checkout });
  // The address search as the shop runs it: a read actor a search, the last one replacing the one before.
  function Screen() {
    const [lookup, setLookup] = useState<ReadActorRef<LookupAddress[], { postcode: string }> | undefined>(undefined);
    const state = useRead(lookup);
    return (
      <CustomerInfoScreen
        checkout={run.checkout}
        settings={{ ...fx.siteSettings, ...options.settings }}
        content={fx.checkoutContent}
        addressLookup={state}
        onAddressSearch={(postcode) => {
          lookup?.stop();
          setLookup(createActor(provideAddressLookup(services), { input: { postcode } }).start());
        }}
        onAddressSearchCleared={() => setLookup(undefined)}
        now={() => NOW}
        initialForm={options.initialForm}
      />
    );
  }
  render(<Screen />);
  return Object.assign(run, { elapse: (ms: number) => act(() => clock.increment(ms)) });
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('CustomerInfoScreen', () => {
  it('an order that already holds details (a home delivery moved to a branch) fills the form with them, all but the terms', async () => {
    server.use(on('order', () => HttpResponse.json({ ...fx.order, state: { value: 0 }, customer })));
    open();
    await waitFor(() => expect(field('Email address')).toHaveValue(customer.email));
    expect(field('First name')).toHaveValue(customer.firstName);
    expect(field('Postcode')).toHaveValue(customer.address.postcodeZip);
    expect(screen.getByRole('checkbox', { name: /terms/i })).not.toBeChecked();
  });

  it('has the sections, legends, help texts and opt-ins of a click-and-collect order', async () => {
    open();
    await screen.findByRole('button', { name: 'Submit' });
    for (const legend of ['Contact details', 'About you', 'Billing address', 'Marketing preferences', 'Terms and conditions']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveTextContent('You must be 18 or over to place an order.');
    expect(screen.getByText(/we'll email you a link to your basket/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Travel money offers' })).toBeInTheDocument();
    expect(screen.queryByText('The payment card you use must be registered to the delivery address.')).not.toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('inputmode', 'tel');
    expect(field('Email address')).toHaveAttribute('maxlength', '500');
    expect(field('Phone number')).toHaveAttribute('maxlength', '50');
    expect(field('Postcode')).toHaveAttribute('maxlength', '50');
    expect(field('First name')).toHaveAttribute('maxlength', '250');
    expect(field('Day')).toHaveAttribute('maxlength', '2');
    expect(field('Year')).toHaveAttribute('maxlength', '4');
  });

  it('tells home delivery customers the card must be registered to the delivery address', async () => {
    server.use(on('order', () => HttpResponse.json(makeOrder(NOW, fx.homeDeliveryCart))));
    open({ productId: 1 });
    expect(await screen.findByText('The payment card you use must be registered to the delivery address.')).toBeInTheDocument();
  });

  it("reads 'Your address' for sell-back and leaves the marketing block out", async () => {
    server.use(on('order', () => HttpResponse.json(makeOrder(NOW, fx.sellBackCart))));
    open({ productId: 3 });
    expect(await screen.findByRole('group', { name: 'Your address' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Marketing preferences' })).not.toBeInTheDocument();
    // The ABTA block follows its own setting.
    expect(screen.getByRole('checkbox', { name: 'Travel insurance offers' })).toBeInTheDocument();
  });

  it('leaves out the opt-ins and the basket note when the site settings say so', async () => {
    open({ settings: { showMarketingPreference: false, showAbtaPreference: false, isSiteAllowed: false } });
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('group', { name: 'Marketing preferences' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Travel money offers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/link to your basket/)).not.toBeInTheDocument();
  });

  it.each([
    ['Email address', '', 'Please enter your email address'],
    ['Email address', 'jane@', 'Please enter a valid email address'],
    ['Phone number', '', 'Please enter your phone number'],
    ['Phone number', '12', 'Please enter a valid phone number'],
    ['First name', '', 'Please enter your firstname'],
    ['First name', 'J', 'First name must be at least 2 characters'],
    ['Last name', '', 'Please enter your last name'],
    ['Last name', 'O', 'Last name must be at least 2 characters'],
    ['House name or number', '', 'Please enter your house name or number'],
    ['Address line 1', '', 'Please fill in the first line of your address'],
    ['Town / City', '', 'Please enter your town, city or village'],
    ['Postcode', '', 'Please enter your post code'],
    ['Postcode', 'XYZ', 'Please enter a valid post code'],
  ])('on leaving %s with %j says %s, tied to the field', async (label, text, message) => {
    open();
    const input = await screen.findByLabelText(label, { selector: 'input' });
    await userEvent.click(input);
    if (text) await userEvent.type(input, text);
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  const maxChars = "You've used the maximum number of characters available (250)";

  it.each([
    ['Email address', 500, `${'a'.repeat(500)}@example.com`],
    ['Phone number', 50, '0'.repeat(60)],
    ['First name', 250, 'a'.repeat(260)],
    ['Last name', 250, 'b'.repeat(260)],
    ['House name or number', 250, 'h'.repeat(260)],
    ['Address line 1', 250, 'l'.repeat(260)],
    ['Address line 2 (optional)', 250, 'l'.repeat(260)],
    ['Town / City', 250, 't'.repeat(260)],
    ['Postcode', 50, 'P'.repeat(60)],
  ])('%s holds %i characters; once full it says so as a notice, tied to the field, not an error', async (label, limit, text) => {
    open();
    const input = await screen.findByLabelText(label, { selector: 'input' });
    await userEvent.click(input);
    await userEvent.paste(text.slice(0, limit - 1));
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining(maxChars));
    await userEvent.paste(text.slice(limit - 1));
    expect((input as HTMLInputElement).value).toHaveLength(limit);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(maxChars));
    expect(input).not.toHaveAttribute('aria-invalid');
    // Still there on leaving the field; gone once a character is taken out.
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(maxChars));
    await userEvent.type(input, '{End}{Backspace}');
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining(maxChars));
  });

  it('sends a form whose boxes are full, the notices on show', async () => {
    let body = null as { emailAddress: string; address: { addressLine1: string; townCity: string } } | null;
    server.use(
      http.put(routeUrl('customerInfo'), async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ showAMLPopup: false, state: { value: 3 } });
      }),
    );
    const full = { ...valid, emailAddress: `${'a'.repeat(488)}@example.com`, addressLine1: 'l'.repeat(250), townCity: 't'.repeat(250) };
    const run = open({ initialForm: full });
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.getAllByText(maxChars)).toHaveLength(3);
    await submit();
    await waitFor(() => expect(run.navigations[0]).toBe('/checkout/payment'));
    expect(body?.emailAddress).toHaveLength(500);
    expect(body?.address.addressLine1).toHaveLength(250);
    expect(body?.address.townCity).toHaveLength(250);
  });

  it('refuses text longer than the box holds (details given to the form) with the same message, said once', async () => {
    open({ initialForm: { ...valid, addressLine1: 'l'.repeat(251) } });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const line1 = field('Address line 1');
    expect(line1).toHaveFocus();
    expect(line1).toHaveAttribute('aria-invalid', 'true');
    expect(line1).toHaveAccessibleDescription(maxChars);
    // Once beside the field (not as both an error and a notice), once in the error summary.
    expect(screen.getAllByText(maxChars).filter((el) => !el.closest('[role="alert"]'))).toHaveLength(1);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: maxChars })).toBeInTheDocument();
  });

  it('runs only the lax email check on leaving the field, the full one on submit', async () => {
    open({ initialForm: { ...valid, emailAddress: '' } });
    const email = await screen.findByLabelText('Email address', { selector: 'input' });
    await userEvent.type(email, 'jane@example');
    await userEvent.tab();
    expect(email).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    expect(email).toHaveFocus();
  });

  it('strips characters names may not hold as they are typed', async () => {
    open();
    const first = await screen.findByLabelText('First name', { selector: 'input' });
    await userEvent.type(first, 'Ja2ne-Marie_!');
    expect(first).toHaveValue('Jane-Marie');
  });

  it('keeps focus in the box being typed in: a shopper who types two digits and Tab goes day, month, year (WCAG 3.2.2)', async () => {
    open();
    const day = await screen.findByLabelText('Day');
    await userEvent.type(day, '27');
    expect(day).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Month'), '12');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    expect(screen.getByLabelText('Year')).toHaveValue('');
  });

  it('marks every required field aria-required, and only those (WCAG 1.3.1)', async () => {
    open();
    await screen.findByRole('button', { name: 'Submit' });
    for (const name of ['Email address', 'Phone number', 'First name', 'Last name', 'Day', 'Month', 'Year', 'House name or number', 'Address line 1', 'Town / City', 'Postcode']) {
      expect(screen.getByLabelText(name, { selector: 'input' }), name).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Address line 2/, { selector: 'input' })).not.toHaveAttribute('aria-required');
  });

  it('pads a single-digit day or month', async () => {
    open();
    const day = await screen.findByLabelText('Day');
    await userEvent.type(day, '27');
    await userEvent.tab();
    await userEvent.type(screen.getByLabelText('Month'), '3');
    await userEvent.tab();
    expect(screen.getByLabelText('Month')).toHaveValue('03');
    expect(screen.getByLabelText('Year')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Year'), '19855');
    expect(screen.getByLabelText('Year')).toHaveValue('1985');
    await userEvent.tab();
    expect(screen.getByRole('group', { name: 'Date of birth' })).not.toHaveTextContent('Please enter a valid date of birth');
  });

  it.each([
    ['31', '02', '1985'],
    ['12', '13', '1985'],
    ['01', '01', '1899'],
    ['01', '01', '2027'],
  ])('refuses %s/%s/%s as a date of birth when focus leaves the boxes', async (d, m, y) => {
    open();
    await userEvent.type(await screen.findByLabelText('Day'), d);
    await userEvent.type(screen.getByLabelText('Month'), m);
    await userEvent.type(screen.getByLabelText('Year'), y);
    await userEvent.tab();
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveTextContent('Please enter a valid date of birth');
  });

  it('on an empty submit shows every message and focuses the email field', async () => {
    open();
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    for (const message of [
      'Please enter your email address',
      'Please enter your phone number',
      'Please enter your firstname',
      'Please enter your last name',
      'Please enter a valid date of birth',
      'Please enter your house name or number',
      'Please fill in the first line of your address',
      'Please enter your town, city or village',
      'Please enter your post code',
      'Please accept the terms and conditions',
    ]) {
      // Beside its field and, as a link, in the error summary.
      expect(screen.getAllByText(message)).toHaveLength(2);
    }
    expect(field('Email address')).toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('on a failed submit shows an error summary at the top, a link per invalid field in the spec order', async () => {
    open({ initialForm: { ...valid, lastName: '', postcodeZip: 'nope', dobDay: '31', dobMonth: '02', terms: false } });
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit();
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    // The summary comes before every field of the form.
    expect(summary.compareDocumentPosition(field('Email address')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Please enter your last name',
      'Please enter a valid date of birth',
      'Please enter a valid post code',
      'Please accept the terms and conditions',
    ]);
    expect(links[0]).toHaveAttribute('href', '#customer-lastName');
    // Spec 5.2: focus still goes to the first invalid field.
    expect(field('Last name')).toHaveFocus();
  });

  it('moves focus to the field of a summary link, and drops the line once the field is fixed', async () => {
    open({ initialForm: { ...valid, firstName: '', postcodeZip: '', terms: false } });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const summary = screen.getByRole('alert');
    await userEvent.click(within(summary).getByRole('link', { name: 'Please enter your post code' }));
    expect(field('Postcode')).toHaveFocus();
    await userEvent.click(within(summary).getByRole('link', { name: 'Please accept the terms and conditions' }));
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toHaveFocus();
    await userEvent.click(within(summary).getByRole('link', { name: 'Please enter your firstname' }));
    expect(field('First name')).toHaveFocus();
    await userEvent.type(field('First name'), 'Jane');
    await userEvent.tab();
    expect(within(screen.getByRole('alert')).queryByRole('link', { name: 'Please enter your firstname' })).not.toBeInTheDocument();
  });

  it('scrolls the address into view when it holds the first invalid field', async () => {
    open({ initialForm: { ...valid, houseNameNumber: '', terms: false } });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    expect(field('House name or number')).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
  });

  it.each([
    [true, 'auto'],
    [false, 'smooth'],
  ])('scrolls to the address without motion when reduced motion is asked for (%s: %s, WCAG 2.3.3)', async (reduce, behavior) => {
    const matchMedia = vi.fn((query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      open({ initialForm: { ...valid, houseNameNumber: '' } });
      await screen.findByRole('button', { name: 'Submit' });
      await submit();
      expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ behavior }));
      expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('focuses the terms box when only the terms are missing', async () => {
    open({ initialForm: { ...valid, terms: false } });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toHaveFocus();
  });

  it('fills the address from the postcode search', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Find your address by postcode'), 'M3 2BW');
    await userEvent.click(screen.getByRole('button', { name: 'Find address' }));
    await userEvent.selectOptions(await screen.findByLabelText('Choose your address'), 'Flat 2, 18, Deansgate, Spinningfields, Manchester, M3 2BW');
    expect(field('House name or number')).toHaveValue('Flat 2, 18');
    expect(field('Address line 1')).toHaveValue('Deansgate');
    expect(field('Address line 2 (optional)')).toHaveValue('Spinningfields');
    expect(field('Town / City')).toHaveValue('Manchester');
    expect(field('Postcode')).toHaveValue('M3 2BW');
  });

  it('says so when the postcode finds no address', async () => {
    server.use(on('addressLookup', () => HttpResponse.json([])));
    open();
    await userEvent.type(await screen.findByLabelText('Find your address by postcode'), 'ZZ1 1ZZ{Enter}');
    expect(await screen.findByText(/could not find any addresses/)).toBeInTheDocument();
  });

  // Spec 5.2: 'Address search is restricted to Great Britain'.
  it.each([['BT1 1AA'], ['GY1 1AA'], ['JE2 3AB'], ['IM1 1AA']])('address search is restricted to Great Britain: %s is not searched, and the shopper is told to type the address', async (postcode) => {
    let searched = 0;
    server.use(
      on('addressLookup', () => {
        searched++;
        return HttpResponse.json([]);
      }),
    );
    open();
    await userEvent.type(await screen.findByLabelText('Find your address by postcode'), `${postcode}{Enter}`);
    expect(await screen.findByText(messages.addressSearchGreatBritainOnly)).toBeInTheDocument();
    expect(screen.queryByText(messages.addressNoResults)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose your address')).not.toBeInTheDocument();
    expect(searched).toBe(0);

    // A Great Britain postcode afterwards is searched as usual.
    await userEvent.clear(screen.getByLabelText('Find your address by postcode'));
    await userEvent.type(screen.getByLabelText('Find your address by postcode'), 'M3 2BW{Enter}');
    expect(await screen.findByText(messages.addressNoResults)).toBeInTheDocument();
    expect(screen.queryByText(messages.addressSearchGreatBritainOnly)).not.toBeInTheDocument();
    expect(searched).toBe(1);
  });

  it('sends the details (ISO date of birth, upper-case postcode, United Kingdom) and goes to payment', async () => {
    let body: unknown = null;
    server.use(
      http.put(routeUrl('customerInfo'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ showAMLPopup: false, state: { value: 3 } });
      }),
    );
    const run = open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    await waitFor(() => expect(run.navigations[0]).toBe('/checkout/payment'));
    expect(body).toMatchObject({
      emailAddress: 'jane.oconnor@example.co.uk',
      dateOfBirth: '1985-03-27',
      terms: true,
      marketing: false,
      address: { houseNameNumber: '14', postcodeZip: 'M3 2BW', country: 'United Kingdom' },
    });
  });

  it('replaces Submit with a spinner while the details are sent', async () => {
    server.use(...variants.loading('customerInfo'));
    open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    expect(await screen.findByText('Sending your details')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows 'Oh snap!' on NoStock, whose button goes back to the collection dates", async () => {
    server.use(...variants.noStock());
    const run = open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Oh snap!' });
    expect(dialog).toHaveTextContent("This branch has just sold out of the currency you're ordering - please choose another collection date.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose another collection date' }));
    expect(run.navigations).toEqual(['/checkout/delivery-options']);
  });

  it.each([
    ['noStock', 'the close control', '/checkout/delivery-options', 'Oh snap!'],
    ['noStock', 'Escape', '/checkout/delivery-options', 'Oh snap!'],
  ] as const)('closes the %s dialog with %s like every modal, going on to %s', async (variant, how, to, name) => {
    server.use(...variants[variant]());
    const run = open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name });
    if (how === 'Escape') await userEvent.keyboard('{Escape}');
    else await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(run.navigations[0]).toBe(to);
  });

  it.each(['the close control', 'Escape'])(
    'closes the identification dialog with %s and stays on the details, the form as it was; Submit asks again (WCAG 3.2.x)',
    async (how) => {
      server.use(...variants.aml());
      const run = open({ initialForm: valid });
      await screen.findByRole('button', { name: 'Submit' });
      await submit();
      const dialog = await screen.findByRole('alertdialog', { name: 'Additional identification is required' });
      if (how === 'Escape') await userEvent.keyboard('{Escape}');
      else await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(run.navigations).toEqual([]);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your details');
      expect(field('First name')).toHaveValue('Jane');
      // Focus is back on the control that opened the dialog, never on the page's body.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus());
      await submit();
      expect(await screen.findByRole('alertdialog', { name: 'Additional identification is required' })).toBeInTheDocument();
    },
  );

  it.each([
    ['Continue', '/checkout/payment'],
    ['Return to the homepage', '/'],
  ])('asks for additional identification on the AML flag; %s goes to %s', async (button, to) => {
    server.use(...variants.aml());
    const run = open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Additional identification is required' });
    expect(dialog).toHaveTextContent('driving licence, passport or national ID card');
    expect(dialog).toHaveTextContent('3 months');
    // The support line is the content's number and hours, never a line without a number.
    expect(dialog).toHaveTextContent('please call our support line on 0808 157 0192 (Monday to Saturday, 9am to 5.30pm).');
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(run.navigations[0]).toBe(to);
  });

  it('shows the velocity modal on the details page, with the Details step, when the order is refused there', async () => {
    server.use(...variants.customerInfoState(1));
    let abandoned = 0;
    server.use(
      http.delete(routeUrl('cartAbandon'), () => {
        abandoned += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const run = open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: "You've reached today's order limit" });
    expect(dialog).toHaveTextContent('proof of ID');
    // Never the payment page's words: the shopper did not reach payment.
    expect(screen.queryByText('Your payment was unsuccessful')).not.toBeInTheDocument();
    // The page behind the modal (hidden from the accessibility tree while it is open).
    expect(screen.getByRole('heading', { level: 1, hidden: true })).toHaveTextContent('Your details');
    const steps = screen.getByRole('navigation', { name: 'Checkout progress', hidden: true });
    expect(within(steps).getByText('Details').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(run.navigations).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to the homepage' }));
    await waitFor(() => expect(run.checkout.getSnapshot().hasTag('cartCleared')).toBe(true));
    expect(abandoned).toBe(1);
    // A second after the cart is cleared.
    run.elapse(999);
    expect(run.navigations).toEqual([]);
    run.elapse(1);
    expect(run.navigations).toEqual(['/']);
  });

  it('closes the velocity modal with Escape and keeps the form', async () => {
    server.use(...variants.customerInfoState(1));
    open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    await screen.findByRole('alertdialog', { name: "You've reached today's order limit" });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('Jane');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it("pops up a failed submit's problem and keeps the form", async () => {
    server.use(...variants.problem('customerInfo', { title: 'We could not save your details', detail: 'Please try again.' }, 422));
    open({ initialForm: valid });
    await screen.findByRole('button', { name: 'Submit' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'We could not save your details' });
    expect(dialog).toHaveTextContent('Please try again.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('Jane');
  });

  it("tracks 'Started Checkout Buy or Sell' when the email field is left", async () => {
    const tracker = { identify: vi.fn(), track: vi.fn(), stepViewed: vi.fn() };
    open({ tracker });
    const email = await screen.findByLabelText('Email address', { selector: 'input' });
    await userEvent.type(email, 'jane@example.co.uk');
    await userEvent.tab();
    expect(tracker.identify).toHaveBeenCalledWith('jane@example.co.uk');
    await waitFor(() => expect(tracker.track).toHaveBeenCalled());
    expect(tracker.track).toHaveBeenCalledWith(
      'Started Checkout Buy or Sell',
      expect.objectContaining({
        value: fx.order.total,
        checkoutUrl: `${TEST_APP_ORIGIN}/checkout/view-cart?id=cart-1`,
        lineItems: [expect.objectContaining({ currencyCode: 'EUR', rate: 1.1423 }), expect.objectContaining({ currencyCode: 'USD', rate: 1.2561 })],
      }),
    );
  });

  it('moves on at once when the order already waits for payment', async () => {
    server.use(...variants.paymentPending({ fixtures: fx }));
    const run = open();
    await waitFor(() => expect(run.navigations).toEqual(['/checkout/payment']));
  });
});
