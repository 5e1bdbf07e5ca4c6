import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Spinner } from './spinner.tsx';
import { Toast } from './toast.tsx';
import { Notice } from './notice.tsx';
import { Skeleton } from './skeleton.tsx';
import { Card } from './card.tsx';

describe('Spinner', () => {
  it('is a status with its label', () => {
    render(<Spinner label="Loading your cart" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart');
  });
});

describe('Toast', () => {
  it('keeps a polite live region even with no message', () => {
    const { rerender } = render(<Toast message={null} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    rerender(<Toast message="You're signed in!" />);
    expect(screen.getByRole('status')).toHaveTextContent("You're signed in!");
  });

  it('offers a dismiss control when asked', async () => {
    const onDismiss = vi.fn();
    render(<Toast message="We've cleared your cart" onDismiss={onDismiss} dismissLabel="Close" />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});

describe('Notice', () => {
  it.each([
    ['error', 'alert'],
    ['warning', 'status'],
    ['info', 'status'],
  ] as const)('a live %s notice has role %s', (tone, role) => {
    render(<Notice tone={tone} title="Heads up" />);
    expect(screen.getByRole(role)).toHaveTextContent('Heads up');
  });

  it('a static notice is not announced', () => {
    render(<Notice live={false}>Monday note</Notice>);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Monday note')).toBeInTheDocument();
  });
});

describe('Skeleton', () => {
  it('draws the asked lines, hidden from assistive technology', () => {
    render(<Skeleton lines={3} />);
    const group = screen.getByTestId('skeleton');
    expect(group).toHaveAttribute('aria-hidden', 'true');
    expect(group.children).toHaveLength(3);
  });
});

describe('Card', () => {
  it('renders its title at the asked level', () => {
    render(
      <Card as="section" title="Order summary" headingLevel={3}>
        body
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Order summary' })).toBeInTheDocument();
  });
});
