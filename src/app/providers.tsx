/**
 * The app's context: the services (config, API client, session link, error reporter, marketing
 * tracker), the one-off reads, the page settings and the root actors. Screens read them with
 * useShopServices(), useShopReads(), useSiteSettings() and useShopActors(), and pass child actor
 * refs down as props.
 *
 * The root actors are created here, once per mounted app (never at module level: one app per
 * page, a fresh one per test or story), each with its systemId and the inspector options. The
 * session starts at once; the pages, and the cart whose rules depend on the page settings, start
 * once the settings are read.
 */
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createActor, type ActorOptions, type AnyActorLogic } from 'xstate';
import type { SiteProduct, SiteSettings } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import {
  ROOT_SYSTEM_IDS,
  browserTokenStorage,
  cartInputOf,
  createSessionLink,
  createShopReads,
  createShopServices,
  provideCart,
  provideSession,
  provideShopSettings,
  type SessionActorRef,
  type ShopActors,
  type ShopReads,
  type ShopServiceOverrides,
  type ShopServices,
  type ShopSettings,
  type TokenStorage,
} from './actors.ts';
import { getConfig, type ShopConfig } from './config.ts';
import { inspectOptions, type InspectEnv, type InspectObserver } from './inspector.ts';
import type { Navigate } from './navigation.ts';
import { affiliateIdFrom } from './tracking.ts';
import { useEmitted } from './use-emitted.ts';

const ServicesContext = createContext<ShopServices | null>(null);
const ReadsContext = createContext<ShopReads | null>(null);
const SettingsContext = createContext<ShopSettings | null>(null);
const ActorsContext = createContext<ShopActors | null>(null);
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
}

function pageInspectOptions(): { inspect?: InspectObserver } {
  if (typeof window === 'undefined') return {};
  return inspectOptions(window.location, import.meta.env as InspectEnv);
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
  const services = createShopServices(props.config ?? getConfig(), link, props.overrides);
  return {
    link,
    services,
    reads: createShopReads(services),
    session: provideSession(services, props.storage === undefined ? browserTokenStorage() : props.storage),
    shopSettings: provideShopSettings(services),
    cart: provideCart(services),
  };
}

type Root = ReturnType<typeof createRoot>;

type SettingsLoad = { status: 'loading' } | { status: 'ready'; value: ShopSettings } | { status: 'failed'; retry: () => void };

/** Reads the page settings, again on each retry; a read in flight stops with the app. */
function useShopSettingsLoad(root: Root, options: ShopActorOptions): SettingsLoad {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ attempt: number; value: ShopSettings | null; failed: boolean }>({ attempt: -1, value: null, failed: false });
  useEffect(() => {
    const actor = createActor(root.shopSettings, { systemId: ROOT_SYSTEM_IDS.shopSettings, ...options });
    actor.subscribe({
      next: (snapshot) => {
        if (snapshot.status === 'done') setState({ attempt, value: snapshot.output, failed: false });
      },
      error: (error) => {
        root.services.errors.report(error, { where: 'shopSettings' });
        setState({ attempt, value: null, failed: true });
      },
    });
    actor.start();
    return () => {
      actor.stop();
    };
  }, [root, options, attempt]);

  if (state.value !== null) return { status: 'ready', value: state.value };
  if (state.failed && state.attempt === attempt) return { status: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { status: 'loading' };
}

export function ShopProviders({ children, ...props }: ShopProvidersProps) {
  const [root] = useState(() => createRoot(props));
  const [options] = useState<ShopActorOptions>(() => ({ ...(props.inspect ?? pageInspectOptions()), ...(props.clock ? { clock: props.clock } : {}) }));

  const session = useActorRef(root.session, {
    systemId: ROOT_SYSTEM_IDS.session,
    input: { siteId: root.services.config.siteId },
    ...options,
  });
  // The API client reads the token from this actor and reports 401/403 to it.
  root.link.connect(session);
  const settings = useShopSettingsLoad(root, options);

  let content: ReactNode;
  if (settings.status === 'ready') {
    content = (
      <RootActors root={root} session={session} settings={settings.value} options={options} navigate={props.navigate ?? fullNavigation}>
        {children}
      </RootActors>
    );
  } else if (settings.status === 'failed') {
    content = (
      <Notice tone="error" title={messages.somethingWentWrong}>
        <Button variant="secondary" onClick={settings.retry}>
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
        <ActorOptionsContext value={options}>{content}</ActorOptionsContext>
      </ReadsContext>
    </ServicesContext>
  );
}

interface RootActorsProps {
  root: Root;
  session: SessionActorRef;
  settings: ShopSettings;
  options: ShopActorOptions;
  navigate: Navigate;
  children: ReactNode;
}

/** The root actors that need the page settings: the cart (with its countdown child). */
function RootActors({ root, session, settings, options, navigate, children }: RootActorsProps) {
  const { services } = root;
  const cart = useActorRef(root.cart, {
    systemId: ROOT_SYSTEM_IDS.cart,
    input: cartInputOf(services.config, settings.settings, settings.siteProducts, affiliateIdFrom(sessionStorageOrUndefined())),
    ...options,
  });
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
