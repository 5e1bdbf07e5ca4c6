import { useLayoutEffect, useRef } from 'react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

/**
 * Handles one emitted event of an actor for as long as the component is mounted. Subscribed in a
 * layout effect, so before useActorRef starts the actor: nothing emitted at start is missed. The
 * handler may change between renders without resubscribing.
 */
export function useEmitted<E extends EventObject, T extends E['type']>(
  actor: ActorRef<Snapshot<unknown>, never, E>,
  type: T,
  handler: (event: Extract<E, { type: T }>) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    const subscription = actor.on(type, (event) => latest.current(event as Extract<E, { type: T }>));
    return () => subscription.unsubscribe();
  }, [actor, type]);
}
