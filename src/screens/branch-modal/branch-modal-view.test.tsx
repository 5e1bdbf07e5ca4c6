import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { branchPage } from '#domain/availability.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { storeCard } from './branch-card.ts';
import { BranchModalView, type BranchModalViewProps } from './branch-modal-view.tsx';

// A Wednesday morning in London.
const now = new Date('2026-03-04T10:00:00Z');
const f = makeFixtures(now);
const stores = f.stores.filter((s) => !s.isMeta);
const cards = stores.map((s) => storeCard(s, now));

function props(overrides: Partial<BranchModalViewProps> = {}): BranchModalViewProps {
  const page = branchPage(cards, 0);
  return {
    isOpen: true,
    onClose: vi.fn(),
    status: 'ready',
    branches: page.items,
    pager: { ...page, onPrevious: vi.fn(), onNext: vi.fn() },
    error: null,
    search: <input aria-label="Town, city or postcode" />,
    onUseMyLocation: vi.fn(),
    canConfirm: (b) => b.id !== 15,
    onConfirm: vi.fn(),
    ...overrides,
  };
}

describe('storeCard', () => {
  it('reads name, brand, distance and availability from the store', () => {
    const [open, noStock, closed, tomorrow, later] = cards;
    expect(open).toMatchObject({ name: 'Manchester Arndale', brandAdvisory: 'Operated by Travel Money', distance: '0.4 miles', availability: 'Collect today' });
    expect(noStock).toMatchObject({ availability: 'Collect today from 2pm', noStock: true });
    expect(closed).toMatchObject({ availability: "Sorry we're closed this week!", closed: true });
    expect(tomorrow?.availability).toBe('Collect tomorrow');
    expect(later?.availability).toBe('Collect Saturday 7 March');
    expect(open?.address).toEqual(['Unit 12, Arndale Centre', 'Market Street', 'Manchester', 'M4 3AQ']);
  });

  it("says when today's orders are ready only beside 'Collect today', not beside a later day or 'from 2pm'", () => {
    const [open, noStock, , tomorrow] = stores;
    const ready = (store: (typeof stores)[number]) =>
      storeCard({ ...store, ordersReadyFrom: '11:00' }, now).facts.filter((fact) => fact.kind === 'ordersReady').map((fact) => fact.text);
    expect(ready(open!)).toEqual(["Today's orders ready to collect from 11am"]);
    expect(ready(noStock!)).toEqual([]);
    expect(ready(tomorrow!)).toEqual([]);
  });

  it('shows an address the server sends in both shapes once (address1-4, not the line1-3 copy too)', () => {
    const store = stores[0]!;
    const both = { address1: '310 Oxford Street', address2: 'Marylebone', line1: '310 Oxford Street', line2: 'Marylebone', postcode: 'W1C 1DX' };
    expect(storeCard({ ...store, address: both }, now).address).toEqual(['310 Oxford Street', 'Marylebone', 'W1C 1DX']);
  });
});

describe('BranchModalView', () => {
  it('is a dialog listing 5 branches a page', () => {
    render(<BranchModalView {...props()} />);
    const dialog = screen.getByRole('dialog', { name: 'Choose your collection branch' });
    expect(within(dialog).getAllByTestId('branch-card')).toHaveLength(5);
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows each branch with its opening times and collection address on demand', async () => {
    render(<BranchModalView {...props()} />);
    const card = screen.getByRole('listitem', { name: 'Manchester Arndale' });
    expect(card).toHaveTextContent('Operated by Travel Money');
    expect(card).toHaveTextContent('0.4 miles');
    expect(card).toHaveTextContent('Collect today');
    const times = within(card).getByText('Opening times');
    await userEvent.click(times);
    expect(within(card).getByRole('row', { name: 'Thursday 09:00 - 19:00' })).toBeVisible();
    expect(card).toHaveTextContent('Closed on bank holidays.');
    await userEvent.click(within(card).getByText('Collection address'));
    expect(within(card).getByText('M4 3AQ')).toBeVisible();
  });

  it("marks a closed branch and a branch without stock in the spec's words; Confirm follows canConfirm", () => {
    render(<BranchModalView {...props()} />);
    const closed = screen.getByRole('listitem', { name: 'Salford Quays' });
    expect(closed).toHaveTextContent("Sorry we're closed this week!");
    expect(within(closed).getByRole('button', { name: /Confirm/ })).toBeDisabled();
    expect(screen.getByRole('listitem', { name: 'Manchester Piccadilly' })).toHaveTextContent('from 2pm');
  });

  it('confirms a branch, pages, and closes with Escape or the close control', async () => {
    const p = props();
    render(<BranchModalView {...p} />);
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Manchester Arndale' })).getByRole('button', { name: /Confirm/ }));
    expect(p.onConfirm).toHaveBeenCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(p.pager.onNext).toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the close control', async () => {
    const p = props();
    render(<BranchModalView {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(p.onClose).toHaveBeenCalled();
  });

  it('shows progress while locating and searching, and the failure message', () => {
    const { rerender } = render(<BranchModalView {...props({ status: 'locating' })} />);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Finding your location'))).toBe(true);
    rerender(<BranchModalView {...props({ status: 'loading' })} />);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Finding branches'))).toBe(true);
    rerender(<BranchModalView {...props({ status: 'error', error: "Sorry we couldn't get your location. Please grant access when a dialog appears." })} />);
    expect(screen.getByRole('alert')).toHaveTextContent("Sorry we couldn't get your location. Please grant access when a dialog appears.");
  });
});
