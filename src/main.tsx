import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createConsoleReporter, reportUnhandled } from './app/errors.ts';
import { captureTracking } from './app/tracking.ts';
import './ui/tokens.css';
import './ui/global.css';

// Attribution parameters are kept from the landing page on, whatever page that is (spec 3, 9).
captureTracking(window.location.search, document, window.location.protocol === 'https:');
reportUnhandled(window, createConsoleReporter());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
