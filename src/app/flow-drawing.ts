/**
 * The statechart drawings of the flow viewer (Storybook's Flows pages, the charts beside the
 * screen stories, the local flows panel): the same generator as `npm run flows`
 * (flows/flow-graph.ts, flows/flow-svg.ts: ELK layout, plain SVG), run in the page, once per
 * machine and view (sub-chart and open states). Part of the panel's chunk, never of the shop's
 * first load.
 */
import type { AnyStateMachine } from 'xstate';
import { flowGraph, type FlowGraphOptions } from '#flows/flow-graph.ts';
import { flowSvg } from '#flows/flow-svg.ts';

const drawn = new WeakMap<AnyStateMachine, Map<string, Promise<string>>>();

/** The page's style nonce (the app host's `<meta property="csp-nonce">`), for the diagram's own <style>. */
function styleNonce(): string {
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

const viewKey = (options: FlowGraphOptions) =>
  `${options.root ?? ''}\n${options.expanded === undefined || options.expanded === 'all' ? '*' : [...options.expanded].sort().join(' ')}`;

/** The machine's chart as SVG text: whole by default, or one sub-chart with only some states open. */
export function drawFlow(machine: AnyStateMachine, options: FlowGraphOptions = {}): Promise<string> {
  let views = drawn.get(machine);
  if (views === undefined) {
    views = new Map();
    drawn.set(machine, views);
  }
  const key = viewKey(options);
  let svg = views.get(key);
  if (svg === undefined) {
    const nonce = styleNonce();
    svg = flowSvg(flowGraph(machine, options)).then((text) => (nonce ? text.replace('<style>', `<style nonce="${nonce}">`) : text));
    views.set(key, svg);
  }
  return svg;
}
