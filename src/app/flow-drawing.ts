/**
 * The local flows panel's diagrams: the same generator as `npm run flows` and Storybook's Flows
 * section (flows/flow-graph.ts, flows/flow-svg.ts: ELK layout, plain SVG), run in the page,
 * once per machine. Part of the panel's chunk, never of the shop's first load.
 */
import type { AnyStateMachine } from 'xstate';
import { flowGraph } from '#flows/flow-graph.ts';
import { flowSvg } from '#flows/flow-svg.ts';

const drawn = new WeakMap<AnyStateMachine, Promise<string>>();

/** The page's style nonce (the app host's `<meta property="csp-nonce">`), for the diagram's own <style>. */
function styleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

export function drawFlow(machine: AnyStateMachine): Promise<string> {
  let svg = drawn.get(machine);
  if (svg === undefined) {
    const nonce = styleNonce();
    svg = flowSvg(flowGraph(machine)).then((text) => (nonce ? text.replace('<style>', `<style nonce="${nonce}">`) : text));
    drawn.set(machine, svg);
  }
  return svg;
}
