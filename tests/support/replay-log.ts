/**
 * An event log (flows/event-log.ts) replayed as a path test: `npm run test:replay -- <file>`.
 *
 * The log's events become one path of the harness's TestModel, built by stepping the machine from
 * its initial snapshot (the pure transitions `xstate/graph` traverses), and the path runs through
 * `replayPath` with the machine's own path suite: its fake actors, its input, its oracle
 * (`assertState`, `states`). A guard the log recorded an answer for gives that answer on that step
 * (Simulate asks the owner which way to go); a state the log recorded must be the state the
 * machine reached, or the replay fails naming the step.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'vitest';
import type { AnyActorLogic, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { parseEventLog, type EventLog } from '#flows/event-log.ts';
import { createProbe, INIT_EVENT, replayPath, wrapGuards, type PathPlan, type PlannedPath, type PathSuiteConfig } from './graph-coverage.ts';

/** The environment variable `scripts/replay.ts` hands the logs' paths over in (JSON array). */
export const REPLAY_LOGS_ENV = 'REPLAY_LOGS';

export interface LoadedLog {
  file: string;
  log: EventLog;
}

/** The logs a replay run was asked for; null in an ordinary path test run. */
export function replayLogsFromEnv(env: NodeJS.ProcessEnv = process.env): LoadedLog[] | null {
  const raw = env[REPLAY_LOGS_ENV];
  if (!raw) return null;
  const files = JSON.parse(raw) as string[];
  return files.map((file) => ({ file, log: parseEventLog(readFileSync(file, 'utf8')) }));
}

/** The machine with every named guard giving the answer `answerFor` has, else deciding as always. */
export function holdGuards<TMachine extends AnyStateMachine>(machine: TMachine, answerFor: (name: string) => boolean | undefined): TMachine {
  return wrapGuards(machine, (name, decide) => answerFor(name) ?? decide());
}

const shortValue = (value: unknown): string => JSON.stringify(value);

function describeEvent(event: AnyEventObject): string {
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
}

/**
 * Replays one log on the suite's machine; throws at the first step whose state differs from the
 * log, or that the suite's oracle refuses, naming the step.
 */
export async function replayLog<TMachine extends AnyStateMachine>(
  config: PathSuiteConfig<TMachine>,
  loaded: LoadedLog,
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string,
  input: unknown,
): Promise<void> {
  type S = SnapshotFrom<TMachine>;
  const { log } = loaded;
  const file = relative(process.cwd(), loaded.file) || loaded.file;
  if (log.machine !== config.machine.id) {
    throw new Error(`${file} is a log of '${log.machine}', not of '${config.machine.id}'`);
  }
  // Index 0 is the start; step i of the path is the log's step i - 1.
  let current = 0;
  const answerFor = (name: string): boolean | undefined => (current > 0 ? log.steps[current - 1]?.guards?.[name] : undefined);
  const machine = holdGuards(config.machine, answerFor);

  // The path: the machine stepped through the log's events (pure transitions, as the graph
  // utilities traverse it), run by the harness's TestModel like a planned path.
  const scope = () => (config.isolateSystems ? createProbe() : probe).scope;
  const probe = createProbe();
  const initial = machine.getInitialSnapshot(scope() as never, input) as S;
  const model = new TestModel<S, AnyEventObject, unknown>(machine as unknown as AnyActorLogic, { events: [], serializeState, input });
  const steps: PlannedPath<S>['steps'] = [{ event: { type: INIT_EVENT }, state: initial }];
  let snapshot = initial as AnyMachineSnapshot;
  const ignored: string[] = [];
  for (const [index, step] of log.steps.entries()) {
    current = index + 1;
    const event = config.replayEvent ? config.replayEvent(step.event as AnyEventObject) : (step.event as AnyEventObject);
    if (snapshot.status === 'active' && machine.getTransitionData(snapshot as never, event as never).length > 0) {
      snapshot = machine.transition(snapshot as never, event as never, scope() as never) as AnyMachineSnapshot;
    } else {
      ignored.push(`step ${index + 1} (${event.type})`);
    }
    steps.push({ event, state: snapshot as S });
  }
  current = 0;
  const path: PlannedPath<S> = {
    state: snapshot as S,
    weight: log.steps.length,
    steps,
    description: `${file}`,
    covers: new Set(),
  };

  const stepOf = (event: AnyEventObject): number => steps.findIndex((s) => s.event === event);
  await replayPath(machine, { model } as PathPlan<S>, path, {
    ...config,
    input: input as never,
    serializeState,
    onStep: (event) => {
      current = stepOf(event);
    },
    assertState: (actual, info) => {
      const at = stepOf(info.event);
      const recorded = at > 0 ? log.steps[at - 1]!.state : undefined;
      const value = (actual as AnyMachineSnapshot).value;
      if (recorded !== undefined && shortValue(recorded) !== shortValue(value)) {
        throw new Error(
          [
            `Step ${at} of ${log.steps.length} of ${file} (${describeEvent(info.event)}): the log says the '${log.machine}' machine is in`,
            `  ${shortValue(recorded)}`,
            'but it is in',
            `  ${shortValue(value)}`,
            ...(ignored.length ? [`Events the machine did not take: ${ignored.join(', ')}`] : []),
          ].join('\n'),
        );
      }
      config.assertState?.(actual, info);
    },
  });
}

/** What a log recorded of how its actor started: its input (plain data) and its start time. */
export interface RecordedStart {
  input: unknown;
  /** Milliseconds since the epoch; null when the log did not record it (Simulate). */
  startedAt: number | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The input a replay starts the machine with: the suite's own `replayInput` when it has one (for
 * a clock or a service the input carries), else the log's input laid over the suite's (the
 * suite's functions stay, the journey's data wins), else the suite's.
 */
export function replayInputOf<TMachine extends AnyStateMachine>(config: PathSuiteConfig<TMachine>, log: EventLog, suiteInput: unknown): unknown {
  if (log.input === undefined) return suiteInput;
  const recorded: RecordedStart = { input: log.input, startedAt: log.startedAt === undefined ? null : Date.parse(log.startedAt) };
  if (config.replayInput) return config.replayInput(recorded, suiteInput as never);
  return isPlainObject(suiteInput) && isPlainObject(log.input) ? { ...suiteInput, ...log.input } : log.input;
}

/** One test per log of this suite's machine, in place of the generated paths. */
export function defineReplaySuite<TMachine extends AnyStateMachine>(
  config: PathSuiteConfig<TMachine>,
  logs: LoadedLog[],
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string,
  input: unknown,
): void {
  const own = logs.filter((l) => l.log.machine === config.machine.id);
  if (own.length === 0) return;
  describe(`${config.name} replay`, () => {
    for (const loaded of own) {
      it(`${relative(process.cwd(), loaded.file)} (${loaded.log.source}, ${loaded.log.steps.length} steps)`, () =>
        replayLog(config, loaded, serializeState, replayInputOf(config, loaded.log, input)));
    }
  });
}
