/**
 * Every view-cart story, 'Add new currency' among them, really reaches the states it names, and
 * its screen shows there what the story says it shows.
 */
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from '#src/app/routing.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { activeStateIds, loadStory, storyCases, type StoryModule } from '../support/story-cases.ts';

const modules = import.meta.glob<StoryModule>(['./view-cart.stories.tsx'], { eager: true });
const cases = storyCases(modules);

afterEach(() => cleanup());

describe('view-cart stories', () => {
  it("has a story for each state of 'Add new currency'", () => {
    expect(cases.filter(([name]) => name.includes(' NewLine')).length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases)('%s reaches its states and renders', async (_name, module, story) => {
    const { loaded, element } = await loadStory(module, story);
    const actors = Object.values(loaded).filter((v): v is AnyActorRef => typeof v === 'object' && v !== null && 'getSnapshot' in v);
    const active = actors.flatMap(activeStateIds);
    // The file's review state comes from the checkout actor; each story names its own on top.
    expect(active).toEqual(expect.arrayContaining(story.parameters?.machineStates ?? []));
    expect(element).toBeTruthy();
    render(<MemoryRouter>{element}</MemoryRouter>);
    for (const text of story.parameters?.shows ?? []) expect(document.body.textContent).toContain(text);
    for (const actor of actors) actor.stop();
  });
});
