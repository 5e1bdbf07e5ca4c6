/**
 * The statechart of a story's running actor, beside the screen it drives: the flow viewer (pan,
 * zoom, states opened on a click) with the states the actor is in marked, following it as the
 * story is played with.
 */
import { useSelector } from '@xstate/react';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { activeStateIds } from '#flows/flow-graph.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';
import { FlowViewer } from '#src/app/flow-viewer.tsx';

/** The table's entry for a running machine: stories provide their own actors, so match by id. */
export function flowMachineOf(logic: unknown): { name: string; machine: AnyStateMachine } | null {
  const id = (logic as { id?: unknown } | null)?.id;
  return FLOW_MACHINES.find((entry) => entry.machine.id === id) ?? null;
}

/** The chart of a running actor, following its snapshot. */
export function LiveFlow({ actor, name }: { actor: AnyActor; name: string }) {
  const machine = flowMachineOf(actor.logic)?.machine;
  const value = useSelector(actor, (snapshot: { value?: unknown }) => snapshot.value);
  const active = machine ? activeStateIds(machine, value) : [];
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <figcaption style={{ display: 'flex', gap: 8, alignItems: 'center', font: '600 13px system-ui, sans-serif', marginBottom: 4 }}>
        <span>{name}</span>
        <span style={{ fontWeight: 400, color: '#57606a' }}>{active.slice(1).join(', ')}</span>
      </figcaption>
      {machine ? <FlowViewer machine={machine} active={active} height={380} /> : null}
    </figure>
  );
}
