import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { messages } from '#domain/messages.ts';
import type { BranchFinderRef } from '#src/screens/branch-modal/use-branch-finder.ts';

/** A stand-in for the branch finder: it keeps what is typed and counts the searches. */
function finderStandIn() {
  const machine = setup({
    types: { context: {} as { query: string; places: never[]; submitted: number }, events: {} as { type: 'place.typed'; text: string } | { type: 'place.submitted' } },
  }).createMachine({
    context: { query: '', places: [], submitted: 0 },
    on: {
      'place.typed': { actions: assign({ query: ({ event }) => event.text }) },
      'place.submitted': { actions: assign({ submitted: ({ context }) => context.submitted + 1 }) },
    },
  });
  const actor = createActor(machine).start();
  // The search reads only the query, the places and the suggesting tag, and sends these two events.
  return { actor, finder: actor as unknown as BranchFinderRef };
}

// A fresh copy of the module: the combobox's code not fetched yet, as on a page just drawn.
async function freshModule() {
  vi.resetModules();
  return import('./page-place-search.tsx');
}

describe("the branch finder page's place search before its combobox arrives (decision 065)", () => {
  it("is a plain search form of the same words: what is typed is the finder's query, and Search searches", async () => {
    // The browser never idle and the box never gone to: the combobox is not fetched.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { PagePlaceSearch } = await freshModule();
      const { actor, finder } = finderStandIn();
      render(<PagePlaceSearch finder={finder} />);
      const box = screen.getByRole('textbox', { name: messages.placeSearchLabel });
      expect(box).toHaveAttribute('placeholder', messages.placeSearchPlaceholder);
      expect(screen.getByRole('search')).toContainElement(box);
      fireEvent.change(box, { target: { value: 'Leeds' } });
      expect(actor.getSnapshot().context.query).toBe('Leeds');
      expect(box).toHaveValue('Leeds');
      fireEvent.click(screen.getByRole('button', { name: messages.placeSearchSubmit }));
      expect(actor.getSnapshot().context.submitted).toBe(1);
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives way to the combobox with the text typed so far and the focus', async () => {
    const { PagePlaceSearch, loadPagePlaceSearch } = await freshModule();
    const { finder } = finderStandIn();
    render(<PagePlaceSearch finder={finder} />);
    // Going to the box fetches the combobox; the keys go wherever the focus is as it arrives.
    await userEvent.click(screen.getByRole('textbox', { name: messages.placeSearchLabel }));
    await userEvent.keyboard('Man');
    const combobox = await screen.findByRole('combobox', { name: messages.placeSearchLabel });
    expect(combobox).toHaveValue('Man');
    expect(combobox).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: messages.placeSearchLabel })).not.toBeInTheDocument();
    // Drawn again once the code is here, the page shows the combobox at once.
    await act(() => loadPagePlaceSearch());
    render(<PagePlaceSearch finder={finderStandIn().finder} />);
    expect(screen.getAllByRole('combobox', { name: messages.placeSearchLabel })).toHaveLength(2);
  });
});
