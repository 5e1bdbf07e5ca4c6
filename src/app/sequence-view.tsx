/**
 * The events between the running actors as a sequence diagram: a lifeline per actor (and one for
 * the page, where events from outside the system come from), one arrow per event from its sender
 * to its receiver, the newest at the bottom; filtered to the events one actor sent or received.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { LiveActor, LiveEvent } from './live-flows.ts';
import styles from './live-flows-panel.module.css';

const COLUMN = 132;
const HEAD = 28;
const ROW = 26;
const PAGE = 'page';

/** A lifeline's name: its system id, else its id within its parent. */
export const actorName = (actor: LiveActor) => actor.systemId ?? actor.name;

export interface SequenceMessage {
  seq: number;
  type: string;
  from: string;
  to: string;
}

/**
 * The lifelines (in the order of `order`, the page first) and the messages between them, oldest
 * first; with `only`, the events that actor sent or received.
 */
export function sequenceOf(events: readonly LiveEvent[], order: readonly LiveActor[], only: string | null): { lifelines: string[]; messages: SequenceMessage[] } {
  const kept = only === null ? events : events.filter((event) => event.sourceId === only || event.targetId === only);
  const used = new Set<string>();
  for (const event of kept) {
    used.add(event.sourceId ?? PAGE);
    used.add(event.targetId);
  }
  const lifelineIds = [...(used.has(PAGE) ? [PAGE] : []), ...order.map((actor) => actor.sessionId).filter((id) => used.has(id))];
  // An event of an actor already gone from the list still gets a line.
  for (const id of used) if (!lifelineIds.includes(id)) lifelineIds.push(id);
  return {
    lifelines: lifelineIds,
    messages: kept.map((event) => ({ seq: event.seq, type: event.type, from: event.sourceId ?? PAGE, to: event.targetId })),
  };
}

export function SequenceView({ events, actors }: { events: readonly LiveEvent[]; actors: readonly LiveActor[] }) {
  const [only, setOnly] = useState<string | null>(null);
  const selectId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const { lifelines, messages } = sequenceOf(events, actors, only);
  const names = new Map(actors.map((actor) => [actor.sessionId, actorName(actor)]));
  const nameOf = (id: string) => (id === PAGE ? PAGE : (names.get(id) ?? '?'));
  const x = (id: string) => lifelines.indexOf(id) * COLUMN + COLUMN / 2;
  const width = Math.max(lifelines.length, 1) * COLUMN;
  const height = HEAD + messages.length * ROW + 12;
  const newest = messages.at(-1)?.seq ?? -1;

  // The newest event is at the bottom: keep it in sight as events arrive.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    <div>
      <div className={styles.filter}>
        <label htmlFor={selectId}>Actor</label>{' '}
        <select id={selectId} value={only ?? ''} onChange={(event) => setOnly(event.target.value === '' ? null : event.target.value)}>
          <option value="">All actors</option>
          {actors.map((actor) => (
            <option key={actor.sessionId} value={actor.sessionId}>
              {actorName(actor)}
            </option>
          ))}
        </select>
      </div>
      {/* A region that scrolls must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={scroller} className={styles.sequence} role="region" aria-label="Events between actors, newest at the bottom" tabIndex={0}>
        {messages.length === 0 ? (
          <p className={styles.muted}>No events yet.</p>
        ) : (
          <svg className={styles.sequenceChart} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="list" aria-label="Sequence of events">
            <defs>
              <marker id="sequence-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0 0L10 5L0 10z" fill="#3d4a5c" />
              </marker>
            </defs>
            <g aria-hidden="true">
              {lifelines.map((id) => (
                <g key={id} data-lifeline={nameOf(id)}>
                  <text x={x(id)} y={16} textAnchor="middle" className={styles.lifelineName}>
                    {nameOf(id).length > 18 ? `${nameOf(id).slice(0, 17)}…` : nameOf(id)}
                  </text>
                  <line x1={x(id)} y1={HEAD - 4} x2={x(id)} y2={height} className={styles.lifeline} />
                </g>
              ))}
            </g>
            {messages.map((message, index) => {
              const y = HEAD + (index + 1) * ROW - 6;
              const from = x(message.from);
              const to = x(message.to);
              const self = from === to;
              const label = `${nameOf(message.from)} → ${nameOf(message.to)}: ${message.type}`;
              return (
                <g key={message.seq} role="listitem" aria-label={label} data-from={nameOf(message.from)} data-to={nameOf(message.to)}>
                  <title>{label}</title>
                  {self ? (
                    <path d={`M${from} ${y - 8}h18v8h-18`} className={styles.message} markerEnd="url(#sequence-arrow)" />
                  ) : (
                    <line x1={from} y1={y} x2={to} y2={y} className={styles.message} markerEnd="url(#sequence-arrow)" />
                  )}
                  <text x={self ? from + 22 : (from + to) / 2} y={y - 4} textAnchor={self ? 'start' : 'middle'} className={styles.messageType}>
                    {message.type}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </div>
  );
}
