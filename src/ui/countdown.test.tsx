import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown, formatMmSs } from './countdown.tsx';

describe('formatMmSs', () => {
  it.each([
    [1125, '18:45'],
    [300, '05:00'],
    [59, '00:59'],
    [0, '00:00'],
    [-3, '00:00'],
    [61.9, '01:01'],
  ])('%s s reads %s', (s, text) => {
    expect(formatMmSs(s)).toBe(text);
  });
});

describe('Countdown', () => {
  const base = { label: 'Time left', expiredText: 'Cart expired' };

  it('shows mm:ss as a named timer', () => {
    render(<Countdown {...base} secondsLeft={1125} status="running" />);
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('18:45');
  });

  it('marks the expiring state and the shake', () => {
    render(<Countdown {...base} secondsLeft={240} status="expiring" shake />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('data-status', 'expiring');
    expect(timer.className).toMatch(/expiring/);
    expect(timer.firstElementChild?.className).toMatch(/shake/);
  });

  it('announces expiry with the expired text', () => {
    render(<Countdown {...base} secondsLeft={0} status="expired" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cart expired');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
