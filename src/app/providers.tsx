/**
 * The app's context: the services (config, API client, error reporter, marketing tracker) and,
 * once the machines are wired in actors.ts, the root actors. Screens read them with
 * useShopServices() / useShopActors() and pass child actor refs down as props.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { getConfig } from './config.ts';
import { createShopServices, type SessionLink, type ShopActors, type ShopServices } from './actors.ts';

const ServicesContext = createContext<ShopServices | null>(null);
const ActorsContext = createContext<ShopActors | null>(null);

/** Until the session actor is wired, calls go without a token and a 401 is only reported. */
const noSession: SessionLink = {
  getToken: () => null,
  unauthorized: () => {},
};

export interface ShopProvidersProps {
  children: ReactNode;
  /** Tests and stories pass their own services (e.g. an API client on the msw base). */
  services?: ShopServices;
}

export function ShopProviders({ children, services }: ShopProvidersProps) {
  // Created once per mounted app, never at module level (one app per page, fresh per test).
  const [value] = useState(() => services ?? createShopServices(getConfig(), noSession));
  const [actors] = useState<ShopActors>(() => ({}));
  return (
    <ServicesContext value={value}>
      <ActorsContext value={actors}>{children}</ActorsContext>
    </ServicesContext>
  );
}

export function useShopServices(): ShopServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useShopServices needs <ShopProviders> above it.');
  return services;
}

export function useShopActors(): ShopActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useShopActors needs <ShopProviders> above it.');
  return actors;
}
