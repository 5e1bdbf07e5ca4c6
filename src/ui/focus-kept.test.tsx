import { act, render, screen } from '@testing-library/react';
import { useCallback, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFocusWhenGone } from './focus-kept.ts';

/**
 * A page with a panel the shopper was in (`open`) and the button focus returns to when it goes;
 * `drawn` false stands for the page drawing a placeholder instead of the button for a while.
 */
function Page({ open, drawn, panelKeepsFocus, drawing = 1 }: { open: boolean; drawn: boolean; panelKeepsFocus: boolean; drawing?: number }) {
  const button = useRef<HTMLButtonElement | null>(null);
  const bind = useCallback((element: HTMLButtonElement | null) => {
    button.current = element;
  }, []);
  useFocusWhenGone(!open, button);
  return (
    <>
      {drawn ? (
        // A new `drawing` draws the button anew (a new element), as a page re-priced may.
        <button key={drawing} type="button" ref={bind}>
          Change branch
        </button>
      ) : (
        <p>Loading</p>
      )}
      {open || panelKeepsFocus ? (
        <div>
          <button type="button">Confirm</button>
        </div>
      ) : null}
      <a href="#other">Other</a>
    </>
  );
}

const frames = async (count: number) => {
  for (let i = 0; i < count; i++) await act(async () => vi.advanceTimersToNextFrame());
};

describe('useFocusWhenGone', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('puts focus on the target as the panel goes', async () => {
    const view = render(<Page open drawn panelKeepsFocus={false} />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} />);
    await frames(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change branch' }));
  });

  it('waits for a target drawn again a few frames later', async () => {
    const view = render(<Page open drawn={false} panelKeepsFocus={false} />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    view.rerender(<Page open={false} drawn={false} panelKeepsFocus={false} />);
    await frames(10);
    expect(document.activeElement).toBe(document.body);
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} />);
    await frames(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change branch' }));
  });

  it('picks focus up when a panel kept on the page for its exit drops it later', async () => {
    const view = render(<Page open drawn panelKeepsFocus />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    view.rerender(<Page open={false} drawn panelKeepsFocus />);
    await frames(3);
    // Focus is still in the leaving panel: nothing is taken from it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} />);
    await frames(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change branch' }));
  });

  it('puts focus back on the target drawn anew after focus was already on it', async () => {
    const view = render(<Page open drawn panelKeepsFocus={false} />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} />);
    await frames(3);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change branch' }));
    // The page draws the button again: focus falls to the body.
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} drawing={2} />);
    expect(document.activeElement).toBe(document.body);
    await frames(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change branch' }));
  });

  it('leaves focus alone once the shopper presses a key', async () => {
    const view = render(<Page open drawn={false} panelKeepsFocus={false} />);
    screen.getByRole('button', { name: 'Confirm' }).focus();
    view.rerender(<Page open={false} drawn={false} panelKeepsFocus={false} />);
    await frames(2);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    view.rerender(<Page open={false} drawn panelKeepsFocus={false} />);
    await frames(5);
    expect(document.activeElement).toBe(document.body);
  });
});
