/**
 * What a designer checks in each screen state, as a story's play function: the spec's texts on
 * screen, which controls are enabled or disabled, and where focus is (modals).
 *
 * A story file keeps one table, story export name -> expected state, and hands it to its meta:
 *
 *   const checks: StateChecks = {
 *     Loading: { texts: [messages.loadingCalculator] },
 *     WithCart: { texts: [messages.returnToCart], disabled: [['radio', messages.homeDelivery]] },
 *   };
 *   const meta = { ..., play: playChecks(() => checks) } satisfies Meta;
 *
 * The story's own `parameters.shows` texts are checked too. A story missing from its file's table
 * fails, so a new state cannot slip by unchecked. A story with its own `play` can still call
 * `checkState(context, check)` first.
 */
import { storyNameFromExport } from 'storybook/internal/csf';
import { expect, waitFor, within } from 'storybook/test';
import type { AnyActorRef } from 'xstate';

type Name = string | RegExp;
/** A control by its role and accessible name, e.g. ['button', 'Proceed to checkout']. */
export type Control = readonly [role: 'button' | 'link' | 'radio' | 'checkbox' | 'textbox' | 'combobox' | 'tab' | 'spinbutton' | 'option', name: Name];

export interface StateCheck {
  /** Texts (from domain/messages.ts, the spec's words) that must be on screen. */
  texts?: readonly string[];
  /** Texts that must not be on screen in this state. */
  absent?: readonly string[];
  enabled?: readonly Control[];
  disabled?: readonly Control[];
  /** A dialog (by its accessible name) that is open and holds the focus. */
  focusIn?: Name;
  /** The control that has the focus. */
  focused?: Control;
}

export type StateChecks = Readonly<Record<string, StateCheck>>;

interface PlayContext {
  canvasElement: HTMLElement;
  name: string;
  parameters: { shows?: unknown; machineStates?: unknown };
  /** What the story's loaders gave: the actors it built, among other things. */
  loaded?: Record<string, unknown>;
}

/** The ids of the state nodes an actor (and its children) is in. */
function activeStateIds(actor: AnyActorRef): string[] {
  const snapshot = actor.getSnapshot() as { _nodes?: { id: string }[]; children?: Record<string, AnyActorRef | undefined> };
  const own = (snapshot._nodes ?? []).map((node) => node.id);
  const children = Object.values(snapshot.children ?? {}).flatMap((child) => (child ? activeStateIds(child) : []));
  return [...own, ...children];
}

const isActor = (value: unknown): value is AnyActorRef => typeof value === 'object' && value !== null && 'getSnapshot' in value;

/** The story's actors are in every state its `parameters.machineStates` names of their charts (with their children's states). */
async function checkMachineStates(context: PlayContext): Promise<void> {
  const named = Array.isArray(context.parameters.machineStates) ? context.parameters.machineStates.filter((s): s is string => typeof s === 'string') : [];
  if (named.length === 0) return;
  const actors = Object.values(context.loaded ?? {}).filter(isActor);
  const active = actors.flatMap(activeStateIds);
  // Only the charts the story's loaders built: a screen's own actor (the payment frame's) is made as it renders.
  const charts = new Set(active.filter((id) => !id.includes('.')));
  const missing = named.filter((id) => charts.has(id.split('.')[0]!) && !active.includes(id));
  await expect(missing, `states the story names and its actors are not in (they are in: ${active.join(', ')})`).toEqual([]);
}

/** How long a state may take to settle: the app shell's stories read their data through the mock worker. */
const SETTLE = { timeout: 5_000 };

/** Modals and popovers render into the body, outside the story's canvas. */
const screenOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Disabled natively or through aria-disabled (react-aria's controls use either). */
function isDisabled(element: Element): boolean {
  return element.matches(':disabled') || element.closest('[aria-disabled="true"], [data-disabled="true"], fieldset:disabled') !== null;
}

async function findControl(canvasElement: HTMLElement, [role, name]: Control): Promise<HTMLElement> {
  // Some controls come with code loaded on demand (the branch modal): wait as long as for texts.
  const found = await screenOf(canvasElement).findAllByRole(role, { name }, SETTLE);
  return found[0]!;
}

/** Checks one state: texts first (they wait for an asynchronous machine to settle), then controls and focus. */
export async function checkState(context: PlayContext, check: StateCheck): Promise<void> {
  const { canvasElement } = context;
  await checkMachineStates(context);
  const body = canvasElement.ownerDocument.body;
  const shows = Array.isArray(context.parameters.shows) ? context.parameters.shows.filter((s): s is string => typeof s === 'string') : [];
  // The page as the shopper sees it: the statechart drawn beside a story (stories/flows) is not part of it.
  const onScreen = () => {
    const page = body.cloneNode(true) as HTMLElement;
    page.querySelectorAll('[data-flow-panel]').forEach((panel) => panel.remove());
    return (page.textContent ?? '').replace(/\s+/g, ' ');
  };
  for (const text of [...shows, ...(check.texts ?? [])]) {
    await waitFor(() => {
      if (!onScreen().includes(text)) throw new Error(`"${text}" is not on screen`);
    }, SETTLE);
  }
  for (const text of check.absent ?? []) {
    if (onScreen().includes(text)) throw new Error(`"${text}" is on screen, and should not be in this state`);
  }
  for (const control of check.enabled ?? []) {
    const element = await findControl(canvasElement, control);
    await expect(isDisabled(element), `${control[0]} "${String(control[1])}" enabled`).toBe(false);
  }
  for (const control of check.disabled ?? []) {
    const element = await findControl(canvasElement, control);
    await expect(isDisabled(element), `${control[0]} "${String(control[1])}" disabled`).toBe(true);
  }
  if (check.focusIn !== undefined) {
    const screen = screenOf(canvasElement);
    const name = check.focusIn;
    // A modal that asks nothing back is an alertdialog (the velocity limit); the others are dialogs.
    const dialog = await waitFor(() => {
      const found = [...screen.queryAllByRole('dialog', { name }), ...screen.queryAllByRole('alertdialog', { name })][0];
      if (!found) throw new Error(`no dialog named "${String(name)}"`);
      return found;
    });
    await waitFor(() => expect(dialog, 'focus inside the dialog').toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement | null));
  }
  if (check.focused) {
    const element = await findControl(canvasElement, check.focused);
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement, `focus on ${check.focused?.[0]} "${String(check.focused?.[1])}"`).toBe(element));
  }
}

/**
 * A meta-level play function checking each story against its entry in the file's table (given
 * lazily: the table usually sits below the stories it names).
 */
export function playChecks(table: () => StateChecks) {
  return async (context: PlayContext): Promise<void> => {
    const checks = table();
    const entry = Object.entries(checks).find(([exportName]) => storyNameFromExport(exportName) === context.name);
    if (!entry) throw new Error(`No expected state for the story "${context.name}": add it to its file's checks table.`);
    await checkState(context, entry[1]);
  };
}

/** A message's words before its first {placeholder}, for texts whose values a story does not fix. */
export function opening(template: string): string {
  return template.split('{')[0]!.trim();
}
