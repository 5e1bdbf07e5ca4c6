import { describe, expect, it } from 'vitest';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { activeStateIds, flowGraph } from './flow-graph.ts';
import { FLOW_MACHINES } from './flow-machines.ts';
import { flowSvg } from './flow-svg.ts';

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

describe('flowSvg', () => {
  it('draws the same bytes twice', async () => {
    const graph = flowGraph(paymentResponseMachine);
    expect(await flowSvg(graph)).toBe(await flowSvg(flowGraph(paymentResponseMachine)));
  });
});
