/**
 * What the path tests covered, per machine, as a tester reads it: every state (reached or not),
 * every transition (taken or not), every named guard (seen answering true, false, both or
 * neither), which path covered each, and what nothing covered. `npm run test:paths` writes it as
 * HTML into reports/paths/ (path-coverage-setup.ts); the facts come from the real actors the paths
 * ran on (graph-coverage.ts), not from the plan.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { TransitionEdge } from './graph-coverage.ts';

/** What one replayed path was seen doing on its real actor. */
export interface PathObservation {
  /** Ids of the state nodes the actor was in after any microstep. */
  states: Set<string>;
  /** Each named guard to the answers it gave. */
  guards: Map<string, Set<boolean>>;
}

export function newObservation(): PathObservation {
  return { states: new Set(), guards: new Map() };
}

export interface PathRecord {
  /** 1-based, as the test names number the paths. */
  index: number;
  description: string;
  transitions: Iterable<string>;
  observation: PathObservation;
}

export interface CoverageDetails {
  name: string;
  machineId: string;
  paths: Array<{ index: number; description: string }>;
  states: Array<{ id: string; paths: number[] }>;
  transitions: Array<{ label: string; guard: string | null; paths: number[] }>;
  guards: Array<{ name: string; whenTrue: number[]; whenFalse: number[] }>;
}

/** Every state node of the machine but its root and its history pseudo-states. */
export function listStates(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') continue;
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root);
  return ids;
}

/** The guards the machine names in `setup({ guards })`. */
export function listGuards(machine: AnyStateMachine): string[] {
  return Object.keys(machine.implementations.guards ?? {}).sort();
}

export function coverageDetails(name: string, machine: AnyStateMachine, transitions: TransitionEdge[], paths: PathRecord[]): CoverageDetails {
  const by = (has: (p: PathRecord) => boolean): number[] => paths.filter(has).map((p) => p.index);
  const taken = new Map(paths.map((p) => [p.index, new Set(p.transitions)]));
  return {
    name,
    machineId: machine.id,
    paths: paths.map((p) => ({ index: p.index, description: p.description })),
    states: listStates(machine).map((id) => ({ id, paths: by((p) => p.observation.states.has(id)) })),
    transitions: transitions.map((t) => ({ label: t.label, guard: t.guard ?? null, paths: by((p) => taken.get(p.index)!.has(t.key)) })),
    guards: listGuards(machine).map((guard) => ({
      name: guard,
      whenTrue: by((p) => p.observation.guards.get(guard)?.has(true) === true),
      whenFalse: by((p) => p.observation.guards.get(guard)?.has(false) === true),
    })),
  };
}

export interface NotCovered {
  states: string[];
  transitions: string[];
  /** `isX: never false` and the like. */
  guards: string[];
}

export function notCovered(details: CoverageDetails): NotCovered {
  return {
    states: details.states.filter((s) => s.paths.length === 0).map((s) => s.id),
    transitions: details.transitions.filter((t) => t.paths.length === 0).map((t) => t.label),
    guards: details.guards.flatMap((g) => {
      if (g.whenTrue.length === 0 && g.whenFalse.length === 0) return [`${g.name}: never asked`];
      if (g.whenTrue.length === 0) return [`${g.name}: never true`];
      if (g.whenFalse.length === 0) return [`${g.name}: never false`];
      return [];
    }),
  };
}

export interface CoverageSummary {
  name: string;
  states: [covered: number, total: number];
  transitions: [covered: number, total: number];
  /** Guards seen giving both answers. */
  guards: [covered: number, total: number];
  paths: number;
}

export function summarise(details: CoverageDetails): CoverageSummary {
  const missing = notCovered(details);
  return {
    name: details.name,
    states: [details.states.length - missing.states.length, details.states.length],
    transitions: [details.transitions.length - missing.transitions.length, details.transitions.length],
    guards: [details.guards.length - missing.guards.length, details.guards.length],
    paths: details.paths.length,
  };
}

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const pathLinks = (paths: number[]): string =>
  paths.length === 0 ? '<span class="no">not covered</span>' : paths.map((n) => `<a href="#path-${n}">${n}</a>`).join(' ');

const ratio = ([covered, total]: [number, number]): string => `${covered} of ${total}`;

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem;max-width:75rem;color:#1a1a1a}
table{border-collapse:collapse;margin:0 0 1.5rem;width:100%}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f2f2f2}code{font-size:13px}.no{color:#a40000;font-weight:600}tr.miss{background:#fff1f0}ul.miss li{color:#a40000}`;

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head>\n<body>\n${body}\n</body></html>\n`;
}

/** One machine's report: the summary, what is not covered, then states, transitions, guards and paths. */
export function renderCoverageHtml(details: CoverageDetails): string {
  const s = summarise(details);
  const missing = notCovered(details);
  const list = (items: string[]): string =>
    items.length === 0 ? '<p>Everything is covered.</p>' : `<ul class="miss">${items.map((i) => `<li><code>${escape(i)}</code></li>`).join('')}</ul>`;
  const row = (cells: string[], miss: boolean): string => `<tr${miss ? ' class="miss"' : ''}>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  return page(
    `Path coverage: ${details.name}`,
    [
      `<p><a href="index.html">All machines</a></p>`,
      `<h1>Path coverage: ${escape(details.name)} <small>(machine <code>${escape(details.machineId)}</code>)</small></h1>`,
      `<p>States reached: ${ratio(s.states)}. Transitions taken: ${ratio(s.transitions)}. Guards seen both true and false: ${ratio(s.guards)}. Paths: ${s.paths}.</p>`,
      '<h2>Not covered</h2>',
      `<h3>States no path reached</h3>${list(missing.states)}`,
      `<h3>Transitions no path took</h3>${list(missing.transitions)}`,
      `<h3>Guards not seen giving both answers</h3>${list(missing.guards)}`,
      '<h2>States</h2><table><thead><tr><th>state</th><th>reached by paths</th></tr></thead><tbody>',
      ...details.states.map((st) => row([`<code>${escape(st.id)}</code>`, pathLinks(st.paths)], st.paths.length === 0)),
      '</tbody></table>',
      '<h2>Transitions</h2><table><thead><tr><th>transition</th><th>taken by paths</th></tr></thead><tbody>',
      ...details.transitions.map((t) => row([`<code>${escape(t.label)}</code>`, pathLinks(t.paths)], t.paths.length === 0)),
      '</tbody></table>',
      '<h2>Guards</h2><table><thead><tr><th>guard</th><th>true in paths</th><th>false in paths</th></tr></thead><tbody>',
      ...details.guards.map((g) =>
        row([`<code>${escape(g.name)}</code>`, pathLinks(g.whenTrue), pathLinks(g.whenFalse)], g.whenTrue.length === 0 || g.whenFalse.length === 0),
      ),
      '</tbody></table>',
      '<h2>Paths</h2><table><thead><tr><th>#</th><th>reaches, via</th></tr></thead><tbody>',
      ...details.paths.map((p) => `<tr id="path-${p.index}"><td>${p.index}</td><td><code>${escape(p.description)}</code></td></tr>`),
      '</tbody></table>',
    ].join('\n'),
  );
}

/** The index: one row per machine with its counts, linking to its report. */
export function renderIndexHtml(all: CoverageDetails[]): string {
  const rows = all
    .map(summarise)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => {
      const full = s.states[0] === s.states[1] && s.transitions[0] === s.transitions[1] && s.guards[0] === s.guards[1];
      return `<tr${full ? '' : ' class="miss"'}><td><a href="${encodeURIComponent(s.name)}.html">${escape(s.name)}</a></td><td>${ratio(s.states)}</td><td>${ratio(s.transitions)}</td><td>${ratio(s.guards)}</td><td>${s.paths}</td></tr>`;
    });
  return page(
    'Path coverage',
    [
      '<h1>Path coverage of the statecharts</h1>',
      '<p>Written by <code>npm run test:paths</code> from the real actors the generated paths ran on. A guard counts when it was seen answering both true and false.</p>',
      '<table><thead><tr><th>machine</th><th>states reached</th><th>transitions taken</th><th>guards both ways</th><th>paths</th></tr></thead><tbody>',
      ...rows,
      '</tbody></table>',
    ].join('\n'),
  );
}
