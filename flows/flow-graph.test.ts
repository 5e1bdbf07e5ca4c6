import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
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

describe('flowGraph, a view of it: states closed below the first level, or one state as its own sub-chart', () => {
  it('draws the first level with the compound states closed and their transitions ending on their border', () => {
    const first = flowGraph(checkoutMachine, { expanded: new Set() });
    expect(first.root.children.map((state) => `${state.name}${state.collapsed === undefined ? '' : ` (${state.collapsed})`}`)).toEqual([
      'opening',
      'inCheckout (42)',
      'leaving (2)',
      'left',
    ]);
    expect(first.root.children.every((state) => state.children.length === 0)).toBe(true);
    const ends = new Set(first.transitions.flatMap((t) => [t.source, t.target]));
    expect([...ends].every((id) => id === 'checkout' || first.root.children.some((state) => state.id === id))).toBe(true);
    expect(first.transitions.find((t) => t.source === 'checkout.opening' && t.target === 'checkout.inCheckout')?.labels).toContain('always [isOpeningPage]');
  });

  it('opens only the states asked for', () => {
    const open = flowGraph(checkoutMachine, { expanded: new Set(['checkout.inCheckout']) });
    const inCheckout = open.root.children.find((state) => state.name === 'inCheckout')!;
    expect(inCheckout.collapsed).toBeUndefined();
    expect(inCheckout.children.find((state) => state.name === 'delivery')?.collapsed).toBeGreaterThan(0);
  });

  it("draws a state's sub-chart: its states and the transitions between them", () => {
    const delivery = flowGraph(checkoutMachine, { root: 'checkout.inCheckout.delivery', expanded: new Set() });
    expect(delivery.root.id).toBe('checkout.inCheckout.delivery');
    expect(delivery.root.children.map((state) => state.name)).toContain('choosingSlot');
    expect(delivery.transitions.every((t) => t.source.startsWith('checkout.inCheckout.delivery') && t.target.startsWith('checkout.inCheckout.delivery'))).toBe(true);
  });

  it('is the whole chart, unchanged, without options', () => {
    expect(flowGraph(checkoutMachine, { expanded: 'all' })).toEqual(flowGraph(checkoutMachine));
  });
});

describe('flowSvg', () => {
  it('draws a closed state as one box saying how many states it holds', async () => {
    const svg = await flowSvg(flowGraph(checkoutMachine, { expanded: new Set() }));
    expect(svg).toContain('class="flow-state flow-compound flow-collapsed" data-state-id="checkout.inCheckout"');
    expect(svg).toContain('+ 42 states inside');
    expect(svg).not.toContain('data-state-id="checkout.inCheckout.review"');
  });

  it('draws the same bytes twice', async () => {
    const graph = flowGraph(paymentResponseMachine);
    expect(await flowSvg(graph)).toBe(await flowSvg(flowGraph(paymentResponseMachine)));
  });
});
