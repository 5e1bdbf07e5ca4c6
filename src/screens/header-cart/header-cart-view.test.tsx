import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { countdownView } from '#domain/countdown.ts';
import { HeaderCartView, preloadHeaderCartPanel, type HeaderCartViewProps } from './header-cart-view.tsx';

// The dropdown's body is loaded when the basket is first reached for; here, before each render.
beforeAll(async () => {
  await preloadHeaderCartPanel();
});

function props(overrides: Partial<HeaderCartViewProps> = {}): HeaderCartViewProps {
  return {
    status: 'ready',
    lines: [
      { id: 'line-1', code: 'EUR', amount: '500', price: '£437.72', error: null, saving: false, canRemove: true },
      { id: 'line-2', code: 'USD', amount: '300', price: '£238.84', error: null, saving: false, canRemove: true },
    ],
    summary: '2 currencies in your cart',
    total: '£676.56',
    countdown: countdownView(1125_000),
    checkoutHref: '/checkout/view-cart',
    canCheckout: true,
    canEmpty: true,
    emptying: false,
    error: null,
    onAmountChange: vi.fn(),
    onRemove: vi.fn(),
    onEmpty: vi.fn(),
    ...overrides,
  };
}

describe('HeaderCartView', () => {
  it('is a button disclosing a dialog: focus goes in, Escape closes it and gives focus back, a press outside closes it', async () => {
    render(
      <>
        <HeaderCartView {...props()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    const basket = screen.getByRole('button', { name: 'Cart, 2 currencies in your cart' });
    expect(basket).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(basket);
    const dialog = screen.getByRole('dialog', { name: '2 currencies in your cart' });
    expect(basket).toHaveAttribute('aria-expanded', 'true');
    expect(basket).toHaveAttribute('aria-controls', dialog.id);
    expect(dialog).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Amount of EUR' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(basket).toHaveFocus();
    await userEvent.click(basket);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(basket);
    await userEvent.click(basket);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Need more time?" beside the closed basket: pressed, it stays focusable while the time is added, then focus goes back to the basket', async () => {
    const offered = { offer: 'Add 30 minutes', extending: false, added: null, refusal: null, usedUp: false, announcement: '' };
    const onMoreTime = vi.fn();
    const view = render(<HeaderCartView {...props({ moreTime: offered, onMoreTime })} />);
    const shortcut = screen.getByRole('button', { name: 'Need more time?' });
    await userEvent.click(shortcut);
    expect(onMoreTime).toHaveBeenCalledTimes(1);
    view.rerender(<HeaderCartView {...props({ moreTime: { ...offered, extending: true }, onMoreTime })} />);
    expect(document.activeElement).not.toBe(document.body);
    view.rerender(<HeaderCartView {...props({ moreTime: { ...offered, offer: null, added: "We've added 30 minutes.", usedUp: true }, onMoreTime })} />);
    expect(screen.queryByRole('button', { name: 'Need more time?' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Cart, / })).toHaveFocus();
  });

  it('shows the line count on the basket and opens the dropdown', async () => {
    render(<HeaderCartView {...props()} />);
    const basket = screen.getByRole('button', { name: 'Cart, 2 currencies in your cart' });
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('2');
    await userEvent.click(basket);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('timer', { name: 'Time left to check out' })).toHaveTextContent('18:45');
    expect(within(dialog).getAllByTestId('header-cart-line')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Amount of EUR' })).toHaveValue('500');
    expect(within(dialog).getByText('£437.72')).toBeInTheDocument();
    expect(within(dialog).getByText('£676.56')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Review & checkout' })).toHaveAttribute('href', '/checkout/view-cart');
    expect(within(dialog).getByRole('button', { name: 'Empty cart' })).toBeEnabled();
  });

  it('reports amount edits, removals and emptying', async () => {
    const p = props();
    render(<HeaderCartView {...p} defaultOpen />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount of USD' }), '5');
    expect(p.onAmountChange).toHaveBeenLastCalledWith('line-2', '3005');
    await userEvent.click(screen.getByRole('button', { name: 'Remove EUR' }));
    expect(p.onRemove).toHaveBeenCalledWith('line-1');
    await userEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    expect(p.onEmpty).toHaveBeenCalled();
  });

  it("says 'No currency in your cart' when empty", async () => {
    render(<HeaderCartView {...props({ status: 'empty', lines: [] })} />);
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('0');
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 0 currencies in your cart' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('No currency in your cart');
  });

  it('puts focus back in a line whose amount is not above 0', () => {
    render(
      <HeaderCartView
        {...props({
          lines: [{ id: 'line-1', code: 'EUR', amount: '0', price: '£437.72', error: 'Amount should be greater than 0', saving: false, canRemove: true }],
        })}
        defaultOpen
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Amount of EUR' });
    expect(input).toHaveFocus();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Amount should be greater than 0');
  });

  it('shows Cart expired and blocks checkout when the countdown runs out', () => {
    render(<HeaderCartView {...props({ countdown: countdownView(0), canCheckout: false })} defaultOpen />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cart expired');
    expect(screen.getByRole('link', { name: 'Review & checkout' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Review & checkout' })).not.toHaveAttribute('href');
  });

  it("stays in the app on a plain click of 'Review & checkout', and leaves a new-tab click to the browser", () => {
    const onCheckout = vi.fn();
    render(<HeaderCartView {...props({ onCheckout })} defaultOpen />);
    const link = screen.getByRole('link', { name: 'Review & checkout' });
    // What the browser would be left to do, read after the view's handler (jsdom cannot navigate).
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([false, true]);
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });

  it("shows the fetch failure in the spec's words", () => {
    render(<HeaderCartView {...props({ status: 'error', lines: [], error: "We couldn't get your cart" })} defaultOpen />);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't get your cart");
  });

  it('shows progress while loading', () => {
    render(<HeaderCartView {...props({ status: 'loading', lines: [] })} defaultOpen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart');
  });
});
