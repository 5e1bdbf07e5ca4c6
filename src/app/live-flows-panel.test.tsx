import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, sendTo, setup, type AnyStateMachine } from 'xstate';
import { parseEventLog } from '#flows/event-log.ts';
import { createLiveFlows } from './live-flows.ts';
import { LiveFlowsPanel, actorRows, stateText } from './live-flows-panel.tsx';

const countdown = setup({}).createMachine({ id: 'countdown', initial: 'running', states: { running: { on: { 'countdown.stopRequested': 'stopped' } }, stopped: {} } });
const cart = setup({ actors: { countdown }, actions: { stopCountdown: sendTo('countdown', { type: 'countdown.stopRequested' }) } }).createMachine({
  id: 'cart',
  initial: 'idle',
  invoke: { id: 'countdown', src: 'countdown', systemId: 'countdown' },
  states: {
    idle: { on: { 'cart.checkedOut': 'checkedOut' } },
    checkedOut: { entry: 'stopCountdown' },
  },
});

/** A drawing with one group per state node, as the flows renderer draws them. */
const draw = async (machine: AnyStateMachine, _options?: unknown) =>
  `<svg>${[...(machine as unknown as { idMap: Map<string, { id: string; key: string }> }).idMap.values()]
    .map((node) => `<g data-state-id="${node.id}"><rect></rect><text>${node.key}</text></g>`)
    .join('')}</svg>`;

describe('the local flows panel', () => {
  it('lists the running actors by parent, draws the chosen one with its states marked, and shows the events between actors in sequence', async () => {
    const user = userEvent.setup();
    const live = createLiveFlows();
    const actor = createActor(cart, { inspect: live.inspect, systemId: 'cart' }).start();
    render(<LiveFlowsPanel live={live} draw={draw} />);

    await user.click(screen.getByRole('button', { name: /Flows \(2 running\)/ }));
    const panel = screen.getByRole('complementary', { name: 'Live flows' });
    expect(within(panel).getByRole('button', { name: 'cart idle' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('button', { name: 'countdown running' })).toBeInTheDocument();
    await screen.findByText('idle', { selector: 'text' });
    const marked = () => [...panel.querySelectorAll('[data-state-id]')].filter((g) => g.classList.contains('flow-active')).map((g) => g.getAttribute('data-state-id'));
    expect(marked()).toEqual(['cart', 'cart.idle']);

    act(() => actor.send({ type: 'cart.checkedOut' }));
    expect(marked()).toEqual(['cart', 'cart.checkedOut']);
    const messages = () =>
      within(within(panel).getByRole('list', { name: 'Sequence of events' }))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    // Newest at the bottom: the page told the cart, then the cart told its countdown.
    expect(messages()).toEqual(['page → cart: cart.checkedOut', 'cart → countdown: countdown.stopRequested']);
    const lifelines = [...panel.querySelectorAll('[data-lifeline]')].map((line) => line.getAttribute('data-lifeline'));
    expect(lifelines).toEqual(['page', 'cart', 'countdown']);
    expect(within(panel).getByRole('button', { name: 'countdown stopped' })).toBeInTheDocument();

    // Filtered by actor: only what the countdown sent or received.
    const countdownId = live.getState().actors.find((a) => a.systemId === 'countdown')!.sessionId;
    await user.selectOptions(within(panel).getByLabelText('Actor'), countdownId);
    expect(messages()).toEqual(['cart → countdown: countdown.stopRequested']);

    // The chosen statechart's steps, as an event log the replay reads.
    await user.click(within(panel).getByRole('button', { name: 'Copy events' }));
    const log = parseEventLog((within(panel).getByLabelText(/^Event log of cart/) as HTMLTextAreaElement).value);
    expect(log).toEqual({ version: 1, machine: 'cart', source: 'live', steps: [{ event: { type: 'cart.checkedOut' }, state: 'checkedOut' }] });
    actor.stop();
  });
});

describe('what the panel writes', () => {
  it.each([
    ['idle', 'idle'],
    [{ inCheckout: { delivery: 'choosingSlot' } }, 'inCheckout.delivery.choosingSlot'],
    [{ form: { quote: 'idle', amount: 'typing' } }, 'form.(quote.idle | amount.typing)'],
    [null, ''],
  ])('state %j reads %j', (value, text) => {
    expect(stateText(value)).toBe(text);
  });

  it('puts each actor after its parent, one step deeper', () => {
    const a = (sessionId: string, parentId: string | null) => ({ sessionId, parentId, name: sessionId, systemId: null, machine: null, value: null, status: 'active' as const });
    expect(actorRows([a('child', 'root'), a('root', null), a('grandchild', 'child')]).map((r) => `${r.actor.sessionId}:${r.depth}`)).toEqual([
      'root:0',
      'child:1',
      'grandchild:2',
    ]);
  });
});
