import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
import { MoreTime } from './more-time.tsx';

const offered: MoreTimeView = { offer: 'Add 30 minutes', extending: false, added: null, refusal: null, usedUp: false, announcement: '' };

describe('MoreTime', () => {
  it('keeps the focus after "Add 30 minutes" has done its work and gone: on what came of it (WCAG 2.4.3)', async () => {
    const onExtend = vi.fn();
    const { rerender } = render(<MoreTime view={offered} onExtend={onExtend} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add 30 minutes' }));
    expect(onExtend).toHaveBeenCalledOnce();
    rerender(<MoreTime view={{ ...offered, extending: true }} onExtend={onExtend} />);
    const added = "We've added 30 minutes. Your cart is now held until 14:32.";
    rerender(<MoreTime view={{ ...offered, offer: null, added }} onExtend={onExtend} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement).toHaveTextContent(added);
  });

  it('leaves the focus where it is when the offer goes without being pressed', async () => {
    const { rerender } = render(
      <>
        <input aria-label="elsewhere" />
        <MoreTime view={offered} onExtend={() => undefined} />
      </>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'elsewhere' }));
    rerender(
      <>
        <input aria-label="elsewhere" />
        <MoreTime view={{ ...offered, offer: null, usedUp: true }} onExtend={() => undefined} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'elsewhere' })).toHaveFocus();
  });
});
