import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChartView, type ChartViewProps } from './chart-view.tsx';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const points = [
  { time: day('2026-03-01'), value: 0.85123 },
  { time: day('2026-03-02'), value: 0.86019 },
  { time: day('2026-03-03'), value: 0.85555 },
];

function props(overrides: Partial<ChartViewProps> = {}): ChartViewProps {
  return {
    from: 'EUR',
    to: 'GBP',
    status: 'ready',
    intervals: ['1W', '1M', '1Y'],
    interval: '1M',
    onIntervalChange: vi.fn(),
    points,
    formatDate: (t) => t.toISOString().slice(0, 10),
    formatValue: (v) => v.toFixed(4),
    width: 600,
    ...overrides,
  };
}

describe('ChartView', () => {
  it('offers 1W, 1M and 1Y with the chosen one pressed', async () => {
    const p = props();
    render(<ChartView {...p} />);
    expect(screen.getByRole('heading', { name: 'EUR to GBP exchange rate' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Chart period' });
    expect(group).toHaveTextContent('1W1M1Y');
    expect(screen.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1W' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: '1Y' }));
    expect(p.onIntervalChange).toHaveBeenCalledWith('1Y');
  });

  it('draws the line and names the chart with its date range', () => {
    render(<ChartView {...props()} />);
    expect(screen.getByRole('img', { name: 'EUR to GBP rate, 2026-03-01 to 2026-03-03' })).toBeInTheDocument();
    expect(screen.getByTestId('rate-line').getAttribute('d')).toMatch(/^M/);
  });

  it('shows the date as yyyy-MM-dd and the rate to 4 decimals in the tooltip, also from the keyboard', async () => {
    render(<ChartView {...props()} />);
    const chart = screen.getByRole('img');
    fireEvent.focus(chart);
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-030.8556');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-020.8602');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-010.8512');
  });

  it('shows progress while loading and a message when the rates cannot be read', () => {
    const { rerender } = render(<ChartView {...props({ status: 'loading', points: [] })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the rate history');
    rerender(<ChartView {...props({ status: 'error', points: [] })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('says "Sample rates" beside the latest rate when the rates are sample data, and nothing when they are real', () => {
    const { rerender } = render(<ChartView {...props({ sample: true })} />);
    expect(screen.getByTestId('sample-rates')).toHaveTextContent('Sample rates');
    rerender(<ChartView {...props({ sample: false })} />);
    expect(screen.queryByText('Sample rates')).not.toBeInTheDocument();
  });
});
