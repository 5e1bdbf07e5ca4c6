import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const TABS = [
  { id: 'buy', title: 'Buy currency' },
  { id: 'sell', title: 'Sell currency' },
  { id: 'other', title: 'Other' },
] as const;
type Id = (typeof TABS)[number]['id'];

function Harness({ initial = 'buy' as Id }) {
  const [selected, setSelected] = useState<Id>(initial);
  return (
    <Tabs label="Transaction type" tabs={TABS} selected={selected} onSelect={setSelected}>
      <label>
        Amount <input />
      </label>
      <span>panel of {selected}</span>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('names the list, marks the selected tab and labels its panel with it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Transaction type' })).toBeInTheDocument();
    const buy = screen.getByRole('tab', { name: 'Buy currency' });
    expect(buy).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sell currency' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Buy currency');
    expect(buy).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('panel of buy');
  });

  it('is one tab stop: Tab from the selected tab goes into the panel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Buy currency' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
  });

  it.each([
    ['{ArrowRight}', 'Sell currency'],
    ['{ArrowLeft}', 'Other'],
    ['{End}', 'Other'],
    ['{ArrowRight}{ArrowRight}{ArrowRight}', 'Buy currency'],
    ['{ArrowRight}{Home}', 'Buy currency'],
  ])('keys %s move focus to %s and select it', async (keys, name) => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Buy currency' }));
    await user.keyboard(keys);
    const tab = screen.getByRole('tab', { name });
    expect(tab).toHaveFocus();
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(name);
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Sell currency' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel of sell');
  });
});
