import { useState } from 'react';
// From 'react-router', not 'react-router/dom': the tests resolve those two entries to separate
// copies, and the router's hooks must see the provider of the same copy.
import { RouterProvider } from 'react-router';
import { shopNavigator } from './navigation.ts';
import { ShopProviders } from './providers.tsx';
import { createShopRouter } from './router.tsx';

export function App() {
  // One router per mounted app, created with the app (not at module level).
  const [router] = useState(createShopRouter);
  const [navigate] = useState(() => shopNavigator((path) => router.navigate(path)));
  return (
    <ShopProviders navigate={navigate}>
      <RouterProvider router={router} />
    </ShopProviders>
  );
}
