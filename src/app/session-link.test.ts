import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type AcquireTokenInput, type StoredTokens, type StoreTokenInput } from '#machines/session/session.machine.ts';
import { fakeSessionToken } from '../../tests/support/session-tokens.ts';
import { createSessionLink } from './session-link.ts';

const token = fakeSessionToken(Date.now() + 3_600_000);

function startSession() {
  const machine = sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise<StoredTokens>(async () => ({ token, legacyToken: null })),
      acquireToken: fromPromise<string, AcquireTokenInput>(() => new Promise(() => {})),
      storeToken: fromPromise<void, StoreTokenInput>(async () => {}),
      clearStoredToken: fromPromise<void>(async () => {}),
    },
  });
  return createActor(machine, { input: { siteId: 1 } }).start();
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session link (spec 4.4)', () => {
  it('has no token before it is connected, and ignores refusals', () => {
    const link = createSessionLink();
    expect(link.getToken()).toBeNull();
    expect(() => link.unauthorized(401, 'x')).not.toThrow();
  });

  it('reads the session actor token on every call and reports a refusal with the token the call carried', async () => {
    const link = createSessionLink();
    const session = startSession();
    link.connect(session);
    await flush();
    expect(link.getToken()).toBe(token);
    link.unauthorized(401, token);
    await flush();
    // The refused token is never sent again: the session is being replaced.
    expect(link.getToken()).toBeNull();
    expect(session.getSnapshot().hasTag('acquiring')).toBe(true);
    session.stop();
  });
});
