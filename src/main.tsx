import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createConsoleReporter, reportUnhandled } from './app/errors.ts';
import { captureAffiliateId, captureTracking } from './app/tracking.ts';
import './ui/tokens.css';
import './ui/global.css';

// Attribution parameters are kept from the landing page on, whatever page that is (spec 3, 9).
captureTracking(window.location.search, document, window.location.protocol === 'https:');
// The affiliate a visitor arrives with goes with the cart they create (spec 1, 7.4, 7.6).
captureAffiliateId(window.location.search, sessionStorageOrUndefined());
reportUnhandled(window, createConsoleReporter());

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
