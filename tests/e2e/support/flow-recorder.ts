/**
 * The events every statechart of a journey received, recorded in the page through XState's
 * inspection API (the shop takes the observer `window.__flowRecorder`, src/app/providers.tsx).
 * When a journey fails, each actor's events are written as an event log (flows/event-log.ts) under
 * test-results/replays/ and the command that replays them as path tests is printed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { eventLogJson, type EventLog } from '#flows/event-log.ts';
import { RESULTS_DIR } from './browser.ts';

export const REPLAYS_DIR = path.join(RESULTS_DIR, 'replays');

interface RecordedActor {
  name: string;
  log: EventLog;
}

/** Runs in the page before the shop's scripts: keeps each machine actor's events, in order. */
function installRecorder(): void {
  interface Ref {
    sessionId: string;
    id?: string;
    systemId?: string;
    logic?: { id?: string; root?: unknown; getStateNodeById?: unknown };
    options?: { input?: unknown };
    _parent?: unknown;
  }
  const actors = new Map<string, { name: string; machine: string; input: unknown; startedAt: string; steps: Array<{ event: unknown }> }>();
  // Events carry what JSON cannot (actors, machines, functions): those become their names. The
  // holder's own value is looked at, since JSON.stringify hands the replacer a machine's toJSON().
  const plain = (event: unknown): unknown => {
    const seen = new WeakSet<object>();
    return JSON.parse(
      JSON.stringify(event, function (this: Record<string, unknown>, key: string, serialised: unknown) {
        const value = key === '' ? serialised : this[key];
        if (typeof value === 'function') return undefined;
        if (typeof value !== 'object' || value === null) return serialised;
        if ('sessionId' in value && 'send' in value) return `actor ${String((value as Ref).id)}`;
        if ('root' in value && 'getStateNodeById' in value) return `machine ${String((value as { id?: string }).id)}`;
        if (seen.has(value)) return undefined;
        seen.add(value);
        return serialised;
      }),
    ) as unknown;
  };
  const target = window as unknown as Record<string, unknown>;
  target.__flowRecorder = (inspection: { type: string; actorRef: Ref; event?: { type: string } }) => {
    const ref = inspection.actorRef;
    if (inspection.type === '@xstate.actor') {
      const logic = ref.logic;
      const isMachine = typeof logic === 'object' && logic !== null && 'root' in logic && typeof logic.getStateNodeById === 'function';
      if (!isMachine) return;
      actors.set(ref.sessionId, {
        name: ref._parent ? (ref.id ?? ref.sessionId) : (ref.systemId ?? logic.id ?? ref.sessionId),
        machine: String(logic.id),
        input: ref.options?.input === undefined ? undefined : plain(ref.options.input),
        startedAt: new Date().toISOString(),
        steps: [],
      });
    } else if (inspection.type === '@xstate.event' && inspection.event && inspection.event.type !== 'xstate.init') {
      actors.get(ref.sessionId)?.steps.push({ event: plain(inspection.event) });
    }
  };
  target.__flowLogs = () =>
    [...actors.entries()].map(([sessionId, a]) => ({
      name: `${a.name}-${sessionId}`,
      log: { version: 1, machine: a.machine, source: 'journey', ...(a.input === undefined ? {} : { input: a.input }), startedAt: a.startedAt, steps: a.steps },
    }));
}

/** Records every page of the context. */
export async function recordFlows(context: BrowserContext): Promise<void> {
  await context.addInitScript(installRecorder);
}

/**
 * Writes one log per machine actor the page ran (skipping those that received nothing) and
 * prints the command that replays them. Returns the files written.
 */
export async function keepFlowLogs(page: Page, testName: string): Promise<string[]> {
  const recorded = await page
    .evaluate(() => ((window as unknown as { __flowLogs?: () => RecordedActor[] }).__flowLogs?.() ?? []) as RecordedActor[])
    .catch(() => [] as RecordedActor[]);
  const withSteps = recorded.filter((r) => r.log.steps.length > 0);
  if (withSteps.length === 0) return [];
  const dir = path.join(REPLAYS_DIR, testName);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const { name, log } of withSteps) {
    const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`);
    await writeFile(file, eventLogJson(log));
    files.push(path.relative(process.cwd(), file));
  }
  console.log(`[e2e] the statecharts' events of this journey, to replay as path tests:\n  npm run test:replay -- ${files.join(' ')}`);
  return files;
}
