/**
 * Every shop front story (calculator, branch modal, header cart, branch finder, chart) that builds
 * actors really reaches the states it names, and its screen renders there.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { activeStateIds, loadStory, storyCases, type StoryModule } from './support/story-cases.ts';

const modules = import.meta.glob<StoryModule>(
  ['./calculator/*.stories.tsx', './branch-modal/*.stories.tsx', './header-cart/*.stories.tsx', './branch-finder/*.stories.tsx', './chart/*.stories.tsx'],
  { eager: true },
);

const cases = storyCases(modules);

// jsdom has no layout for the chart to measure.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

afterEach(() => cleanup());

describe('shop front stories', () => {
  it('has stories that build actors', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('%s reaches its states and renders', async (_name, module, story) => {
    const { loaded, element } = await loadStory(module, story);
    const actors = Object.values(loaded).filter((v): v is AnyActorRef => typeof v === 'object' && v !== null && 'getSnapshot' in v);
    const active = actors.flatMap(activeStateIds);
    expect(active).toEqual(expect.arrayContaining(story.parameters?.machineStates ?? []));
    expect(element).toBeTruthy();
    const { container } = render(element!);
    expect(container.textContent).not.toBe('');
    // Modals and popovers render into the body, outside the container.
    // The branch modal's code loads when it first opens: wait for what it shows.
    for (const text of story.parameters?.shows ?? []) await waitFor(() => expect(document.body.textContent).toContain(text));
    // Children (the branch modal's finder) stop with their parent.
    for (const actor of actors) if ((actor as { _parent?: unknown })._parent === undefined) actor.stop();
  });
});
