import type { Deps } from './deps.ts';
import type { SharedAnswer } from './shared-answers.ts';
import type { SessionContext } from './services/session.ts';

/**
 * The Hono environment of every API route: `c.get('deps')` is set for every request,
 * `c.get('session')` once requireSession has run, `c.get('requestId')` by the request-id middleware.
 */
export interface AppEnv {
  Variables: {
    deps: Deps;
    session: SessionContext;
    requestId: string;
    /** Set by a route whose answer is the same for every anonymous caller (server/shared-answers.ts). */
    sharedAnswer?: SharedAnswer;
  };
}
