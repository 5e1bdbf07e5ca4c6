import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';
import { FlowDiagram, LiveFlow, flowSvgOf } from './flow-diagram.tsx';
import { flowActors } from './with-flow.tsx';

describe('Flows in Storybook', () => {
  it('finds a committed diagram for every machine', () => {
    expect(FLOW_MACHINES.filter(({ name }) => !flowSvgOf(name)).map(({ name }) => name)).toEqual([]);
  });

  it('highlights the states named', () => {
    const { container } = render(<FlowDiagram name="payment-response" active={['paymentResponse', 'paymentResponse.retrying']} />);
    const active = [...container.querySelectorAll('.flow-active')].map((node) => node.getAttribute('data-state-id'));
    expect(active).toEqual(['paymentResponse', 'paymentResponse.retrying']);
  });

  it("follows a story's actor: finds it among the loaded values and highlights where it is", () => {
    const actor = createActor(paymentResponseMachine, { input: { orderId: 'o-1' } }).start();
    const found = flowActors({ actor, other: { msw: true } });
    expect(found.map((entry) => entry.name)).toEqual(['payment-response']);
    const { container } = render(<LiveFlow actor={found[0]!.actor} name="payment-response" />);
    expect(container.querySelector('.flow-active.flow-atomic')?.getAttribute('data-state-id')).toBe('paymentResponse.checkingOrder');
    actor.stop();
  });
});
