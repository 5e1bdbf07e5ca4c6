import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutPage } from './checkout-page.tsx';

describe('CheckoutPage', () => {
  it("moves focus to a new step's heading when the previous page took focus with it", () => {
    render(
      <CheckoutPage header={null} title="Choose your delivery date">
        <p>content</p>
      </CheckoutPage>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('leaves focus alone when something on the page already has it', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    render(
      <CheckoutPage header={null} title="Payment">
        <p>content</p>
      </CheckoutPage>,
    );
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it("pops up a problem's title and detail, and says the cart is cleared", () => {
    render(
      <CheckoutPage header={null} title="Payment" problem={{ title: 'Payment unavailable', detail: 'Try again later.' }} cartCleared>
        <p>content</p>
      </CheckoutPage>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Payment unavailable' })).toHaveTextContent('Try again later.');
    expect(screen.getByText("We've cleared your cart")).toBeInTheDocument();
  });
});
