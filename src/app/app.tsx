import { useLayoutEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { shopNavigator } from './navigation.ts';
import { ShopProviders } from './providers.tsx';
import { ShopRoutes } from './router.tsx';

/**
 * The router's navigate for the shop's navigator (the actors ask for pages from outside the React
 * tree). A page asked for before the router is mounted is gone to once it is.
 */
export class RouterLink {
  private navigate: ((path: string) => void) | null = null;
  private pending: string[] = [];

  go = (path: string): void => {
    if (this.navigate === null) this.pending.push(path);
    else this.navigate(path);
  };

  connect(navigate: (path: string) => void): void {
    this.navigate = navigate;
    for (const path of this.pending.splice(0)) navigate(path);
  }
}

function RouterBridge({ link }: { link: RouterLink }) {
  const navigate = useNavigate();
  useLayoutEffect(() => link.connect((path) => void navigate(path)), [link, navigate]);
  return null;
}

export function App() {
  // One router per mounted app, created with the app (not at module level).
  const [link] = useState(() => new RouterLink());
  const [navigate] = useState(() => shopNavigator(link.go));
  const [openingPath] = useState(() => window.location.pathname);
  return (
    <BrowserRouter>
      <ShopProviders navigate={navigate} openingPath={openingPath}>
        <RouterBridge link={link} />
        <ShopRoutes />
      </ShopProviders>
    </BrowserRouter>
  );
}
