/**
 * The app's context: the services (config, API client, session link, error reporter, marketing
 * tracker), the one-off reads, the page settings and the root actors. Screens read them with
 * useShopServices(), useShopReads(), useSiteSettings() and useShopActors(), and pass child actor
 * refs down as props.
 *
 * One root actor, the shop (machines/shop), is created here, once per mounted app (never at module
 * level: one app per page, a fresh one per test or story), with the inspector options; every other
 * actor is its child, in its system. The session starts at once; the pages, and the cart whose
 * rules depend on the page settings, start once the shop has read the settings.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { SiteProduct, SiteSettings } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import type { ShopSettings, ShopSnapshot } from '#machines/shop/shop.machine.ts';
import {
  browserTokenStorage,
  createSessionLink,
  createShopReads,
  createShopServices,
  provideShop,
  type CartActorRef,
  type SessionActorRef,
  type ShopActorRef,
  type ShopActors,
  type ShopReads,
  type ShopServiceOverrides,
  type ShopServices,
  type TokenStorage,
} from './actors.ts';
import { getConfig, readPreloadedReads, type ShopConfig } from './config.ts';
import { deferredInspector, isAnyViewAskedFor } from './inspect-gate.ts';
import type { InspectEnv, InspectObserver } from './inspector.ts';
import type { Navigate } from './navigation.ts';
import { createPageEffects, type PageEffects } from './page-effects.ts';
import { affiliateIdFrom } from './tracking.ts';
import { useEmitted } from './use-emitted.ts';

const ServicesContext = createContext<ShopServices | null>(null);
const ReadsContext = createContext<ShopReads | null>(null);
const SettingsContext = createContext<ShopSettings | null>(null);
const ActorsContext = createContext<ShopActors | null>(null);
const ShopContext = createContext<ShopActorRef | null>(null);
const PageEffectsContext = createContext<PageEffects | null>(null);
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** What every actor of the app is created with: the inspector, and for tests a simulated clock. */
export interface ShopActorOptions {
  inspect?: InspectObserver;
  clock?: Clock;
}
const ActorOptionsContext = createContext<ShopActorOptions>({});

export interface ShopProvidersProps {
  children: ReactNode;
  /** Tests and stories pass their own (e.g. the msw API base); the page's runtime config otherwise. */
  config?: ShopConfig;
  /** Where the session token is kept; localStorage by default, null for none. */
  storage?: TokenStorage | null;
  /** Error reporter, marketing tracker and, for tests, fetch. */
  overrides?: ShopServiceOverrides;
  /** The inspector options every actor gets; by default from ?inspect or VITE_INSPECT (inspector.ts). */
  inspect?: { inspect?: InspectObserver };
  /**
   * Where the root actors' `navigation.requested` go (the cart's redirect to /). The app passes
   * its router's; without one, a full navigation.
   */
  navigate?: Navigate;
  /** For tests and stories: XState's SimulatedClock drives every actor's timers. */
  clock?: Clock;
  /** The address the page opened on (location.pathname); / by default. */
  openingPath?: string;
}

function pageInspectOptions(): { inspect?: InspectObserver } {
  if (typeof window === 'undefined') return {};
  const { location } = window;
  const env = import.meta.env as InspectEnv;
  if (!isAnyViewAskedFor(location, env)) return {};
  // The views load as their own chunk; the events of the first moments wait for them, in order.
  const { inspect } = deferredInspector(() => import('./inspector.ts').then((m) => ({ inspect: m.inspectOptions(location, env).inspect ?? (() => {}) })));
  return { inspect };
}

function fullNavigation(to: string) {
  window.location.assign(to);
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function createRoot(props: Omit<ShopProvidersProps, 'children'>) {
  const link = createSessionLink();
  // A real page (no config given) answers its first reads from what the app host wrote into it.
  const overrides = props.config === undefined ? { preloaded: readPreloadedReads(), ...props.overrides } : props.overrides;
  const services = createShopServices(props.config ?? getConfig(), link, overrides);
  const effects = createPageEffects();
  return {
    link,
    services,
    effects,
    reads: createShopReads(services),
    shop: provideShop(services, props.storage === undefined ? browserTokenStorage() : props.storage, effects),
  };
}

type Root = ReturnType<typeof createRoot>;

export function ShopProviders({ children, ...props }: ShopProvidersProps) {
  const [root] = useState(() => createRoot(props));
  const [options] = useState<ShopActorOptions>(() => ({ ...(props.inspect ?? pageInspectOptions()), ...(props.clock ? { clock: props.clock } : {}) }));

  // The one root actor: every other actor is its child, in its system.
  const shop = useActorRef(root.shop, {
    systemId: 'shop',
    input: {
      siteId: root.services.config.siteId,
      affiliateCode: affiliateIdFrom(sessionStorageOrUndefined()),
      ...(props.openingPath === undefined ? {} : { openingPath: props.openingPath }),
    },
    ...options,
  });
  // The API client reads the token from the session and reports 401/403 to it.
  const session = useSelector(shop, selectSessionRef);
  root.link.connect(session);
  useEmitted(shop, 'error.reported', (event) => root.services.errors.report(event.error, { where: event.where }));
  const status = useSelector(shop, selectSettingsStatus);
  const retry = useCallback(() => shop.send({ type: 'settings.retried' }), [shop]);

  let content: ReactNode;
  if (status === 'ready') {
    content = (
      <RootActors root={root} shop={shop} session={session} navigate={props.navigate ?? fullNavigation}>
        {children}
      </RootActors>
    );
  } else if (status === 'failed') {
    content = (
      <Notice tone="error" title={messages.somethingWentWrong}>
        <Button variant="secondary" onClick={retry}>
          {messages.retry}
        </Button>
      </Notice>
    );
  } else {
    content = <Spinner label={messages.loadingPage} size="large" />;
  }

  return (
    <ServicesContext value={root.services}>
      <ReadsContext value={root.reads}>
        <ActorOptionsContext value={options}>
          <ShopContext value={shop}>
            <PageEffectsContext value={root.effects}>{content}</PageEffectsContext>
          </ShopContext>
        </ActorOptionsContext>
      </ReadsContext>
    </ServicesContext>
  );
}

function selectSessionRef(snapshot: ShopSnapshot): SessionActorRef {
  // Invoked at the root from the first snapshot on.
  return snapshot.children.session as SessionActorRef;
}

function selectSettingsStatus(snapshot: ShopSnapshot): 'loading' | 'failed' | 'ready' {
  if (snapshot.hasTag('ready')) return 'ready';
  return snapshot.hasTag('failed') ? 'failed' : 'loading';
}

interface RootActorsProps {
  root: Root;
  shop: ShopActorRef;
  session: SessionActorRef;
  navigate: Navigate;
  children: ReactNode;
}

/** What the pages share once the settings are read: the settings, and the cart (with its countdown child). */
function RootActors({ root, shop, session, navigate, children }: RootActorsProps) {
  const { services } = root;
  const settings = useSelector(shop, (s) => s.context.shopSettings) as ShopSettings;
  const cart = useSelector(shop, (s) => s.children.cart) as CartActorRef;
  useEmitted(cart, 'navigation.requested', (event) => navigate(event.to));
  useEmitted(cart, 'error.reported', (event) => services.errors.report(event.error, { where: event.where }));

  const actors = useMemo<ShopActors>(() => ({ session, cart }), [session, cart]);
  return (
    <SettingsContext value={settings}>
      <ActorsContext value={actors}>{children}</ActorsContext>
    </SettingsContext>
  );
}

export function useShopServices(): ShopServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useShopServices needs <ShopProviders> above it.');
  return services;
}

/** One-off reads (checkout content, branch details, address lookup) for usePromiseActor. */
export function useShopReads(): ShopReads {
  const reads = useContext(ReadsContext);
  if (!reads) throw new Error('useShopReads needs <ShopProviders> above it.');
  return reads;
}

/** The shop: the one root actor, whose children are every other actor (pages open and close on it). */
export function useShopActor(): ShopActorRef {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShopActor needs <ShopProviders> above it.');
  return shop;
}

/** Where the screens handle what their page actors emit (page-effects.ts). */
export function usePageEffects(): PageEffects {
  const effects = useContext(PageEffectsContext);
  if (!effects) throw new Error('usePageEffects needs <ShopProviders> above it.');
  return effects;
}

/** The root actors: `session`, and `cart` (its countdown: selectCountdownRef). */
export function useShopActors(): ShopActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useShopActors needs <ShopProviders> above it.');
  return actors;
}

/** The options every actor of this app gets (inspector, clock): spread them into useActorRef's. */
export function useShopInspectOptions(): ShopActorOptions {
  return useContext(ActorOptionsContext);
}

/** The site's page settings and feature flags (read before any page shows). */
export function useSiteSettings(): SiteSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSiteSettings needs <ShopProviders> above it.');
  return settings.settings;
}

/** Min and max spend per product of the site. */
export function useSiteProducts(): SiteProduct[] {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSiteProducts needs <ShopProviders> above it.');
  return settings.siteProducts;
}
