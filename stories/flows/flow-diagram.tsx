/**
 * A machine's statechart as committed in docs/flows/ (drawn from the machine by `npm run flows`,
 * kept in sync by scripts/flows.test.ts), with the states an actor is in highlighted.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { activeStateIds } from '#flows/flow-graph.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';

const SVGS = import.meta.glob<string>('../../docs/flows/*.svg', { query: '?raw', import: 'default', eager: true });

export function flowSvgOf(name: string): string | null {
  return SVGS[`../../docs/flows/${name}.svg`] ?? null;
}

/** The table's entry for a running machine: stories provide their own actors, so match by id. */
export function flowMachineOf(logic: unknown): { name: string; machine: AnyStateMachine } | null {
  const id = (logic as { id?: unknown } | null)?.id;
  return FLOW_MACHINES.find((entry) => entry.machine.id === id) ?? null;
}

export interface FlowDiagramProps {
  name: string;
  /** State node ids to highlight. */
  active?: readonly string[];
  /** Fit the panel's width (a story's side panel) or draw at full size (a Flows page). */
  fit?: boolean;
}

export function FlowDiagram({ name, active = [], fit = false }: FlowDiagramProps) {
  const host = useRef<HTMLDivElement>(null);
  const svg = flowSvgOf(name);
  const activeKey = active.join('\n');
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const ids = new Set(activeKey.split('\n'));
    root.querySelectorAll<SVGGElement>('[data-state-id]').forEach((group) => {
      group.classList.toggle('flow-active', ids.has(group.dataset.stateId ?? ''));
    });
  }, [activeKey, svg]);
  if (!svg) return <p>No diagram for {name}: run `npm run flows`.</p>;
  return (
    <div
      ref={host}
      className={fit ? 'flow-fit' : undefined}
      style={fit ? { width: '100%' } : { overflow: 'auto' }}
      // The SVG is our own generated file, never user input.
      dangerouslySetInnerHTML={{ __html: fit ? svg.replace(/^<svg ([^>]*?)width="[^"]*" height="[^"]*"/, '<svg $1width="100%"') : svg }}
    />
  );
}

/** The chart of a running actor, following its snapshot. */
export function LiveFlow({ actor, name }: { actor: AnyActor; name: string }) {
  const machine = flowMachineOf(actor.logic)?.machine;
  const value = useSelector(actor, (snapshot: { value?: unknown }) => snapshot.value);
  const active = machine ? activeStateIds(machine, value) : [];
  const [full, setFull] = useState(false);
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <figcaption style={{ display: 'flex', gap: 8, alignItems: 'center', font: '600 13px system-ui, sans-serif', marginBottom: 4 }}>
        <span>{name}</span>
        <span style={{ fontWeight: 400, color: '#5b6b7f' }}>{active.slice(1).join(', ')}</span>
        <button type="button" onClick={() => setFull((v) => !v)} style={{ marginLeft: 'auto', font: 'inherit', fontWeight: 400 }}>
          {full ? 'Fit' : 'Actual size'}
        </button>
      </figcaption>
      <FlowDiagram name={name} active={active} fit={!full} />
    </figure>
  );
}
