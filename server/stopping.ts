/**
 * How the shop stops on SIGINT or SIGTERM (server/start.ts). The first signal waits for what is
 * still starting, at most `waitForStartMs`, then runs the closing steps one after another and
 * exits: 0, or 1 when a step failed (each failure is logged, and the steps after it still run).
 * A later signal changes nothing: npm passes Ctrl-C's SIGINT on to the process that already had it
 * from the terminal.
 */
export interface StopPlan {
  /** Settles once the rest of the start is done. */
  starting: Promise<void>;
  /** How long a stop waits for `starting` before it closes everything anyway (a start that hangs). */
  waitForStartMs: number;
  /** What closes, in order: the job queue, email, the servers, the database, the log. */
  steps: ReadonlyArray<{ name: string; close: () => Promise<void> | void }>;
  log: (line: string) => void;
  exit: (code: number) => void;
}

/** The stop a signal starts: the same stop, however many signals come. */
export function stopper({ starting, waitForStartMs, steps, log, exit }: StopPlan): (signal: string) => Promise<void> {
  let stopping: Promise<void> | null = null;
  const stop = async (signal: string) => {
    log(`${signal}: stopping`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log(`The start did not finish in ${waitForStartMs / 1000} s: stopping without it`);
        resolve();
      }, waitForStartMs);
    });
    await Promise.race([starting.catch(() => undefined), waited]);
    clearTimeout(timer);
    let failed = false;
    for (const step of steps) {
      try {
        await step.close();
      } catch (error) {
        failed = true;
        log(`Stopping: closing ${step.name} failed: ${(error as Error).message}`);
      }
    }
    exit(failed ? 1 : 0);
  };
  return (signal) => (stopping ??= stop(signal));
}
