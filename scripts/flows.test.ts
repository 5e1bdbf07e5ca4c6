import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activeStateIds, flowGraph } from './flow-graph.ts';
import { FLOW_MACHINES } from './flow-machines.ts';
import { flowSvg } from './flow-svg.ts';
import { flowFile } from './flows.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';

const STALE = 'is out of date with its machine: run `npm run flows` and commit docs/flows/';

describe('docs/flows: each statechart drawn from its machine', () => {
  it.each(FLOW_MACHINES.map((entry) => [entry.name, entry] as const))('%s.svg matches its machine', async (name, { machine }) => {
    const file = flowFile(name);
    expect(existsSync(file), `docs/flows/${name}.svg is missing: run \`npm run flows\``).toBe(true);
    const drawn = await flowSvg(flowGraph(machine));
    // Compared as a boolean first, so a failure says what to do rather than printing two SVGs.
    expect(readFileSync(file, 'utf8') === drawn, `docs/flows/${name}.svg ${STALE}`).toBe(true);
  });

  it('has a page in Storybook\'s Flows section for each machine', () => {
    const stories = readFileSync(new URL('../stories/flows/flows.stories.tsx', import.meta.url), 'utf8');
    const missing = FLOW_MACHINES.filter(({ name }) => !stories.includes(`args: { name: '${name}' }`)).map(({ name }) => name);
    expect(missing, 'add a story to stories/flows/flows.stories.tsx for each').toEqual([]);
  });

  it('draws the same bytes twice', async () => {
    const graph = flowGraph(paymentResponseMachine);
    expect(await flowSvg(graph)).toBe(await flowSvg(flowGraph(paymentResponseMachine)));
  });
});

describe('flowGraph', () => {
  const graph = flowGraph(paymentResponseMachine);
  const labels = graph.transitions.map((t) => `${t.source} -> ${t.target}: ${t.labels.join(' | ')}`);

  it('labels transitions with the event, the guard by name, the named delay and invoked actors', () => {
    expect(labels).toEqual([
      'paymentResponse.checkingOrder -> paymentResponse.paymentReceived: done: loadOrder [isPaymentReceived]',
      'paymentResponse.checkingOrder -> paymentResponse.paymentFailed: done: loadOrder',
      'paymentResponse.checkingOrder -> paymentResponse.retrying: error: loadOrder',
      'paymentResponse.retrying -> paymentResponse.checkingOrder: after PAYMENT_RETRY (1000 ms)',
    ]);
    const checking = graph.root.children.find((state) => state.name === 'checkingOrder');
    expect(checking?.invokes).toEqual(['loadOrder']);
  });

  it('knows initial and final states', () => {
    expect(graph.root.initial).toBe('paymentResponse.checkingOrder');
    expect(graph.root.children.filter((state) => state.kind === 'final').map((state) => state.name)).toEqual(['paymentReceived', 'paymentFailed']);
  });

  it('shows parallel regions and higher-order guards', () => {
    const calculator = FLOW_MACHINES.find((entry) => entry.name === 'calculator')!.machine;
    const drawn = flowGraph(calculator);
    const all = drawn.transitions.flatMap((t) => t.labels);
    expect(all.some((label) => label.includes('[in(#calculator.ready.quote.loaded) && !isEmbedded]'))).toBe(true);
    const states = [drawn.root];
    for (let i = 0; i < states.length; i++) states.push(...states[i]!.children);
    expect(states.some((state) => state.kind === 'parallel' && state.children.every((child) => child.region))).toBe(true);
  });

  it('names the active state nodes of a snapshot value', () => {
    expect(activeStateIds(paymentResponseMachine, 'retrying')).toEqual(['paymentResponse', 'paymentResponse.retrying']);
  });
});
