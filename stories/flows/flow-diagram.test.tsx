import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { LiveFlow } from './flow-diagram.tsx';
import { flowActors } from './with-flow.tsx';

describe('Flows beside the screen stories', () => {
  it("follows a story's actor: finds it among the loaded values and marks where it is", async () => {
    const actor = createActor(paymentResponseMachine, { input: { orderId: 'o-1' } }).start();
    const found = flowActors({ actor, other: { msw: true } });
    expect(found.map((entry) => entry.name)).toEqual(['payment-response']);
    const { container } = render(<LiveFlow actor={found[0]!.actor} name="payment-response" />);
    await screen.findByRole('group', { name: 'Statechart of the paymentResponse machine' }, { timeout: 20_000 });
    const where = `paymentResponse.${String(actor.getSnapshot().value)}`;
    await waitFor(() => expect(container.querySelector('.flow-active.flow-atomic')?.getAttribute('data-state-id')).toBe(where));
    actor.stop();
  });
});
