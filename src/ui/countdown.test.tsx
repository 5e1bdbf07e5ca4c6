import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countdownView } from '#domain/countdown.ts';
import { Countdown } from './countdown.tsx';

const at = (seconds: number) => countdownView(seconds * 1000);

describe('Countdown', () => {
  it('shows mm:ss as a named timer', () => {
    render(<Countdown view={at(1125)} label="Time left" />);
    const timer = screen.getByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent('18:45');
    expect(timer).toHaveAttribute('data-status', 'running');
  });

  it('is expiring under 300 s and shakes at the full minute', () => {
    render(<Countdown view={at(240)} label="Time left" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('data-status', 'expiring');
    expect(timer.className).toMatch(/expiring/);
    expect(timer.firstElementChild?.className).toMatch(/shake/);
  });

  it('does not shake between full minutes', () => {
    render(<Countdown view={at(239)} label="Time left" />);
    expect(screen.getByRole('timer').firstElementChild?.className).not.toMatch(/shake/);
  });

  it('announces expiry with Cart expired', () => {
    render(<Countdown view={at(0)} label="Time left" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cart expired');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
