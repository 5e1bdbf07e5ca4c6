import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepBar } from './step-bar.tsx';

const steps = [
  { id: 'review', label: 'Review' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'details', label: 'Details' },
  { id: 'payment', label: 'Payment' },
  { id: 'confirmation', label: 'Confirmation' },
];

describe('StepBar', () => {
  it('marks exactly one step as current', () => {
    render(<StepBar steps={steps} currentId="details" label="Checkout progress" />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const current = items.filter((li) => li.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Details');
    expect(items.map((li) => li.dataset.state)).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(screen.getByRole('navigation', { name: 'Checkout progress' })).toBeInTheDocument();
  });

  it('names each completed step with "completed" in words, not a tick glyph (WCAG 1.3.1)', () => {
    render(<StepBar steps={steps} currentId="details" label="Checkout progress" completedLabel="completed" />);
    const [review, delivery, details, payment] = screen.getAllByRole('listitem');
    expect(review).toHaveTextContent(/^Review\W*completed\W*$/);
    expect(delivery).toHaveTextContent(/^Delivery\W*completed\W*$/);
    expect(details).not.toHaveTextContent('completed');
    expect(payment).not.toHaveTextContent('completed');
  });
});
