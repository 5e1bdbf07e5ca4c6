/**
 * Every branch details story renders its state: the texts it names show once its read has
 * answered (or, for loading, while it never does).
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

interface StoryModule {
  default: { render?: (args: unknown, context: { loaded: Record<string, unknown> }) => ReactElement; args?: unknown };
  [name: string]: unknown;
}
interface StoryLike {
  loaders?: (() => Promise<Record<string, unknown>>)[];
  parameters?: { shows?: string[] };
  args?: unknown;
}

const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, story]) => name !== 'default' && typeof story === 'object' && story !== null && 'loaders' in story)
    .map(([name, story]) => [`${file.slice(2)} ${name}`, module, story as StoryLike] as const),
);

afterEach(() => cleanup());

describe('branch details stories', () => {
  it('has a story for each state of the page', () => {
    expect(cases.map(([name]) => name.split(' ')[1])).toEqual(
      expect.arrayContaining(['Loading', 'Branch', 'ClosedThisWeek', 'NotFound', 'LoadFailed']),
    );
  });

  it.each(cases)('%s renders its state', async (_name, module, story) => {
    const loaded = Object.assign({}, ...(await Promise.all((story.loaders ?? []).map((load) => load())))) as Record<string, unknown>;
    const element = module.default.render?.({ ...(module.default.args as object), ...(story.args as object) }, { loaded });
    expect(element).toBeTruthy();
    render(<MemoryRouter>{element}</MemoryRouter>);
    for (const text of story.parameters?.shows ?? []) expect((await screen.findAllByText(text, { exact: false })).length).toBeGreaterThan(0);
    // A page heading once read, the spinner's status while loading.
    expect(screen.queryAllByRole('heading', { level: 1 }).length + screen.queryAllByRole('status').length).toBeGreaterThan(0);
  });
});
