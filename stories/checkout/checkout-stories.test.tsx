/**
 * Every checkout story that builds a checkout actor really reaches the states it names, and its
 * screen renders there without an error.
 */
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';

interface StoryModule {
  default: { render?: (args: unknown, context: { loaded: Record<string, unknown> }) => ReactElement; args?: unknown };
  [name: string]: unknown;
}
interface StoryLike {
  loaders?: (() => Promise<Record<string, unknown>>)[];
  parameters?: { machineStates?: string[] };
  args?: unknown;
}

const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, story]) => name !== 'default' && typeof story === 'object' && story !== null && 'loaders' in story)
    .map(([name, story]) => [`${file.slice(2)} ${name}`, module, story as StoryLike] as const),
);

function activeStateIds(actor: AnyActorRef): string[] {
  const snapshot = actor.getSnapshot() as { _nodes: { id: string }[] };
  return snapshot._nodes.map((node) => node.id);
}

describe('checkout stories', () => {
  it('has stories that build actors', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)('%s reaches its states and renders', async (_name, module, story) => {
    const loaded = Object.assign({}, ...(await Promise.all((story.loaders ?? []).map((load) => load())))) as Record<string, unknown>;
    const checkout = loaded.checkout as AnyActorRef | undefined;
    const named = (story.parameters?.machineStates ?? []).filter((id) => id.startsWith('checkout.'));
    if (checkout) expect(activeStateIds(checkout)).toEqual(expect.arrayContaining(named));
    const element = module.default.render?.({ ...(module.default.args as object), ...(story.args as object) }, { loaded });
    expect(element).toBeTruthy();
    render(<MemoryRouter>{element}</MemoryRouter>);
    expect(await screen.findAllByRole('heading', { level: 1, hidden: true })).not.toHaveLength(0);
    for (const value of Object.values(loaded)) (value as Partial<AnyActorRef>).stop?.();
  });
});
