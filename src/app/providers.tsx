/**
 * The app's context: the services (config, API client, session link, error reporter, marketing
 * tracker), the page settings and the root actors. Screens read them with useShopServices(),
 * useSiteSettings() and useShopActors(), and pass child actor refs down as props.
 *
 * One root actor, the shop (machines/shop), is created here, once per mounted app (never at module
 * level: one app per page, a fresh one per test or story), with the inspector options; every other
 * actor is its child, in its system. The session and the effects actor start at once; the cart, whose
 * rules depend on the page settings, and the pages once the shop has read the settings. The router's
 * location reaches the shop from the route sync at the root of the route table (./route-sync.tsx).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import styles from './providers.module.css';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import type { ShopSettings, ShopSnapshot } from '#machines/shop/shop.machine.ts';
import { SYSTEM_ID } from '#machines/system.ts';
import {
  createSessionLink,
  createShopServices,
  provideShop,
  type CartActorRef,
  type SessionActorRef,
  type ShopActorRef,
  type ShopActors,
  type ShopServiceOverrides,
  type ShopServices,
} from './actors.ts';
import { browserTokenStorage, type TokenStorage } from './browser-services.ts';
import { getConfig, readPreloadedReads, type ShopConfig } from './config.ts';
import { createEffects } from './effects.ts';
import { deferredInspector, isAnyViewAskedFor } from './inspect-gate.ts';
import type { InspectEnv, InspectObserver } from './inspector.ts';
import { shopNavigator, type Navigate } from './navigation.ts';
import { RouterLink } from './router-link.ts';
import { affiliateIdFrom } from './tracking.ts';

const ServicesContext = createContext<ShopServices | null>(null);
const SettingsContext = createContext<ShopSettings | null>(null);
const ActorsContext = createContext<ShopActors | null>(null);
const ShopContext = createContext<ShopActorRef | null>(null);
const RouterLinkContext = createContext<RouterLink | null>(null);
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** What every actor of the app is created with: the inspector, and for tests a simulated clock. */
export interface ShopActorOptions {
  inspect?: InspectObserver;
  clock?: Clock;
}

export interface ShopProvidersProps {
  children: ReactNode;
  /** Tests and stories pass their own (e.g. the msw API base); the page's runtime config otherwise. */
  config?: ShopConfig;
  /** Where the session token is kept; localStorage by default, null for none. */
  storage?: TokenStorage | null;
  /** Error reporter, marketing tracker, the page holding the payment frame and, for tests, fetch. */
  overrides?: ShopServiceOverrides & { parent?: Pick<Window, 'postMessage'> };
  /** The inspector options every actor gets; by default from ?inspect or VITE_INSPECT (inspector.ts). */
  inspect?: { inspect?: InspectObserver };
  /**
   * Where the actors' `navigation.requested` go. By default the router's (the route sync connects
   * it) for the shop's own addresses, a full navigation for another origin.
   */
  navigate?: Navigate;
  /** For tests and stories: XState's SimulatedClock drives every actor's timers. */
  clock?: Clock;
  /** The address the page opened on (location.pathname); / by default. */
  openingPath?: string;
}

/**
 * An observer the page was given before the app loaded: the end-to-end journeys record the events
 * each actor received with it (tests/e2e/support/flow-recorder.ts), to replay a failure as a path
 * test. Nothing more loads for it.
 */
const RECORDER_GLOBAL = '__flowRecorder';

function pageInspectOptions(): { inspect?: InspectObserver } {
  if (typeof window === 'undefined') return {};
  const { location } = window;
  const env = import.meta.env as InspectEnv;
  const recorder = (window as unknown as Record<string, unknown>)[RECORDER_GLOBAL];
  const record = typeof recorder === 'function' ? (recorder as (event: InspectionEvent) => void) : null;
  if (!isAnyViewAskedFor(location, env)) return record ? { inspect: record } : {};
  // The views load as their own chunk; the events of the first moments wait for them, in order.
  const { inspect } = deferredInspector(() => import('./inspector.ts').then((m) => ({ inspect: m.inspectOptions(location, env).inspect ?? (() => {}) })));
  if (!record) return { inspect };
  return {
    inspect: (event: InspectionEvent) => {
      record(event);
      inspect(event);
    },
  };
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The address bar's fragment, kept when the query changes; a memory address (tests) has none. */
function addressBarHash(pathname: string): string {
  return typeof window === 'undefined' || window.location.pathname !== pathname ? '' : window.location.hash;
}

function createRoot(props: Omit<ShopProvidersProps, 'children'>) {
  const link = createSessionLink();
  const routerLink = new RouterLink();
  // A real page (no config given) answers its first reads from what the app host wrote into it.
  const overrides = props.config === undefined ? { preloaded: readPreloadedReads(), ...props.overrides } : props.overrides;
  const services = createShopServices(props.config ?? getConfig(), link, overrides);
  const effects = createEffects({
    navigate: props.navigate ?? shopNavigator(routerLink.go),
    replace: routerLink.replace,
    location: routerLink.location,
    tracker: services.tracker,
    errors: services.errors,
    appOrigin: services.config.appOrigin,
    parent: props.overrides?.parent ?? window.parent,
    storage: sessionStorageOrUndefined,
    hash: addressBarHash,
  });
  return {
    link,
    routerLink,
    services,
    shop: provideShop(services, { storage: props.storage === undefined ? browserTokenStorage() : props.storage, effects }),
  };
}

export function ShopProviders({ children, ...props }: ShopProvidersProps) {
  const [root] = useState(() => createRoot(props));
  const [options] = useState<ShopActorOptions>(() => ({ ...(props.inspect ?? pageInspectOptions()), ...(props.clock ? { clock: props.clock } : {}) }));

  // The one root actor: every other actor is its child, in its system.
  const shop = useActorRef(root.shop, {
    systemId: SYSTEM_ID.shop,
    input: {
      siteId: root.services.config.siteId,
      affiliateCode: affiliateIdFrom(sessionStorageOrUndefined()),
      appOrigin: root.services.config.appOrigin,
      ...(props.openingPath === undefined ? {} : { openingPath: props.openingPath }),
    },
    ...options,
  });
  // The API client reads the token from the session and reports 401/403 to it; connected before
  // the shop starts (the actor starts in an effect, after every layout effect).
  const session = useSelector(shop, selectSessionRef);
  useLayoutEffect(() => root.link.connect(session), [root, session]);
  const status = useSelector(shop, selectSettingsStatus);
  const retry = useCallback(() => shop.send({ type: 'settings.retried' }), [shop]);

  let content: ReactNode;
  if (status === 'ready') {
    content = (
      <RootActors shop={shop} session={session}>
        {children}
      </RootActors>
    );
  } else if (status === 'failed') {
    content = (
      <div className={styles.beforeFrame}>
        <Notice tone="error" title={messages.somethingWentWrong}>
          <Button variant="secondary" onClick={retry}>
            {messages.retry}
          </Button>
        </Notice>
      </div>
    );
  } else if (status === 'loading') {
    content = (
      <div className={styles.beforeFrame}>
        <Spinner label={messages.loadingPage} size="large" />
      </div>
    );
  } else {
    content = null;
  }

  return (
    <ServicesContext value={root.services}>
      <ShopContext value={shop}>
        <RouterLinkContext value={root.routerLink}>{content}</RouterLinkContext>
      </ShopContext>
    </ServicesContext>
  );
}

function selectSessionRef(snapshot: ShopSnapshot): SessionActorRef {
  // Invoked at the root from the first snapshot on.
  return snapshot.children.session as SessionActorRef;
}

function selectSettingsStatus(snapshot: ShopSnapshot): 'starting' | 'loading' | 'failed' | 'ready' {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('failed')) return 'failed';
  // The spinner once the wait is long enough to notice (SPINNER_DELAY_MS); nothing before.
  return snapshot.hasTag('loading') ? 'loading' : 'starting';
}

interface RootActorsProps {
  shop: ShopActorRef;
  session: SessionActorRef;
  children: ReactNode;
}

/** What the pages share once the settings are read: the settings, and the cart (with its countdown child). */
function RootActors({ shop, session, children }: RootActorsProps) {
  const settings = useSelector(shop, (s) => s.context.shopSettings) as ShopSettings;
  // Null until the shop runs it (its machine loads on demand).
  const cart = useSelector(shop, (s) => (s.children.cart as CartActorRef | undefined) ?? null);
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

/** The shop: the one root actor, whose children are every other actor (it opens and closes the pages). */
export function useShopActor(): ShopActorRef {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShopActor needs <ShopProviders> above it.');
  return shop;
}

/** The router as the actors reach it (the route sync connects it). */
export function useRouterLink(): RouterLink {
  const link = useContext(RouterLinkContext);
  if (!link) throw new Error('useRouterLink needs <ShopProviders> above it.');
  return link;
}

/** The root actors: `session`, and `cart` (its countdown: selectCountdownRef). */
export function useShopActors(): ShopActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useShopActors needs <ShopProviders> above it.');
  return actors;
}

/** The site's page settings and feature flags (read before any page shows). */
export function useSiteSettings(): SiteSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSiteSettings needs <ShopProviders> above it.');
  return settings.settings;
}
