import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { CalculatorPage } from '#src/app/pages.tsx';
import { fixtures, makeCart } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { renderShop } from '../../../tests/support/render-shop.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The calculator page as the app mounts it (the shop starts its calculator from the address). */
function Page({ page = 'buy' }: { page?: 'buy' | 'sell' | 'embedded' }) {
  return <CalculatorPage page={page} />;
}

const quotesAsked = () => {
  const asked: string[] = [];
  server.use(
    http.get(routeUrl('quote'), ({ params }) => {
      asked.push(`${String(params.storeId)}/${String(params.productId)}/${String(params.currency)}`);
      return undefined;
    }),
  );
  return asked;
};

/** The shop's timers (the amount's 500 ms pause) on simulated time, moved on only by `elapse`. */
function simulatedTime() {
  const clock = new SimulatedClock();
  return { clock, elapse: (ms: number) => act(() => clock.increment(ms)) };
}

async function ready() {
  return screen.findByTestId('rate-line', {}, { timeout: 3000 });
}

describe('Calculator', () => {
  it('opens on the buy tab with click and collect at the default branch and shows the rate to 4 decimals', async () => {
    server.use(...variants.noCart());
    const asked = quotesAsked();
    renderShop(<Page />);
    expect(await screen.findByRole('status')).toHaveTextContent(/Loading/);
    const rate = await ready();
    expect(rate.textContent).toMatch(/^£1 = €\d+\.\d{4}$/);
    expect(screen.getByRole('tab', { name: 'Buy travel money', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sell travel money' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('Euros (EUR)');
    expect(screen.getByRole('radio', { name: 'Click and collect' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'You pay (£)' })).toHaveAttribute('maxLength', '4');
    expect(screen.getByText('Manchester Arndale')).toBeInTheDocument();
    expect(screen.getByText(/Rated 4.8 out of 5 from 12,873 reviews/)).toBeInTheDocument();
    expect(asked).toEqual(['12/2/EUR']);
  });

  it('offers Try again when the calculator cannot load, and loads it again', async () => {
    server.use(...variants.noCart());
    let failures = 1;
    server.use(
      http.get(routeUrl('siteProducts'), () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ title: 'Something went wrong', status: 500 }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    renderShop(<Page />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 }));
    expect((await ready()).textContent).toMatch(/^£1 = €/);
  });

  it("loads under React's StrictMode, whose restart abandons the first calls", async () => {
    server.use(...variants.noCart());
    renderShop(<Page />, { strict: true });
    expect((await ready()).textContent).toMatch(/^£1 = €/);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('has no sell tab without enableSelling', async () => {
    server.use(...variants.noCart(), ...variants.sellingDisabled());
    renderShop(<Page />);
    await ready();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Buy travel money' })).toBeInTheDocument();
  });

  it('sells back on the sell tab: no delivery options, the foreign amount drives', async () => {
    server.use(...variants.noCart());
    const asked = quotesAsked();
    renderShop(<Page />);
    await ready();
    await userEvent.click(screen.getByRole('tab', { name: 'Sell travel money' }));
    await waitFor(() => expect(asked.at(-1)).toBe('12/3/EUR'));
    expect(screen.queryByRole('radiogroup', { name: 'How would you like your currency?' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'You sell (EUR)' })).toHaveValue('250');
    expect(screen.getByRole('textbox', { name: 'You receive (£)' })).toHaveAttribute('readonly');
    // The buy tab's intro (home delivery or collect) is no sell-back wording.
    expect(screen.queryByText(/Order by 2pm for next-day delivery/)).not.toBeInTheDocument();
    expect(screen.getByText('Sell your leftover currency back to us: order online, then bring it to the branch you choose.')).toBeInTheDocument();
    expect(screen.getByText('Branch to bring your currency to')).toBeInTheDocument();
    expect(screen.queryByText('Collection branch')).not.toBeInTheDocument();
  });

  it('says when a bigger amount gets a better rate, from the quote\'s tiers (spec 3 rateTiers), and when the amount gets it, 500 ms after the last key', async () => {
    server.use(...variants.noCart());
    const { clock, elapse } = simulatedTime();
    renderShop(<Page />, { clock });
    await ready();
    const hint = () => screen.getByTestId('tier-hint');
    const gbp = screen.getByRole('textbox', { name: 'You pay (£)' });
    await userEvent.clear(gbp);
    await userEvent.type(gbp, '300');
    elapse(500);
    await waitFor(() => expect(hint()).toHaveTextContent(/^Better rate over £500: €\d+\.\d{4}$/));
    await userEvent.clear(gbp);
    await userEvent.type(gbp, '600');
    // The hint speaks of the priced amount: £300 until the pause after the last key is over.
    elapse(499);
    expect(hint()).toHaveTextContent(/^Better rate over £500: /);
    elapse(1);
    await waitFor(() => expect(hint()).toHaveTextContent(/^Better rate over £1,000: €\d+\.\d{4}$/));
    await userEvent.clear(gbp);
    await userEvent.type(gbp, '1200');
    elapse(499);
    expect(hint()).toHaveTextContent(/^Better rate over £1,000: /);
    elapse(1);
    await waitFor(() => expect(hint()).toHaveTextContent("You're getting our better rate for £1,000 and over"));
  });

  it("caps the amount with 'Maximum order value is £2,500' 500 ms after the last key", async () => {
    server.use(...variants.noCart());
    const { clock, elapse } = simulatedTime();
    renderShop(<Page />, { clock });
    await ready();
    const foreign = screen.getByRole('textbox', { name: 'You get (EUR)' });
    await userEvent.clear(foreign);
    await userEvent.type(foreign, '9000');
    elapse(499);
    expect(screen.queryByText('Maximum order value is £2,500')).not.toBeInTheDocument();
    elapse(1);
    expect(await screen.findByText('Maximum order value is £2,500')).toBeInTheDocument();
    expect(foreign).toBeInvalid();
  });

  it("searches currencies by code or name, says 'No results found', and quotes the chosen one", async () => {
    server.use(...variants.noCart());
    const asked = quotesAsked();
    renderShop(<Page />);
    await ready();
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.click(box);
    await userEvent.keyboard('zzz');
    expect(await screen.findByRole('option', { name: 'No results found' })).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.keyboard('yen');
    await userEvent.click(await screen.findByRole('option', { name: /Japanese Yen/ }));
    await waitFor(() => expect(asked.at(-1)).toBe('12/2/JPY'));
    expect(box).toHaveValue('Japanese Yen (JPY)');
  });

  it('shows the currency restriction, and the not-sellable notice', async () => {
    server.use(...variants.noCart());
    renderShop(<Page />);
    await ready();
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.click(box);
    await userEvent.keyboard('TRY');
    await userEvent.click(await screen.findByRole('option', { name: /Turkish Lira/ }));
    expect(await screen.findByText('Turkish Lira is limited to £500 per order.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.keyboard('AED');
    await userEvent.click(await screen.findByRole('option', { name: /UAE Dirhams/ }));
    expect(await screen.findByText("Oh snap! We don't have any UAE Dirhams right now - check back soon!")).toBeInTheDocument();
  });

  it('adds to cart, creating the cart, then goes to the view-cart page', async () => {
    server.use(...variants.noCart());
    let created: unknown = null;
    let added: unknown = null;
    server.use(
      http.post(routeUrl('cartCreate'), async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(makeCart(new Date(), { lines: [] }));
      }),
      http.post(routeUrl('cartAdd'), async ({ request }) => {
        added = await request.json();
        return HttpResponse.json(makeCart(new Date(), { lines: [{ code: 'EUR', qty: 1155 }] }));
      }),
    );
    const { router } = renderShop(<Page />);
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/view-cart'));
    expect(created).toEqual({ storeId: 12, productId: 2, affiliateCode: null });
    expect(added).toMatchObject({ currencyCode: 'EUR' });
  });

  it('follows an existing cart: its product holds, the radios are disabled and Return to cart shows', async () => {
    server.use(...variants.withCart(makeCart(new Date(), { productId: 1, storeId: 1, lines: [{ code: 'USD', qty: 300 }] })));
    const { router } = renderShop(<Page />);
    await ready();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Home delivery' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Click and collect' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Return to cart' }));
    expect(router.state.location.pathname).toBe('/checkout/view-cart');
  });

  it("quotes at an existing cart's branch and names it", async () => {
    server.use(...variants.withCart(makeCart(new Date(), { productId: 2, storeId: 16, lines: [{ code: 'USD', qty: 300 }] })));
    const asked = quotesAsked();
    renderShop(<Page />);
    expect(await screen.findByText('Stockport Merseyway', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)).toMatch(/^16\/2\//));
    expect(screen.queryByText('Manchester Arndale')).not.toBeInTheDocument();
  });

  it("greets a visitor back from the loyalty sign-in: the toast, 'You're signed in!', signedIn removed", async () => {
    server.use(...variants.noCart(), ...variants.signedIn());
    const { router } = renderShop(<Page />, { path: '/?signedIn' });
    await ready();
    expect(await screen.findByTestId('signed-in')).toHaveTextContent("You're signed in!");
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes("You're signed in!"))).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('link', { name: 'Sign in to get better rates' })).not.toBeInTheDocument();
  });

  it('offers the loyalty sign-in when the site shows the CTA', async () => {
    server.use(...variants.noCart());
    renderShop(<Page />);
    await ready();
    const link = await screen.findByRole('link', { name: 'Sign in to get better rates' });
    // The session token stays out of the address: the sign-in starts with a single-use code.
    expect(link.getAttribute('href')).toBe('http://localhost:3001/session/1/loyalty-signin?returnUrl=%2F%3FsignedIn');
  });

  it('preselects the branch of store_id', async () => {
    server.use(...variants.noCart());
    const asked = quotesAsked();
    renderShop(<Page />, { path: '/?store_id=16' });
    await ready();
    expect(screen.getByText('Stockport Merseyway')).toBeInTheDocument();
    expect(asked).toEqual(['16/2/EUR']);
  });

  it('chooses a branch in the modal: search, Confirm, and the quote follows', async () => {
    server.use(...variants.noCart());
    const asked = quotesAsked();
    renderShop(<Page />);
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Change branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your collection branch' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Town, city or postcode' }), 'Manch');
    await userEvent.click(await screen.findByRole('option', { name: 'Manchester, Greater Manchester' }));
    const card = await within(dialog).findByRole('listitem', { name: 'Stockport Merseyway' });
    expect(card).toHaveTextContent('Collect tomorrow');
    await userEvent.click(within(card).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Stockport Merseyway')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)).toBe('16/2/EUR'));
    // WCAG 2.4.3: focus is back on the control that opened the dialog, never on the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change branch' })).toHaveFocus());
    // Frames later (a busy page re-pricing for the new branch) focus falls to the body: the
    // calculator picks it up again, whether or not the dialog's own restore worked.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change branch' })).toHaveFocus());
  });

  it('sends home delivery from the delivery centre after a branch was chosen, and keeps the branch for click and collect', async () => {
    let created: unknown = null;
    server.use(
      ...variants.noCart(),
      // The site's default store is the home-delivery centre, no branch to collect from.
      http.get(routeUrl('defaultStore'), () => HttpResponse.json(fixtures.metaStore)),
      http.post(routeUrl('cartCreate'), async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(makeCart(new Date(), { productId: 1, storeId: fixtures.metaStore.id, lines: [] }));
      }),
      http.post(routeUrl('cartAdd'), () => HttpResponse.json(makeCart(new Date(), { productId: 1, storeId: fixtures.metaStore.id, lines: [{ code: 'EUR', qty: 1155 }] }))),
    );
    const asked = quotesAsked();
    const { router } = renderShop(<Page />);
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your collection branch' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Town, city or postcode' }), 'Manch');
    await userEvent.click(await screen.findByRole('option', { name: 'Manchester, Greater Manchester' }));
    const card = await within(dialog).findByRole('listitem', { name: 'Stockport Merseyway' });
    await userEvent.click(within(card).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(asked.at(-1)).toBe('16/2/EUR'));

    await userEvent.click(screen.getByRole('radio', { name: 'Home delivery' }));
    await waitFor(() => expect(asked.at(-1)).toBe(`${fixtures.metaStore.id}/1/EUR`));
    await userEvent.click(screen.getByRole('radio', { name: 'Click and collect' }));
    await waitFor(() => expect(asked.at(-1)).toBe('16/2/EUR'));
    expect(screen.getByText('Stockport Merseyway')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Home delivery' }));
    await waitFor(() => expect(asked.at(-1)).toBe(`${fixtures.metaStore.id}/1/EUR`));
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/view-cart'));
    expect(created).toEqual({ storeId: fixtures.metaStore.id, productId: 1, affiliateCode: null });
  });

  it('closes the branch modal with Escape', async () => {
    server.use(...variants.noCart());
    renderShop(<Page />);
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Change branch' }));
    const dialog = await screen.findByRole('dialog');
    // Escape in the dialog's search box, where it opens.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Town, city or postcode' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // WCAG 2.4.3: focus is back on the control that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change branch' })).toHaveFocus());
  });

  it('links to the view-cart page in embedded mode, without branch controls', async () => {
    server.use(...variants.noCart());
    renderShop(<Page page="embedded" />, { path: '/embed/calculator?affiliateid=PARTNER42&store_id=16' });
    await ready();
    const link = await screen.findByRole('link', { name: 'Add to cart' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/checkout/view-cart');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ currency: 'EUR', product_id: '2', store_id: '16', affiliateid: 'PARTNER42' });
    expect(Number(url.searchParams.get('amount'))).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /branch/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('opens the embedded calculator without store_id on home delivery, linking to a cart view-cart can create', async () => {
    // Without store_id the calculator stands at the site's default store, the home-delivery centre.
    server.use(...variants.noCart(), http.get(routeUrl('defaultStore'), () => HttpResponse.json(fixtures.metaStore)));
    const asked = quotesAsked();
    renderShop(<Page page="embedded" />, { path: '/embed/calculator' });
    await ready();
    expect(screen.getByRole('radio', { name: 'Home delivery' })).toBeChecked();
    // Click and collect needs a branch, and the frame has no branch controls.
    expect(screen.getByRole('radio', { name: 'Click and collect' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /branch/i })).not.toBeInTheDocument();
    const url = new URL((await screen.findByRole('link', { name: 'Add to cart' })).getAttribute('href')!);
    expect(url.searchParams.get('product_id')).toBe('1');
    expect(url.searchParams.has('store_id')).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((a) => a.startsWith(`${fixtures.metaStore.id}/1/`))).toBe(true);
  });

  it('shows the quote failure in the server\'s words', async () => {
    server.use(...variants.noCart(), ...variants.quoteError());
    renderShop(<Page />);
    expect(await screen.findByText('We could not get a rate for this branch right now.')).toBeInTheDocument();
  });
});

describe('the typed amount wins over a late quote (calculator race)', () => {
  it('keeps £1200 typed right after choosing Home delivery while its quote is still on its way', async () => {
    server.use(...variants.noCart());
    // Simulated time stands still: the quote lands while the typed amount still waits for its pause.
    const { clock } = simulatedTime();
    renderShop(<Page />, { clock });
    await ready();
    // The Home delivery quote is held until the shopper has typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(routeUrl('quote'), async ({ params }) => {
        if (String(params.productId) === '1') await held;
        return undefined;
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Home delivery' }));
    const box = screen.getByRole('textbox', { name: 'You pay (£)' });
    await user.clear(box);
    await user.type(box, '1200');
    expect(box).toHaveValue('1200');
    release();
    // The quote arrives mid-typing: the box keeps what was typed, and the other box follows it.
    await waitFor(() => expect(screen.queryByText('Getting your rate')).not.toBeInTheDocument());
    expect(box).toHaveValue('1200');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /You get/ })).not.toHaveValue(''));
    expect(box.getAttribute('value') ?? (box as HTMLInputElement).value).toMatch(/^1,?2\d\d(\.\d\d)?$/);
  });
});
