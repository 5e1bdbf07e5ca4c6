/**
 * Storybook decorator: beside every screen story, the statechart of each actor the story loaded,
 * with the states it is in highlighted (and following it as the story is played with).
 */
import type { Decorator } from '@storybook/react-vite';
import type { AnyActor } from 'xstate';
import { LiveFlow, flowMachineOf } from './flow-diagram.tsx';

const isActor = (value: unknown): value is AnyActor =>
  typeof value === 'object' && value !== null && 'getSnapshot' in value && 'subscribe' in value && 'logic' in value;

/** The loaded actors whose machine has a diagram, once each. */
export function flowActors(loaded: Record<string, unknown> | undefined): { actor: AnyActor; name: string }[] {
  const found: { actor: AnyActor; name: string }[] = [];
  for (const value of Object.values(loaded ?? {})) {
    if (!isActor(value)) continue;
    const entry = flowMachineOf(value.logic);
    if (entry && !found.some((f) => f.actor === value)) found.push({ actor: value, name: entry.name });
  }
  return found;
}

export const withFlow: Decorator = (Story, context) => {
  const actors = context.parameters.flow === false ? [] : flowActors(context.loaded as Record<string, unknown> | undefined);
  if (actors.length === 0) return <Story />;
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 55%', minWidth: 0 }}>
        <Story />
      </div>
      <aside aria-label='Statechart' data-flow-panel='' style={{ flex: '1 1 45%', minWidth: 280, borderLeft: '1px solid #d8dee6', paddingLeft: 16 }}>
        {actors.map(({ actor, name }) => (
          <LiveFlow key={name} actor={actor} name={name} />
        ))}
      </aside>
    </div>
  );
};
