/**
 * An event log: the steps one statechart took, written where they happen and replayed as a path
 * test (`npm run test:replay -- <file>`).
 *
 * Written by the Flows pages' Simulate mode ("Copy path"), by the live flows panel ("Copy events")
 * and by an end-to-end journey that fails (one log per actor it ran). Events use the path tests'
 * vocabulary: an invoked actor's answer is `xstate.done.actor.<id>` (with `output`) or
 * `xstate.error.actor.<id>` (with `error`), a timer is `xstate.after.<delay>.<stateId>`.
 * A step may record the answer each guard gave (Simulate asks the owner; the replay holds the
 * guard to it) and the state value it reached (the replay checks it).
 */
import * as v from 'valibot';

export const EVENT_LOG_VERSION = 1;

export const EventLogStepSchema = v.object({
  event: v.looseObject({ type: v.pipe(v.string(), v.minLength(1)) }),
  /** Guard name to the answer it gave on this step. */
  guards: v.optional(v.record(v.string(), v.boolean())),
  /** The machine's `snapshot.value` after the step. */
  state: v.optional(v.unknown()),
});

export const EventLogSchema = v.object({
  version: v.literal(EVENT_LOG_VERSION),
  /** The machine's id (`machine.id`, e.g. 'checkout'). */
  machine: v.pipe(v.string(), v.minLength(1)),
  source: v.picklist(['simulate', 'live', 'journey']),
  /**
   * The actor's input as the journey started it (what JSON can carry; functions are left out). A
   * replay starts the machine with it over its path suite's input, so the journey's own data meets
   * the oracle.
   */
  input: v.optional(v.unknown()),
  /** When the actor started (ISO 8601): a replay's clock starts there, for machines that read one. */
  startedAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  steps: v.array(EventLogStepSchema),
});

export type EventLogStep = v.InferOutput<typeof EventLogStepSchema>;
export type EventLog = v.InferOutput<typeof EventLogSchema>;

/** Reads a log from its JSON text; throws a readable error naming what is wrong. */
export function parseEventLog(text: string): EventLog {
  const result = v.safeParse(EventLogSchema, JSON.parse(text));
  if (!result.success) {
    const issues = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(log)'}: ${issue.message}`);
    throw new Error(`Not an event log: ${issues.join('; ')}`);
  }
  return result.output;
}

/** The log as the JSON text a shopper's tester pastes into a file. */
export function eventLogJson(log: EventLog): string {
  return `${JSON.stringify(log, null, 2)}\n`;
}
