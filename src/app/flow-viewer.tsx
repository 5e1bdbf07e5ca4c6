/**
 * A statechart to read: the one drawing of flows/ (ELK, plain SVG) with pan and zoom (the wheel,
 * a drag, the arrow keys, − / + / Fit), compound states drawn closed below the first level and
 * opened on a click, and a click on an open compound state showing it as its own sub-chart (the
 * path back above it). The first view shows the chart's top-level states with no label under
 * 12 CSS px. Used by Storybook's Flows pages, the charts beside the screen stories and the local
 * flows panel; loaded with the panel's chunk, never with the shop's first load.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { FlowGraphOptions } from '#flows/flow-graph.ts';
import { drawFlow } from './flow-drawing.ts';
import styles from './flow-viewer.module.css';

/** Draws a view of a machine's chart as SVG text whose state groups carry `data-state-id`. */
export type DrawFlowView = (machine: AnyStateMachine, options: FlowGraphOptions) => Promise<string>;

/** The smallest text of a drawing is 11 px: at this scale it reads as 12 CSS px. */
export const READABLE_SCALE = 12 / 11;
const MAX_FIRST_SCALE = 1.5;
const MIN_SCALE = 0.1;
const MAX_SCALE = 6;
const STEP = 1.25;
const MARGIN = 8;

interface View {
  x: number;
  y: number;
  k: number;
}

export interface FlowViewerProps {
  machine: AnyStateMachine;
  /** State node ids to mark (an actor's or a simulation's current states, with their ancestors). */
  active?: readonly string[];
  /** The viewport's height (CSS). */
  height?: number | string;
  draw?: DrawFlowView;
}

const sizeOf = (svg: string) => {
  const match = /<svg [^>]*?width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  return { w: Number(match?.[1] ?? 0), h: Number(match?.[2] ?? 0) };
};

const clamp = (k: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));

/** Fit the chart in the box, but never below the readable scale: then its top-left corner shows. */
export function firstView(box: { w: number; h: number }, chart: { w: number; h: number }): View {
  if (chart.w === 0 || chart.h === 0 || box.w === 0 || box.h === 0) return { x: MARGIN, y: MARGIN, k: READABLE_SCALE };
  const fit = Math.min((box.w - 2 * MARGIN) / chart.w, (box.h - 2 * MARGIN) / chart.h);
  const k = Math.min(MAX_FIRST_SCALE, Math.max(READABLE_SCALE, fit));
  const x = chart.w * k <= box.w ? (box.w - chart.w * k) / 2 : MARGIN;
  const y = chart.h * k <= box.h ? (box.h - chart.h * k) / 2 : MARGIN;
  return { x, y, k };
}

function fitView(box: { w: number; h: number }, chart: { w: number; h: number }): View {
  if (chart.w === 0 || chart.h === 0 || box.w === 0 || box.h === 0) return { x: MARGIN, y: MARGIN, k: 1 };
  const k = Math.min(MAX_FIRST_SCALE, clamp(Math.min((box.w - 2 * MARGIN) / chart.w, (box.h - 2 * MARGIN) / chart.h)));
  return { x: (box.w - chart.w * k) / 2, y: (box.h - chart.h * k) / 2, k };
}

/** The sub-chart's way back: the machine, then each state above the one shown. */
function trail(machine: AnyStateMachine, root: string | undefined): { id: string | undefined; name: string }[] {
  if (root === undefined) return [{ id: undefined, name: machine.id }];
  const out: { id: string | undefined; name: string }[] = [];
  for (let node = machine.getStateNodeById(root); node.parent; node = node.parent) out.unshift({ id: node.id, name: node.key });
  return [{ id: undefined, name: machine.id }, ...out];
}

export function FlowViewer({ machine, active = [], height = 420, draw = drawFlow }: FlowViewerProps) {
  const [root, setRoot] = useState<string | undefined>(undefined);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [drawn, setDrawn] = useState<{ key: string; svg: string } | null>(null);
  const [view, setView] = useState<View | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; startX: number; startY: number; moved: boolean } | null>(null);
  const shownFor = useRef<string | null>(null);
  const key = `${machine.id}\n${root ?? ''}\n${[...expanded].sort().join(' ')}`;

  useEffect(() => {
    let current = true;
    draw(machine, { root, expanded }).then(
      (svg) => current && setDrawn({ key, svg }),
      () => current && setDrawn(null),
    );
    return () => {
      current = false;
    };
  }, [machine, root, expanded, draw, key]);

  const svg = drawn?.key === key ? drawn.svg : (drawn?.svg ?? null);
  const chart = useMemo(() => (svg === null ? { w: 0, h: 0 } : sizeOf(svg)), [svg]);
  const boxSize = () => ({ w: box.current?.clientWidth ?? 0, h: box.current?.clientHeight ?? 0 });

  // A new chart or sub-chart opens on its first view; opening a state keeps the reader's place.
  const chartFor = `${machine.id}\n${root ?? ''}`;
  useLayoutEffect(() => {
    if (svg === null || shownFor.current === chartFor) return;
    shownFor.current = chartFor;
    setView(firstView(boxSize(), chart));
  }, [svg, chart, chartFor]);

  const activeKey = active.join('\n');
  useEffect(() => {
    const drawing = canvas.current;
    if (!drawing || svg === null) return;
    const ids = new Set(activeKey.split('\n'));
    // Its states are buttons here: the drawing is a group of controls, not one picture.
    drawing.querySelector('svg')?.setAttribute('role', 'group');
    for (const group of drawing.querySelectorAll<SVGGElement>('[data-state-id]')) {
      group.classList.toggle('flow-active', ids.has(group.dataset.stateId ?? ''));
      // A closed state opens, an open one (not the chart's own root) shows alone: buttons named by
      // their <title> (the state id), expanded or not.
      const id = group.dataset.stateId ?? '';
      const closed = group.classList.contains('flow-collapsed');
      const opens = closed || ((group.classList.contains('flow-compound') || group.classList.contains('flow-parallel')) && id !== (root ?? machine.root.id));
      if (opens) {
        group.setAttribute('tabindex', '0');
        group.setAttribute('role', 'button');
        group.setAttribute('aria-expanded', String(!closed));
      } else {
        for (const name of ['tabindex', 'role', 'aria-expanded']) group.removeAttribute(name);
      }
    }
  }, [svg, activeKey, root, machine]);

  const zoomAt = useCallback((factor: number, at?: { x: number; y: number }) => {
    setView((v) => {
      if (v === null) return v;
      const size = boxSize();
      const point = at ?? { x: size.w / 2, y: size.h / 2 };
      const k = clamp(v.k * factor);
      const ratio = k / v.k;
      return { k, x: point.x - (point.x - v.x) * ratio, y: point.y - (point.y - v.y) * ratio };
    });
  }, []);

  // The wheel zooms where it points (a listener of our own: React's wheel listener cannot stop the page scrolling).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomAt(Math.exp(-event.deltaY * 0.0015), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  /** A closed state opens; an open compound or parallel state is shown alone, as its own sub-chart. */
  const activate = (group: Element) => {
    const stateId = group.getAttribute('data-state-id') ?? '';
    if (group.classList.contains('flow-collapsed')) {
      setExpanded((before) => new Set([...before, stateId]));
    } else if ((group.classList.contains('flow-compound') || group.classList.contains('flow-parallel')) && stateId !== root && stateId !== machine.root.id) {
      setRoot(stateId);
      setExpanded(new Set());
    }
  };

  // A drag follows the pointer through the window until it is let go, wherever the pointer goes.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const start = { x: event.clientX, y: event.clientY, startX: view?.x ?? 0, startY: view?.y ?? 0, moved: false };
    drag.current = start;
    const onMove = (move: globalThis.PointerEvent) => {
      const dx = move.clientX - start.x;
      const dy = move.clientY - start.y;
      if (!start.moved && Math.hypot(dx, dy) < 4) return;
      start.moved = true;
      setView((v) => (v === null ? v : { ...v, x: start.startX + dx, y: start.startY + dy }));
    };
    const onEnd = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    if (start?.moved) return;
    const group = (event.target as Element).closest?.('[data-state-id]');
    if (group) activate(group);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const group = (event.target as Element).closest?.('[data-state-id][role="button"]');
    if (group && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      activate(group);
      return;
    }
    const pan: Record<string, [number, number]> = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
    const by = pan[event.key];
    if (by) {
      event.preventDefault();
      setView((v) => (v === null ? v : { ...v, x: v.x + by[0], y: v.y + by[1] }));
    } else if (event.key === '+' || event.key === '=') zoomAt(STEP);
    else if (event.key === '-') zoomAt(1 / STEP);
  };

  const path = trail(machine, root);
  const transform = view === null ? undefined : `translate(${view.x}px, ${view.y}px) scale(${view.k})`;
  return (
    <div className={styles.viewer}>
      <div className={styles.toolbar}>
        <nav aria-label={`Where in the ${machine.id} chart`} className={styles.trail}>
          {path.map((step, index) =>
            index === path.length - 1 ? (
              <span key={step.id ?? ''} aria-current="location">
                {step.name}
              </span>
            ) : (
              <span key={step.id ?? ''}>
                <button type="button" className={styles.link} onClick={() => (setRoot(step.id), setExpanded(new Set()))}>
                  {step.name}
                </button>
                {' › '}
              </span>
            ),
          )}
        </nav>
        <span className={styles.zoom} aria-live="polite" data-zoom={view?.k.toFixed(3) ?? ''}>
          {view === null ? '' : `${Math.round(view.k * 100)}%`}
        </span>
        <button type="button" aria-label="Zoom out" onClick={() => zoomAt(1 / STEP)}>
          −
        </button>
        <button type="button" aria-label="Zoom in" onClick={() => zoomAt(STEP)}>
          +
        </button>
        <button type="button" onClick={() => setView(fitView(boxSize(), chart))}>
          Fit
        </button>
        <button type="button" disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
          Close all
        </button>
      </div>
      {/* The surface itself is the control: drag, wheel and keys move and zoom it (no native element does). */}
      {/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
      <div
        ref={box}
        className={styles.viewport}
        style={{ height }}
        role="application"
        aria-roledescription="chart viewer"
        aria-label={`Statechart of the ${machine.id} machine: drag to move, wheel or + and − to zoom, click a closed state to open it`}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onDragStart={(event) => event.preventDefault()}
        onKeyDown={onKeyDown}
      >
        {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
        {svg === null ? (
          <p className={styles.muted}>Drawing {machine.id}…</p>
        ) : (
          // Drawn from the machine's own definition by the shop's code, never from input.
          <div ref={canvas} className={styles.canvas} style={{ transform }} dangerouslySetInnerHTML={{ __html: svg }} />
        )}
      </div>
    </div>
  );
}
