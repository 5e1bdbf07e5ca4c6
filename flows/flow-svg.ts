/**
 * Lays a flow graph out with ELK (layered, hierarchy included so compound states are nested
 * boxes and edges cross their borders) and renders it as plain SVG: rounded boxes for states,
 * dashed boxes for parallel regions, a dot for each initial state, a double border for final
 * states, orthogonal edges with arrowheads and their labels.
 *
 * Deterministic: the same machine gives the same bytes (text widths are estimated from the
 * characters, not measured; numbers are rounded), so a test can compare a committed diagram.
 * Every state's group carries `data-state-id` so a page can highlight the states a story is in.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api.js';
import type { FlowGraph, FlowState } from './flow-graph.ts';

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const NAME_SIZE = 13;
const LINE_SIZE = 11;
const LINE_HEIGHT = 15;
const PAD = 10;
const INITIAL_DOT = 10;

/** A generous width per character, so labels fit whichever sans-serif the viewer has. */
const textWidth = (text: string, size: number) => Math.ceil(text.length * size * 0.6);

const round = (n: number) => Math.round(n * 10) / 10;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text lines of a state box: its name, then what it invokes, then its targetless transitions. */
function detailLines(state: FlowState): string[] {
  const closed = state.collapsed === undefined ? [] : [`+ ${state.collapsed} state${state.collapsed === 1 ? '' : 's'} inside`];
  return [...closed, ...state.invokes.map((src) => `invoke: ${src}`), ...state.internal];
}

function headerHeight(state: FlowState): number {
  const details = detailLines(state).length;
  return PAD + LINE_HEIGHT + (details ? details * LINE_HEIGHT + 4 : 0) + PAD / 2;
}

function headerWidth(state: FlowState): number {
  const widths = [textWidth(state.name, NAME_SIZE), ...detailLines(state).map((line) => textWidth(line, LINE_SIZE))];
  return Math.max(...widths) + 2 * PAD;
}

const initialId = (state: FlowState) => `${state.id}#initial`;

function toElkNode(state: FlowState, edges: ElkExtendedEdge[]): ElkNode {
  const width = Math.max(headerWidth(state), 60);
  if (state.children.length === 0) {
    return { id: state.id, width, height: Math.max(headerHeight(state) + PAD / 2, 36) };
  }
  const children = state.children.map((child) => toElkNode(child, edges));
  if (state.initial) {
    children.unshift({
      id: initialId(state),
      width: INITIAL_DOT,
      height: INITIAL_DOT,
      layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' },
    });
    edges.push({ id: `${initialId(state)}->${state.initial}`, sources: [initialId(state)], targets: [state.initial] });
  }
  return {
    id: state.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${headerHeight(state) + 6},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${headerHeight(state) + 30})`,
      // Regions of a parallel state side by side, as statecharts draw them.
      ...(state.kind === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
    },
  };
}

function edgeLabel(lines: string[]): ElkLabel {
  return {
    text: lines.join('\n'),
    width: Math.max(...lines.map((line) => textWidth(line, LINE_SIZE))) + 6,
    height: lines.length * LINE_HEIGHT + 2,
  };
}

export async function layoutFlow(graph: FlowGraph): Promise<ElkNode> {
  const edges: ElkExtendedEdge[] = [];
  const root = toElkNode(graph.root, edges);
  graph.transitions.forEach((transition, index) => {
    edges.push({
      id: `t${index}`,
      sources: [transition.source],
      targets: [transition.target],
      labels: [edgeLabel(transition.labels)],
    });
  });
  const elk = new ELK();
  return elk.layout({
    id: 'flow',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [root],
    edges,
  });
}

function collectStates(state: FlowState, into: Map<string, FlowState>) {
  into.set(state.id, state);
  state.children.forEach((child) => collectStates(child, into));
}

function renderState(node: ElkNode, state: FlowState, out: string[]) {
  const x = round(node.x ?? 0);
  const y = round(node.y ?? 0);
  const w = round(node.width ?? 0);
  const h = round(node.height ?? 0);
  const classes = ['flow-state', `flow-${state.kind}`, ...(state.region ? ['flow-region'] : []), ...(state.collapsed === undefined ? [] : ['flow-collapsed'])].join(' ');
  out.push(`<g class="${classes}" data-state-id="${escapeXml(state.id)}">`);
  out.push(`<title>${escapeXml(state.id)}</title>`);
  if (state.kind === 'history') {
    const r = round(Math.min(w, h) / 2);
    out.push(`<circle cx="${round(x + w / 2)}" cy="${round(y + h / 2)}" r="${r}"/>`);
  } else {
    out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/>`);
    if (state.kind === 'final') out.push(`<rect class="flow-final-inner" x="${x + 3}" y="${y + 3}" width="${round(w - 6)}" height="${round(h - 6)}" rx="6"/>`);
  }
  // A no-break space: SVG collapses a leading plain space in the tspan.
  const kindMark = state.kind === 'parallel' ? '\u00a0(parallel)' : state.kind === 'history' ? '\u00a0(history)' : '';
  let line = y + PAD + NAME_SIZE;
  out.push(`<text class="flow-name" x="${round(x + PAD)}" y="${round(line)}">${escapeXml(state.name)}${kindMark ? `<tspan class="flow-kind">${kindMark}</tspan>` : ''}</text>`);
  const details = detailLines(state);
  if (details.length) {
    line += 4;
    out.push(`<line class="flow-divider" x1="${x}" y1="${round(line)}" x2="${round(x + w)}" y2="${round(line)}"/>`);
    for (const detail of details) {
      line += LINE_HEIGHT;
      const cls = detail.startsWith('invoke: ') ? 'flow-invoke' : state.collapsed !== undefined && detail.endsWith(' inside') ? 'flow-inside' : 'flow-internal';
      out.push(`<text class="${cls}" x="${round(x + PAD)}" y="${round(line - 3)}">${escapeXml(detail)}</text>`);
    }
  }
  out.push('</g>');
}

function renderInitial(node: ElkNode, out: string[]) {
  const w = node.width ?? INITIAL_DOT;
  out.push(`<circle class="flow-initial" cx="${round((node.x ?? 0) + w / 2)}" cy="${round((node.y ?? 0) + w / 2)}" r="${round(w / 2)}"/>`);
}

function renderNodes(node: ElkNode, states: Map<string, FlowState>, out: string[]) {
  for (const child of node.children ?? []) {
    const state = states.get(child.id);
    if (state) renderState(child, state, out);
    else renderInitial(child, out);
    renderNodes(child, states, out);
  }
}

function collectEdges(node: ElkNode, into: ElkExtendedEdge[]) {
  into.push(...(node.edges ?? []));
  (node.children ?? []).forEach((child) => collectEdges(child, into));
}

function renderEdge(edge: ElkExtendedEdge, marker: string, out: string[]) {
  const initial = edge.id.includes('#initial->');
  out.push(`<g class="flow-transition${initial ? ' flow-initial-transition' : ''}">`);
  for (const section of edge.sections ?? []) {
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
    const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
    out.push(`<path d="${d}" marker-end="url(#${marker})"/>`);
  }
  for (const label of edge.labels ?? []) {
    const lines = (label.text ?? '').split('\n');
    const x = round(label.x ?? 0);
    const y = round(label.y ?? 0);
    out.push(`<rect class="flow-label-bg" x="${x}" y="${y}" width="${round(label.width ?? 0)}" height="${round(label.height ?? 0)}" rx="3"/>`);
    lines.forEach((text, i) => {
      out.push(`<text class="flow-label" x="${round(x + 3)}" y="${round(y + (i + 1) * LINE_HEIGHT - 3)}">${escapeXml(text)}</text>`);
    });
  }
  out.push('</g>');
}

const STYLE = [
  `.flow{font-family:${FONT};}`,
  '.flow-state>rect,.flow-state>circle{fill:#fff;stroke:#5b6b7f;stroke-width:1.5;}',
  '.flow-compound>rect,.flow-parallel>rect{fill:#f6f8fb;}',
  '.flow-region>rect{fill:#fbfcfe;stroke-dasharray:6 4;}',
  '.flow-final>rect{stroke-width:1.2;}',
  '.flow-final-inner{fill:none!important;}',
  '.flow-name{font-size:13px;font-weight:600;fill:#1b2430;}',
  '.flow-kind{font-weight:400;fill:#5b6b7f;}',
  '.flow-invoke{font-size:11px;fill:#6a3fb5;}',
  '.flow-internal{font-size:11px;fill:#3d4a5c;}',
  '.flow-divider{stroke:#c9d2de;stroke-width:1;}',
  '.flow-initial{fill:#1b2430;}',
  '.flow-transition path{fill:none;stroke:#3d4a5c;stroke-width:1.2;}',
  '.flow-label{font-size:11px;fill:#1b2430;}',
  '.flow-label-bg{fill:#fff;fill-opacity:0.85;}',
  // A page marks the states a story is in with this class (Storybook's screen stories do).
  '.flow-active>rect:first-of-type,.flow-active>circle{stroke:#c2410c;stroke-width:3;}',
  '.flow-atomic.flow-active>rect,.flow-final.flow-active>rect:first-of-type{fill:#ffedd5;}',
].join('');

export interface FlowSvgOptions {
  /** A title for assistive technology and for the file viewer. */
  title?: string;
}

/** The diagram of one machine as a standalone SVG document. */
export async function flowSvg(graph: FlowGraph, options: FlowSvgOptions = {}): Promise<string> {
  const layout = await layoutFlow(graph);
  const states = new Map<string, FlowState>();
  collectStates(graph.root, states);
  const width = round(layout.width ?? 0);
  const height = round(layout.height ?? 0);
  const marker = `flow-arrow-${graph.machineId}`;
  const out: string[] = [];
  const title = options.title ?? `Statechart of the ${graph.machineId} machine`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="flow" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  out.push(`<style>${STYLE}</style>`);
  out.push(
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#3d4a5c"/></marker></defs>`,
  );
  renderNodes(layout, states, out);
  const edges: ElkExtendedEdge[] = [];
  collectEdges(layout, edges);
  edges.forEach((edge) => renderEdge(edge, marker, out));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
