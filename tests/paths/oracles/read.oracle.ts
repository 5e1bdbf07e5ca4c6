/**
 * A read as a page shows it: a spinner (or its placeholder) while the call is on its way, the
 * answer once it comes, or the failure with Try again, which calls again.
 */
import type { AnyEventObject } from 'xstate';

export interface ReadSeen {
  shows: 'loading' | 'answer' | 'failed';
  /** The answer the page shows: the call's output, as it came. */
  output?: unknown;
}

export const readOracle = {
  start(): ReadSeen {
    return { shows: 'loading' };
  },
  next(seen: ReadSeen, event: AnyEventObject): ReadSeen {
    switch (event.type) {
      case 'xstate.done.actor.read':
        return seen.shows === 'loading' ? { shows: 'answer', output: (event as { output?: unknown }).output } : seen;
      case 'xstate.error.actor.read':
        return seen.shows === 'loading' ? { shows: 'failed' } : seen;
      case 'read.retried':
        return seen.shows === 'failed' ? { shows: 'loading' } : seen;
      default:
        return seen;
    }
  },
};
