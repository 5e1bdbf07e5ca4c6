/**
 * The local flows view: a panel beside the shop listing its running actors (by parent), the
 * selected one's statechart with the states it is in highlighted, and the last events between
 * actors. Loaded on demand (its own chunk, with the diagram layout) only when inspection is on.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { drawFlow } from './flow-drawing.ts';
import { FlowViewer, type DrawFlowView } from './flow-viewer.tsx';
import { activeStateNodeIds, eventLogText, liveEventLog, type LiveActor, type LiveFlows, type LiveStep } from './live-flows.ts';
import styles from './live-flows-panel.module.css';
import { SequenceView } from './sequence-view.tsx';

/**
 * Draws a view of a machine's diagram as SVG text whose state groups carry `data-state-id` (the
 * node ids); the diagram's own style marks a group with the class `flow-active`.
 */
export type DrawFlow = DrawFlowView;

/** 'inCheckout.delivery.choosingSlot' for a nested state value; parallel regions joined by ' | '. */
export function stateText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => {
      const rest = stateText(inner);
      return rest === '' ? key : rest.includes(' | ') ? `${key}.(${rest})` : `${key}.${rest}`;
    })
    .join(' | ');
}

interface Row {
  actor: LiveActor;
  depth: number;
}

/** The actors as a tree: each after its parent, indented one step deeper. */
export function actorRows(actors: readonly LiveActor[]): Row[] {
  const byParent = new Map<string | null, LiveActor[]>();
  const known = new Set(actors.map((a) => a.sessionId));
  for (const actor of actors) {
    const parent = actor.parentId !== null && known.has(actor.parentId) ? actor.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), actor]);
  }
  const rows: Row[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const actor of byParent.get(parent) ?? []) {
      rows.push({ actor, depth });
      visit(actor.sessionId, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

function Diagram({ actor, draw }: { actor: LiveActor; draw: DrawFlow }) {
  const machine = actor.machine;
  const active = useMemo(() => (machine ? activeStateNodeIds(machine, actor.value) : []), [machine, actor.value]);
  if (!machine) return <p className={styles.muted}>No statechart: a promise or callback actor.</p>;
  return <FlowViewer key={actor.sessionId} machine={machine} active={active} draw={draw} height={360} />;
}

/** "Copy events": the chosen statechart's steps as an event log, copied and shown to copy by hand. */
function CopyEvents({ actor, steps }: { actor: LiveActor; steps: readonly LiveStep[] }) {
  const [copied, setCopied] = useState<{ sessionId: string; text: string } | null>(null);
  const log = liveEventLog(actor, steps);
  if (log === null) return null;
  const copy = () => {
    const text = eventLogText(log);
    setCopied({ sessionId: actor.sessionId, text });
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  };
  const name = actor.systemId ?? actor.name;
  return (
    <div className={styles.copy}>
      <button type="button" className={styles.toggle} onClick={copy}>
        Copy events
      </button>{' '}
      <span className={styles.muted}>
        {steps.length} step{steps.length === 1 ? '' : 's'} of {name}
      </span>
      {copied?.sessionId === actor.sessionId ? (
        <label className={styles.logLabel}>
          Event log of {name} (copied)
          <textarea className={styles.log} readOnly rows={6} value={copied.text} />
        </label>
      ) : null}
    </div>
  );
}

export function LiveFlowsPanel({ live, draw, initiallyOpen = false }: { live: LiveFlows; draw: DrawFlow; initiallyOpen?: boolean }) {
  const state = useSyncExternalStore(live.subscribe, live.getState);
  const [open, setOpen] = useState(initiallyOpen);
  const [selected, setSelected] = useState<string | null>(null);
  const rows = actorRows(state.actors);
  const chosen = state.actors.find((a) => a.sessionId === selected) ?? rows.find((r) => r.actor.machine !== null)?.actor ?? null;

  return (
    <div className={styles.root}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="live-flows" onClick={() => setOpen(!open)}>
        Flows ({state.actors.filter((a) => a.status === 'active').length} running)
      </button>
      {open ? (
        <aside id="live-flows" className={styles.panel} aria-label="Live flows">
          <h2 id="live-flows-actors" className={styles.heading}>
            Actors
          </h2>
          <ul className={styles.actors} aria-labelledby="live-flows-actors">
            {rows.map(({ actor, depth }) => (
              <li key={actor.sessionId} style={{ paddingInlineStart: `${depth * 12}px` }}>
                <button
                  type="button"
                  className={styles.actor}
                  aria-pressed={chosen?.sessionId === actor.sessionId}
                  onClick={() => setSelected(actor.sessionId)}
                >
                  <strong>{actor.systemId ?? actor.name}</strong> <span className={styles.state}>{stateText(actor.value)}</span>
                  {actor.status === 'active' ? null : <span className={styles.muted}> ({actor.status})</span>}
                </button>
              </li>
            ))}
          </ul>
          {chosen ? (
            <>
              <h2 className={styles.heading}>
                {chosen.systemId ?? chosen.name}: {stateText(chosen.value)}
              </h2>
              <CopyEvents actor={chosen} steps={state.steps[chosen.sessionId] ?? []} />
              <Diagram actor={chosen} draw={draw} />
            </>
          ) : null}
          <h2 className={styles.heading}>Events between actors</h2>
          <SequenceView events={state.events} actors={rows.map((row) => row.actor)} />
        </aside>
      ) : null}
    </div>
  );
}

/** Mounts the panel in its own root beside the shop's (it never re-renders the shop). */
export function mountLiveFlows(live: LiveFlows, draw: DrawFlow = drawFlow, doc: Document = document): () => void {
  const host = doc.createElement('div');
  host.setAttribute('data-live-flows', '');
  doc.body.append(host);
  const root = createRoot(host);
  root.render(<LiveFlowsPanel live={live} draw={draw} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
