/**
 * Every branch details story renders its state: the texts it names show once its read has
 * answered (or, for loading, while it never does).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '#src/app/routing.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStory, storyCases, type StoryModule } from '../support/story-cases.ts';

const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = storyCases(modules);

afterEach(() => cleanup());

describe('branch details stories', () => {
  it('has a story for each state of the page', () => {
    expect(cases.map(([name]) => name.split(' ')[1])).toEqual(
      expect.arrayContaining(['Loading', 'Branch', 'ClosedThisWeek', 'NotFound', 'LoadFailed']),
    );
  });

  it.each(cases)('%s renders its state', async (_name, module, story) => {
    const { element } = await loadStory(module, story);
    expect(element).toBeTruthy();
    render(<MemoryRouter>{element}</MemoryRouter>);
    for (const text of story.parameters?.shows ?? []) expect((await screen.findAllByText(text, { exact: false })).length).toBeGreaterThan(0);
    // A page heading once read, the spinner's status while loading.
    expect(screen.queryAllByRole('heading', { level: 1 }).length + screen.queryAllByRole('status').length).toBeGreaterThan(0);
  });
});
