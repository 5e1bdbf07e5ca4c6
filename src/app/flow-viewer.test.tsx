import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { flowGraph, type FlowGraphOptions } from '#flows/flow-graph.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { FlowViewer, READABLE_SCALE, firstView } from './flow-viewer.tsx';

/** The drawing of flows/ without its layout: one group per state of the view, as flow-svg classes them. */
const draw = vi.fn(async (machine: AnyStateMachine, options: FlowGraphOptions) => {
  const groups: string[] = [];
  const visit = (state: ReturnType<typeof flowGraph>['root']) => {
    const classes = ['flow-state', `flow-${state.kind}`, ...(state.collapsed === undefined ? [] : ['flow-collapsed'])].join(' ');
    groups.push(`<g class="${classes}" data-state-id="${state.id}"><title>${state.id}</title><rect></rect><text>${state.name}</text></g>`);
    state.children.forEach(visit);
  };
  visit(flowGraph(machine, options).root);
  return `<svg width="800" height="600" role="img" aria-label="Statechart of the ${machine.id} machine">${groups.join('')}</svg>`;
});

const group = (id: string) => document.querySelector(`[data-state-id="${id}"]`);
const zoom = () => Number(document.querySelector('[data-zoom]')?.getAttribute('data-zoom'));

describe('the flow viewer', () => {
  it('opens on the top-level states, opens a closed state on a click, and shows an open one as its own sub-chart', async () => {
    const user = userEvent.setup();
    render(<FlowViewer machine={checkoutMachine} active={['checkout', 'checkout.inCheckout', 'checkout.inCheckout.review']} draw={draw} />);
    await waitFor(() => expect(group('checkout.inCheckout')).not.toBeNull());
    expect(draw).toHaveBeenLastCalledWith(checkoutMachine, { root: undefined, expanded: new Set() });
    expect(group('checkout.inCheckout.review')).toBeNull();
    // The closed state holds the current state: it is marked.
    expect(group('checkout.inCheckout')?.classList.contains('flow-active')).toBe(true);

    expect(group('checkout.inCheckout')).toHaveAttribute('role', 'button');
    expect(group('checkout.inCheckout')).toHaveAttribute('aria-expanded', 'false');
    await user.click(group('checkout.inCheckout')!);
    await waitFor(() => expect(group('checkout.inCheckout.review')?.classList.contains('flow-active')).toBe(true));
    expect(group('checkout.inCheckout.delivery')?.classList.contains('flow-collapsed')).toBe(true);

    // An open compound state, clicked, becomes the chart; the trail leads back.
    expect(group('checkout.inCheckout')).toHaveAttribute('aria-expanded', 'true');
    await user.click(group('checkout.inCheckout')!);
    await waitFor(() => expect(draw).toHaveBeenLastCalledWith(checkoutMachine, { root: 'checkout.inCheckout', expanded: new Set() }));
    const trail = screen.getByRole('navigation', { name: 'Where in the checkout chart' });
    expect(trail).toHaveTextContent('checkout › inCheckout');
    await user.click(screen.getByRole('button', { name: 'checkout' }));
    await waitFor(() => expect(draw).toHaveBeenLastCalledWith(checkoutMachine, { root: undefined, expanded: new Set() }));
  });

  it('zooms with + and − and the keyboard, and starts where no label reads under 12 px', async () => {
    const user = userEvent.setup();
    render(<FlowViewer machine={checkoutMachine} draw={draw} />);
    await waitFor(() => expect(zoom()).toBeGreaterThan(0));
    expect(zoom()).toBeGreaterThanOrEqual(Number(READABLE_SCALE.toFixed(3)));
    const start = zoom();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBeCloseTo(start * 1.25, 2);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom()).toBeCloseTo(start / 1.25, 2);
    screen.getByRole('application', { name: /^Statechart of the checkout machine/ }).focus();
    await user.keyboard('+');
    expect(zoom()).toBeCloseTo(start, 2);
  });

  it('fits a small chart in its box, and shows the top-left of a large one at a readable scale', () => {
    expect(firstView({ w: 800, h: 400 }, { w: 400, h: 200 })).toEqual({ k: 1.5, x: 100, y: 50 });
    const large = firstView({ w: 800, h: 400 }, { w: 3000, h: 2000 });
    expect(large.k).toBe(READABLE_SCALE);
    expect([large.x, large.y]).toEqual([8, 8]);
    expect(11 * large.k).toBeGreaterThanOrEqual(12);
  });
});
