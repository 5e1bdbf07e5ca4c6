/**
 * Every shop front story (calculator, branch modal, header cart, branch finder, chart) that builds
 * actors really reaches the states it names, and its screen renders there.
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { activeStateIds } from './support/shop-front-story-support.tsx';

interface StoryModule {
  default: { render?: (args: unknown, context: { loaded: Record<string, unknown> }) => ReactElement; args?: unknown };
  [name: string]: unknown;
}
interface StoryLike {
  loaders?: (() => Promise<Record<string, unknown>>)[];
  /** machineStates: the states it reaches; shows: texts its screen must show there. */
  parameters?: { machineStates?: string[]; shows?: string[] };
  args?: unknown;
}

const modules = import.meta.glob<StoryModule>(
  ['./calculator/*.stories.tsx', './branch-modal/*.stories.tsx', './header-cart/*.stories.tsx', './branch-finder/*.stories.tsx', './chart/*.stories.tsx'],
  { eager: true },
);

const cases = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, story]) => name !== 'default' && typeof story === 'object' && story !== null && 'loaders' in story)
    .map(([name, story]) => [`${file.slice(2)} ${name}`, module, story as StoryLike] as const),
);

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
    const loaded = Object.assign({}, ...(await Promise.all((story.loaders ?? []).map((load) => load())))) as Record<string, unknown>;
    const actors = Object.values(loaded).filter((v): v is AnyActorRef => typeof v === 'object' && v !== null && 'getSnapshot' in v);
    const active = actors.flatMap(activeStateIds);
    expect(active).toEqual(expect.arrayContaining(story.parameters?.machineStates ?? []));
    const element = module.default.render?.({ ...(module.default.args as object), ...(story.args as object) }, { loaded });
    expect(element).toBeTruthy();
    const { container } = render(element!);
    expect(container.textContent).not.toBe('');
    // Modals and popovers render into the body, outside the container.
    for (const text of story.parameters?.shows ?? []) expect(document.body.textContent).toContain(text);
    // Children (the branch modal's finder) stop with their parent.
    for (const actor of actors) if ((actor as { _parent?: unknown })._parent === undefined) actor.stop();
  });
});
