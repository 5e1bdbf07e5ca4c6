/**
 * A machine under test runs alone, but in the shop it tells other actors things through its
 * system (`system.get('cart')`). `systemWithRecorders` makes a system whose recorders stand in for
 * those actors under the given systemIds and push what they receive into `into`, in order with
 * whatever else the test collects there. Create the tested actor with the returned `parent` (and
 * the same clock) so that it joins that system before it starts.
 *
 * A recorder may answer too (`answers[systemId]`): what it resolves to is sent to the event's
 * `replyTo`, as the cart answers add to cart.
 */
import { createActor, fromCallback, type ActorOptions, type AnyActorLogic, type AnyActorRef, type AnyEventObject } from 'xstate';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export type Answerer = (event: AnyEventObject) => Promise<AnyEventObject> | undefined;

export function systemWithRecorders(systemIds: readonly string[], into: AnyEventObject[], clock?: Clock, answers: Record<string, Answerer> = {}): AnyActorRef {
  const root = createActor(fromCallback(() => undefined), clock ? { clock } : {});
  root.start();
  for (const systemId of systemIds) {
    createActor(
      fromCallback<AnyEventObject>(({ receive }) => {
        receive((event) => {
          into.push(event);
          const replyTo = (event as { replyTo?: AnyActorRef }).replyTo;
          const answer = answers[systemId]?.(event);
          if (replyTo && answer) void answer.then((reply) => replyTo.send(reply));
        });
      }),
      { parent: root, systemId },
    ).start();
  }
  return root;
}
