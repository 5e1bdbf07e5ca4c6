import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { fixtures, makeRatesBoard } from '../../../mocks/fixtures.ts';
import { HomePanelsForSite } from './home-panels.tsx';

const NOW = new Date('2026-11-23T10:00:00Z');

function renderPanels(board: ReturnType<typeof makeRatesBoard> | null) {
  return render(
    <MemoryRouter>
      <HomePanelsForSite site={fixtures.siteSettings} currencies={fixtures.currencies} now={NOW} board={board} />
    </MemoryRouter>,
  );
}

describe('the rates board on the home page', () => {
  it("shows each popular currency's rates for £1, a dash where it is not traded, and its month in words", () => {
    renderPanels(makeRatesBoard(NOW));
    const euros = screen.getByTestId('board-EUR');
    expect(within(euros).getByRole('link', { name: /^Euros EUR rate chart$/ }).getAttribute('href')).toBe('/eur-from-gbp');
    expect(within(euros).getByText(messages.ratesBoardBuy)).toBeTruthy();
    expect(screen.getByTestId('board-buy-EUR').textContent).toBe('1.1080 EUR');
    expect(screen.getByTestId('board-sell-EUR').textContent).toBe('1.2109 EUR');
    expect(screen.getByTestId('board-sell-THB').textContent).toBe(messages.ratesBoardNotTraded);
    expect(within(euros).getByText(/over the last month$/)).toBeTruthy();
    expect(screen.getByText(messages.ratesBoardCaption)).toBeTruthy();
  });

  it('says "Sample rates" over the board when its rates are sample data, and nothing when they are real', () => {
    renderPanels({ ...makeRatesBoard(NOW), sample: true });
    expect(screen.getByTestId('sample-rates').textContent).toBe(messages.sampleRates);
    cleanup();
    renderPanels(makeRatesBoard(NOW));
    expect(screen.queryByText(messages.sampleRates)).toBeNull();
  });

  it('shows the currencies without rates until the board is read (or when it cannot be)', () => {
    renderPanels(null);
    expect(screen.getByRole('link', { name: /^Euros EUR rate chart$/ })).toBeTruthy();
    expect(screen.queryByText(messages.ratesBoardCaption)).toBeNull();
    expect(screen.queryByTestId('board-buy-EUR')).toBeNull();
  });
});
