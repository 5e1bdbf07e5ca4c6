/**
 * Every screen state of every machine a view stands on has a story.
 *
 * To register a machine: add `{ machine, stories: '<folder under stories/>' }` to `registry`
 * below. Its screen states are derived from the definition (see story-coverage.ts): atomic and
 * final state nodes, minus transient routing states and nodes with `meta: { view: false }`.
 * Then name each state in some story under that folder:
 *
 *   export const LoadingQuote: Story = {
 *     parameters: { machineStates: ['calculator.ready.loadingQuote'] },
 *     ...
 *   };
 *
 * A meta-level `parameters.machineStates` counts for every story of the file. States a screen cannot
 * reach (another mode's) go in the entry's `except`, each with its reason. The test also fails
 * when a story names a state the machine does not have, so a renamed state cannot hide.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { branchFinderMachine } from '#machines/branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { countdownMachine } from '#machines/cart/countdown.machine.ts';
import { newLineMachine } from '#machines/cart/new-line.machine.ts';
import { noteMixMachine } from '#machines/note-mix/note-mix.machine.ts';
import { chartMachine } from '#machines/chart/chart.machine.ts';
import { manageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { paymentFrameMachine } from '#machines/payment/payment-frame.machine.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { readMachine } from '#machines/read/read.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { screenStates, statesNamedByStories } from './story-coverage.ts';

interface Entry {
  machine: AnyStateMachine;
  /** The folder under stories/ whose stories show this machine's states. */
  stories: string;
  /** States this folder's screen cannot reach, each with the reason (e.g. another mode's). */
  except?: Record<string, string>;
}

const registry: Entry[] = [
  // Checkout screens (spec 2.5 to 2.12).
  { machine: checkoutMachine, stories: 'checkout' },
  { machine: paymentFrameMachine, stories: 'checkout' },
  { machine: paymentResponseMachine, stories: 'checkout' },
  // The view-cart page's 'Add new currency' form.
  { machine: newLineMachine, stories: 'checkout' },
  // The view-cart page's notes you want (issue 45 part 3).
  { machine: noteMixMachine, stories: 'checkout' },
  // Shop front screens (spec 2.1 to 2.4, 2.13). The header cart shows in every state of the cart.
  { machine: calculatorMachine, stories: 'calculator' },
  { machine: branchFinderMachine, stories: 'branch-modal' },
  {
    machine: branchFinderMachine,
    stories: 'branch-finder',
    except: {
      'branchFinder.confirmed': 'Confirm belongs to the selection modal; the page links to each branch instead',
      'branchFinder.dismissed': "on the page, Escape closes only the list of branches (results.closed)",
    },
  },
  { machine: cartMachine, stories: 'header-cart' },
  { machine: countdownMachine, stories: 'header-cart' },
  { machine: chartMachine, stories: 'chart' },
  // Manage my order (after the order).
  { machine: manageOrderMachine, stories: 'manage-order' },
  // The session's notice (its token and profile regions draw nothing of their own).
  { machine: sessionMachine, stories: 'session-notice' },
  // A read a page shows: a branch's page shows each of its states.
  { machine: readMachine, stories: 'branch-details' },
];

const modules = import.meta.glob<Record<string, unknown>>('./**/*.stories.tsx', { eager: true });
const machineModules = import.meta.glob<Record<string, unknown>>('../machines/**/*.machine.ts', { eager: true });

/** Machines of machines/ that draw nothing of their own, each with the reason (none today). */
const withoutView: Record<string, string> = {
  // The system's root draws no screen of its own: its settings loading and failure are the page's
  // spinner and 'Try again' notice (src/app/providers.tsx), tested in src/app/providers.test.tsx.
  shop: 'the root of the actor system; its states are drawn by ShopProviders',
  // A call waiting for the session is the invoking machine's state (its spinner); its flow is on the Flows page.
  authorisedCall: 'stands in for the call a machine invokes; the screens draw that machine, not the call',
  // The order's journey after payment is decided on the server (domain/fulfilment.ts, the staff page);
  // manage my order shows its steps, in the Journey stories of After the order/Manage my order.
  fulfilment: "the order's journey after payment, decided by the server; no screen runs the chart",
};

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

describe('story coverage', () => {
  it('derives screen states from a machine definition', async () => {
    const { createMachine } = await import('xstate');
    const machine = createMachine({
      id: 'm',
      initial: 'routing',
      states: {
        routing: { always: [{ guard: () => true, target: 'a' }, { target: 'b' }] },
        a: { initial: 'x', states: { x: {}, y: {}, hidden: { meta: { view: false } } } },
        b: {},
        done: { type: 'final' },
      },
    });
    expect(screenStates(machine)).toEqual(['m.a.x', 'm.a.y', 'm.b', 'm.done']);
  });

  it('registers every machine of machines/ (a new machine with a view needs its stories)', () => {
    const machines = Object.values(machineModules).flatMap((module) => Object.values(module).filter(isMachine));
    const registered = new Set(registry.map((entry) => entry.machine.id));
    const missing = machines.map((machine) => machine.id).filter((id) => !registered.has(id) && !(id in withoutView));
    expect(new Set(machines.map((machine) => machine.id)).size).toBeGreaterThanOrEqual(registered.size);
    expect(missing).toEqual([]);
  });

  describe.each(registry.map((e) => [`${e.machine.id} in stories/${e.stories}`, e] as const))('%s', (_id, entry) => {
    const inFolder = Object.fromEntries(Object.entries(modules).filter(([file]) => file.startsWith(`./${entry.stories}/`)));
    const named = statesNamedByStories(inFolder);
    const states = screenStates(entry.machine);
    const shown = states.filter((state) => !(state in (entry.except ?? {})));

    it.each(shown)('%s has a story', (state) => {
      expect(named.get(state) ?? [], `no story under stories/${entry.stories}/ names ${state}`).not.toHaveLength(0);
    });

    it('names only states the machine has', () => {
      const ownPrefix = `${entry.machine.id}.`;
      const unknown = [...named.keys()].filter((id) => (id === entry.machine.id || id.startsWith(ownPrefix)) && !states.includes(id));
      expect(unknown).toEqual([]);
    });
  });
});
