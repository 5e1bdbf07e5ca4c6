/**
 * What the story tests share: the stories of a folder that load something (build actors or read
 * data), and a story's element as Storybook would render it.
 */
import type { ReactElement } from 'react';
import type { AnyActorRef } from 'xstate';

export interface StoryModule {
  default: { render?: (args: unknown, context: { loaded: Record<string, unknown> }) => ReactElement; args?: unknown };
  [name: string]: unknown;
}

export interface StoryLike {
  loaders?: (() => Promise<Record<string, unknown>>)[];
  /** machineStates: the states it reaches; shows: texts its screen must show there. */
  parameters?: { machineStates?: string[]; shows?: string[] };
  args?: unknown;
}

export type StoryCase = readonly [name: string, module: StoryModule, story: StoryLike];

/** The stories with loaders of these modules (`import.meta.glob(..., { eager: true })`), named 'file Story'. */
export function storyCases(modules: Record<string, StoryModule>): StoryCase[] {
  return Object.entries(modules).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([name, story]) => name !== 'default' && typeof story === 'object' && story !== null && 'loaders' in story)
      .map(([name, story]) => [`${file.slice(2)} ${name}`, module, story as StoryLike] as const),
  );
}

/** Runs the story's loaders, then its render with the file's and the story's args. */
export async function loadStory(module: StoryModule, story: StoryLike): Promise<{ loaded: Record<string, unknown>; element: ReactElement | undefined }> {
  const loaded = Object.assign({}, ...(await Promise.all((story.loaders ?? []).map((load) => load())))) as Record<string, unknown>;
  const element = module.default.render?.({ ...(module.default.args as object), ...(story.args as object) }, { loaded });
  return { loaded, element };
}

/** The ids of the state nodes an actor (and its children) is in. */
export function activeStateIds(actor: AnyActorRef): string[] {
  const snapshot = actor.getSnapshot() as { _nodes?: { id: string }[]; children?: Record<string, AnyActorRef | undefined> };
  const own = (snapshot._nodes ?? []).map((node) => node.id);
  const children = Object.values(snapshot.children ?? {}).flatMap((child) => (child ? activeStateIds(child) : []));
  return [...own, ...children];
}
