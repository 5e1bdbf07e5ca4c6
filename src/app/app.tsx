import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ShopProviders } from './providers.tsx';
import { ShopRoutes } from './router.tsx';

export function App() {
  // The address the page opened on: on some, the cart is known checked out (machines/shop).
  const [openingPath] = useState(() => window.location.pathname);
  return (
    <BrowserRouter>
      <ShopProviders openingPath={openingPath}>
        <ShopRoutes />
      </ShopProviders>
    </BrowserRouter>
  );
}
