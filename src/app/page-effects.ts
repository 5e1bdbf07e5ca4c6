/**
 * The screens' handlers of what their page actors emit (navigation, tracking, postMessage, the
 * error reporter, toasts): effects that leave the actor system, so React carries them out.
 *
 * A page actor is the shop's child, spawned as its screen first renders, and it may emit as it
 * starts (the checkout announces the step it opens on) before the screen's effects have run. The
 * shop connects each page actor here before starting it (its `connectPage` action), and an event
 * no handler is listening for yet is kept until the first handler of its type arrives, for as
 * long as that actor is the page's.
 */
import type { AnyActorRef, AnyEventObject, Subscription } from 'xstate';

type Handler = (event: AnyEventObject) => void;

export interface PageEffects {
  /** The shop opened `page` with this actor: its emitted events come here from now on. */
  connect(page: string, actor: AnyActorRef | undefined): void;
  /** Handles `type` as `page`'s actors emit it (and any kept since that actor started). */
  on(page: string, type: string, handler: Handler): Subscription;
}

interface PageChannel {
  handlers: Map<string, Set<Handler>>;
  kept: AnyEventObject[];
  actor: AnyActorRef | undefined;
  subscription: Subscription | null;
}

export function createPageEffects(): PageEffects {
  const channels = new Map<string, PageChannel>();
  const channelOf = (page: string): PageChannel => {
    let channel = channels.get(page);
    if (!channel) {
      channel = { handlers: new Map(), kept: [], actor: undefined, subscription: null };
      channels.set(page, channel);
    }
    return channel;
  };
  const deliver = (channel: PageChannel, event: AnyEventObject) => {
    const handlers = channel.handlers.get(event.type);
    if (handlers && handlers.size > 0) handlers.forEach((h) => h(event));
    else channel.kept.push(event);
  };
  return {
    connect(page, actor) {
      const channel = channelOf(page);
      if (channel.actor === actor) return;
      channel.actor = actor;
      channel.subscription?.unsubscribe();
      channel.kept = [];
      channel.subscription = actor ? actor.on('*', (event) => deliver(channel, event)) : null;
    },
    on(page, type, handler) {
      const channel = channelOf(page);
      const handlers = channel.handlers.get(type) ?? new Set<Handler>();
      channel.handlers.set(type, handlers);
      handlers.add(handler);
      const waiting = channel.kept.filter((e) => e.type === type);
      channel.kept = channel.kept.filter((e) => e.type !== type);
      waiting.forEach(handler);
      return { unsubscribe: () => handlers.delete(handler) };
    },
  };
}
