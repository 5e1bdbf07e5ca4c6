/**
 * Every checkout story that builds a checkout actor really reaches the states it names, and its
 * screen renders there without an error.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '#src/app/routing.tsx';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { activeStateIds, loadStory, storyCases, type StoryModule } from '../support/story-cases.ts';

const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = storyCases(modules);

describe('checkout stories', () => {
  it('has stories that build actors', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)('%s reaches its states and renders', async (_name, module, story) => {
    const { loaded, element } = await loadStory(module, story);
    const checkout = loaded.checkout as AnyActorRef | undefined;
    const named = (story.parameters?.machineStates ?? []).filter((id) => id.startsWith('checkout.'));
    if (checkout) expect(activeStateIds(checkout)).toEqual(expect.arrayContaining(named));
    expect(element).toBeTruthy();
    render(<MemoryRouter>{element}</MemoryRouter>);
    expect(await screen.findAllByRole('heading', { level: 1, hidden: true })).not.toHaveLength(0);
    for (const value of Object.values(loaded)) (value as Partial<AnyActorRef>).stop?.();
  });
});
