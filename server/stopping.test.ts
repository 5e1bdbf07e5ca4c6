import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stopper, type StopPlan } from './stopping.ts';

/** A plan whose steps record themselves; `starting` settles when the test says. */
function plan(overrides: (step: (name: string) => StopPlan['steps'][number]) => Partial<StopPlan> = () => ({})) {
  const events: string[] = [];
  let startedUp = (): void => undefined;
  const starting = new Promise<void>((resolve) => (startedUp = resolve));
  const step = (name: string) => ({ name, close: () => void events.push(`closed ${name}`) });
  const full: StopPlan = {
    starting,
    waitForStartMs: 10_000,
    steps: [step('the job queue'), step('the servers'), step('the database')],
    log: (line) => events.push(line),
    exit: (code) => events.push(`exit ${code}`),
    ...overrides(step),
  };
  return { events, startedUp, stop: stopper(full) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('stopper: the shop stops once, cleanly, in order', () => {
  it('closes everything in order and exits 0 once the start is done', async () => {
    const { events, startedUp, stop } = plan();
    const stopped = stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toEqual(['SIGTERM: stopping']);
    startedUp();
    await stopped;
    expect(events).toEqual(['SIGTERM: stopping', 'closed the job queue', 'closed the servers', 'closed the database', 'exit 0']);
  });

  it('waits for a start that hangs 10 s at most, then closes everything anyway', async () => {
    const { events, stop } = plan();
    void stop('SIGINT');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(events).toEqual(['SIGINT: stopping']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual([
      'SIGINT: stopping',
      'The start did not finish in 10 s: stopping without it',
      'closed the job queue',
      'closed the servers',
      'closed the database',
      'exit 0',
    ]);
  });

  it('closes at once when the start failed', async () => {
    const { events, stop } = plan(() => ({ starting: Promise.reject(new Error('the job queue could not start')) }));
    await stop('SIGTERM');
    expect(events.at(-1)).toBe('exit 0');
  });

  it('a second signal (npm passing Ctrl-C on) changes nothing: one stop, one exit', async () => {
    const { events, startedUp, stop } = plan();
    const first = stop('SIGINT');
    const second = stop('SIGINT');
    const third = stop('SIGTERM');
    expect(second).toBe(first);
    expect(third).toBe(first);
    startedUp();
    await first;
    expect(events.filter((e) => e.endsWith(': stopping'))).toEqual(['SIGINT: stopping']);
    expect(events.filter((e) => e.startsWith('exit'))).toEqual(['exit 0']);
  });

  it('a step that fails is logged, the steps after it still run, and the exit code is 1', async () => {
    const { events, startedUp, stop } = plan((step) => ({
      steps: [{ name: 'the servers', close: () => Promise.reject(new Error('socket hang up')) }, step('the database')],
    }));
    startedUp();
    await stop('SIGTERM');
    expect(events).toEqual(['SIGTERM: stopping', 'Stopping: closing the servers failed: socket hang up', 'closed the database', 'exit 1']);
  });
});
