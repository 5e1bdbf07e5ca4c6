/**
 * The effects actor (systemId 'effects', the shop's child): the one actor that carries out what the
 * machines ask of the world outside the actors. The machines emit what they need (navigation,
 * tracking, a payment report to the page holding the frame, the address's query, an error report)
 * and the shop tells the effects actor each actor that may ask, as it starts it and before it runs
 * (`actor.started`), so nothing said as an actor starts is missed; the shop's own failures it sends
 * as `error.reported`. The app gives the logic (src/app/effects.ts): the router's navigate, the
 * marketing tracker, the error reporter, postMessage. Without it (machine tests) nothing is done.
 */
import { fromCallback, type CallbackActorLogic } from 'xstate';
import type { SystemActorRef } from '../system.ts';

/** The actors whose emitted events are effects: the cart, and the pages that ask for any. */
export const ACTORS_WITH_EFFECTS = ['cart', 'calculator', 'checkout', 'chart', 'paymentResponse'] as const;
export type ActorWithEffects = (typeof ACTORS_WITH_EFFECTS)[number];

export type ActorStarted = { [Id in ActorWithEffects]: { type: 'actor.started'; id: Id; actor: SystemActorRef<Id> } }[ActorWithEffects];

export type EffectsEvent = ActorStarted | { type: 'error.reported'; error: unknown; where: string };

export type EffectsLogic = CallbackActorLogic<EffectsEvent>;

/** The stand-in until the app gives the effects: it carries out nothing. */
export const noEffects: EffectsLogic = fromCallback<EffectsEvent>(() => undefined);

export function isActorWithEffects(id: string): id is ActorWithEffects {
  return (ACTORS_WITH_EFFECTS as readonly string[]).includes(id);
}
