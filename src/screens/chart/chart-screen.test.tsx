import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeChartPoints } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { renderShop } from '../../../tests/support/render-shop.tsx';
import { ChartPage as ChartScreen } from '#src/app/pages.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom has no layout: the chart measures its parent with ResizeObserver.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResize);

const NOW = new Date('2026-03-04T10:00:00Z');

describe('ChartScreen', () => {
  it('asks for the inverted rates on a to-gbp page and shows the last month by default', async () => {
    const asked: string[] = [];
    server.use(
      http.get(routeUrl('currencyConverter'), ({ request }) => {
        asked.push(new URL(request.url).pathname + new URL(request.url).search);
        return HttpResponse.json(makeChartPoints(NOW, 'EUR', true));
      }),
    );
    renderShop(<ChartScreen />, { path: '/eur-to-gbp' });
    const chart = await screen.findByRole('img', { name: /^EUR to GBP rate, / });
    expect(asked).toEqual(['/api/currency-converter/eur?inverted=true']);
    expect(screen.getByRole('heading', { level: 1, name: 'EUR to GBP exchange rate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(chart).toHaveAccessibleName('EUR to GBP rate, 2026-02-04 to 2026-03-04');
  });

  it('switches to 1W and 1Y', async () => {
    server.use(http.get(routeUrl('currencyConverter'), () => HttpResponse.json(makeChartPoints(NOW, 'USD', false))));
    renderShop(<ChartScreen />, { path: '/usd-from-gbp' });
    await screen.findByRole('img', { name: /^GBP to USD rate, / });
    await userEvent.click(screen.getByRole('button', { name: '1W' }));
    expect(screen.getByRole('img')).toHaveAccessibleName('GBP to USD rate, 2026-02-25 to 2026-03-04');
    await userEvent.click(screen.getByRole('button', { name: '1Y' }));
    expect(screen.getByRole('img')).toHaveAccessibleName('GBP to USD rate, 2025-03-04 to 2026-03-04');
    expect(screen.getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('labels the 1W axis with distinct dates in the one date format of the page, even with few points', async () => {
    server.use(
      http.get(routeUrl('currencyConverter'), () =>
        HttpResponse.json([
          { date: '2026-03-02', rate: 0.8712 },
          { date: '2026-03-03', rate: 0.8731 },
          { date: '2026-03-04', rate: 0.8766 },
        ]),
      ),
    );
    const { container } = renderShop(<ChartScreen />, { path: '/eur-to-gbp' });
    await screen.findByRole('img', { name: /^EUR to GBP rate, / });
    await userEvent.click(screen.getByRole('button', { name: '1W' }));
    const ticks = [...container.querySelectorAll('.visx-axis-bottom .visx-axis-tick')].map((t) => t.textContent);
    expect(ticks).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    // The latest rate's date reads the same way as the axis and the tooltip.
    expect(screen.getAllByText('2026-03-04')).toHaveLength(2);
  });

  it('shows the rate to 4 decimals with the date as yyyy-MM-dd in the tooltip', async () => {
    server.use(
      http.get(routeUrl('currencyConverter'), () =>
        HttpResponse.json([
          { date: '2026-03-03', rate: 0.871234 },
          { date: '2026-03-04', rate: 0.87655 },
        ]),
      ),
    );
    renderShop(<ChartScreen />, { path: '/eur-to-gbp' });
    const chart = await screen.findByRole('img');
    chart.focus();
    const tip = await screen.findByRole('status');
    expect(within(tip).getByText('2026-03-04')).toBeInTheDocument();
    expect(within(tip).getByText('0.8766')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-030.8712');
  });

  it("loads under React's StrictMode, whose restart abandons the first call", async () => {
    renderShop(<ChartScreen />, { path: '/eur-to-gbp', strict: true });
    expect(await screen.findByRole('img', { name: /^EUR to GBP rate, / })).toBeInTheDocument();
  });

  it('reports a failed load and says so', async () => {
    server.use(...variants.chartError());
    const errors = { report: vi.fn() };
    renderShop(<ChartScreen />, { path: '/eur-to-gbp', errors });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(errors.report).toHaveBeenCalledWith(expect.anything(), { where: 'chart.loadChart' });
  });
});

describe('the rate alert under the chart', () => {
  it('starts at the latest rate for 1 GBP, refuses a bad address, then asks the shopper to confirm the alert by the link in the email', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(routeUrl('currencyConverter'), () => HttpResponse.json(makeChartPoints(NOW, 'EUR', true))),
      http.post(routeUrl('rateAlert'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: '7d1c8c66-3f38-4c55-9a42-5c1d7f1a0b11' }, { status: 201 });
      }),
    );
    renderShop(<ChartScreen />, { path: '/eur-to-gbp' });
    const form = await screen.findByRole('region', { name: 'Get a rate alert' });
    const rate = within(form).getByRole('textbox', { name: 'EUR for 1 GBP' });
    // The page reads EUR to GBP; the alert is for 1 GBP in euros.
    expect(Number((rate as HTMLInputElement).value)).toBeGreaterThan(1);
    await userEvent.clear(rate);
    await userEvent.type(rate, '1.25');
    expect(form).toHaveTextContent('Email me when 1 GBP buys 1.25 EUR or more');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email address' }), 'ann');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Email address' }), '@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me' }));
    // Nothing is sent until the recipient confirms: the form says so.
    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent("Almost done: we've sent an email to ann@example.com. Please confirm your alert by the link in it.");
    expect(status).toHaveTextContent("Once you confirm, we'll email you once, when 1 GBP buys 1.2500 EUR or more. An alert not confirmed within 7 days is removed.");
    expect(sent).toEqual([{ emailAddress: 'ann@example.com', currencyCode: 'EUR', rate: 1.25 }]);
  });
});
