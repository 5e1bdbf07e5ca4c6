/**
 * The app's context: the services (config, API client, session link, error reporter, marketing
 * tracker), the one-off reads, and the root actors. Screens read them with useShopServices(),
 * useShopReads() and useShopActors(), and pass child actor refs down as props.
 *
 * The root actors are created here, once per mounted app (never at module level: one app per
 * page, a fresh one per test or story), each with its systemId and the inspector options.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import {
  ROOT_SYSTEM_IDS,
  browserTokenStorage,
  createSessionLink,
  createShopReads,
  createShopServices,
  provideSession,
  provideSiteSettings,
  type ShopActors,
  type ShopReads,
  type ShopServiceOverrides,
  type ShopServices,
  type TokenStorage,
} from './actors.ts';
import { getConfig, type ShopConfig } from './config.ts';
import { inspectOptions, type InspectEnv, type InspectObserver } from './inspector.ts';

const ServicesContext = createContext<ShopServices | null>(null);
const ReadsContext = createContext<ShopReads | null>(null);
const ActorsContext = createContext<ShopActors | null>(null);
const InspectContext = createContext<{ inspect?: InspectObserver }>({});

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
}

function pageInspectOptions(): { inspect?: InspectObserver } {
  if (typeof window === 'undefined') return {};
  return inspectOptions(window.location, import.meta.env as InspectEnv);
}

function createRoot(props: Omit<ShopProvidersProps, 'children'>) {
  const link = createSessionLink();
  const services = createShopServices(props.config ?? getConfig(), link, props.overrides);
  const reads = createShopReads(services);
  return {
    link,
    services,
    reads,
    session: provideSession(services, props.storage === undefined ? browserTokenStorage() : props.storage),
    siteSettings: provideSiteSettings(services),
  };
}

export function ShopProviders({ children, ...props }: ShopProvidersProps) {
  const [root] = useState(() => createRoot(props));
  const [inspect] = useState(() => props.inspect ?? pageInspectOptions());

  const session = useActorRef(root.session, {
    systemId: ROOT_SYSTEM_IDS.session,
    input: { siteId: root.services.config.siteId },
    ...inspect,
  });
  // The API client reads the token from this actor and reports 401/403 to it.
  root.link.connect(session);
  const siteSettings = useActorRef(root.siteSettings, { systemId: ROOT_SYSTEM_IDS.siteSettings, ...inspect });

  const actors = useMemo<ShopActors>(() => ({ session, siteSettings }), [session, siteSettings]);

  return (
    <ServicesContext value={root.services}>
      <ReadsContext value={root.reads}>
        <InspectContext value={inspect}>
          <ActorsContext value={actors}>{children}</ActorsContext>
        </InspectContext>
      </ReadsContext>
    </ServicesContext>
  );
}

export function useShopServices(): ShopServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useShopServices needs <ShopProviders> above it.');
  return services;
}

/** One-off reads (site settings, checkout content, branch details, address lookup) for usePromiseActor. */
export function useShopReads(): ShopReads {
  const reads = useContext(ReadsContext);
  if (!reads) throw new Error('useShopReads needs <ShopProviders> above it.');
  return reads;
}

/** The root actors (session, cart). */
export function useShopActors(): ShopActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useShopActors needs <ShopProviders> above it.');
  return actors;
}

/** The inspector options of this app, for the page-level actors (use-machines.ts). */
export function useShopInspectOptions(): { inspect?: InspectObserver } {
  return useContext(InspectContext);
}

/** The site's page settings and feature flags; null until read (or when they could not be). */
export function useSiteSettings(): SiteSettings | null {
  const { siteSettings } = useShopActors();
  return useSelector(siteSettings, (s) => (s.status === 'done' ? s.output : null));
}
