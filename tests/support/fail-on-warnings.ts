/**
 * Warnings fail tests: React's "Cannot update a component while rendering a different component"
 * (a send during render), its act(...) warnings (an update the test did not wait for) and XState's
 * console warnings (an event sent to a stopped actor, a built-in action called imperatively, ...).
 * console.error and console.warn are watched for the whole test; a test that printed one of them
 * fails in afterEach, naming the message. Anything else printed passes through as before. The views
 * project installs it (setup-views.ts), and so do the node and paths projects (setup-node.ts).
 */
import { afterEach, beforeEach, expect } from 'vitest';

/** What a test may not print. */
export const FORBIDDEN_WARNINGS: readonly RegExp[] = [
  // React
  /Cannot update a component .* while rendering a different component/s,
  /not wrapped in act\(/,
  /The current testing environment is not configured to support act/,
  /A component suspended inside an `act` scope/,
  // XState (its development build's console.warn calls)
  /was sent to stopped actor/,
  /Custom actions should not call `\w+\(\)` directly/,
  /Could not resolve StateNode for id/,
  /Missing `machine\.output` declaration/,
  /Dynamically mapping values to individual properties is deprecated/,
  /Wildcards can only be the last token/,
  /Infix wildcards in transition events are not allowed/,
  /state\.can\(\.\.\.\) used outside of a machine-created State object/,
];

/** The text console.* would print for these arguments (React passes a format string and its values). */
export function printed(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  let i = 0;
  const text = first.replace(/%[sdifoOc]/g, () => (i < rest.length ? String(rest[i++]) : ''));
  return [text, ...rest.slice(i).map(String)].join(' ');
}

export function forbiddenIn(message: string): boolean {
  return FORBIDDEN_WARNINGS.some((pattern) => pattern.test(message));
}

let caught: string[] = [];
const WATCHED = Symbol.for('travel-money-shop.warning-guard');

/** Wraps console.error and console.warn once a worker (a setup file runs again for each test file). */
function watchConsole(): void {
  const holder = console as unknown as Record<symbol, boolean>;
  if (holder[WATCHED]) return;
  holder[WATCHED] = true;
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const message = printed(args);
      if (forbiddenIn(message)) caught.push(`console.${level}: ${message.split('\n')[0]}`);
      original(...args);
    };
  }
}

/** The warnings caught so far in this test, taken away (a test of the guard itself). */
export function takeCaught(): string[] {
  const taken = caught;
  caught = [];
  return taken;
}

/** A test that printed a forbidden warning fails as it ends (a test that silences the console on purpose prints none). */
export function installWarningGuard(): void {
  watchConsole();
  beforeEach(() => {
    caught = [];
  });
  afterEach(() => {
    const found = caught;
    caught = [];
    expect(found, `this test printed ${found.length} warning(s) that fail tests`).toEqual([]);
  });
}
