import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadModalDialog } from '#src/ui/modal.tsx';
import { installWarningGuard } from './fail-on-warnings.ts';

// Registered before the cleanup below, so it runs after it (vitest runs after-hooks last in, first
// out): a warning printed while a test's components unmount fails that test too.
installWarningGuard();

// findBy* and waitFor wait up to 5 s, not Testing Library's 1 s: a page loaded on demand is
// transformed on its first import, which on a loaded two-core CI machine can take more than a
// second. A passing wait ends as soon as its element is there; only a failing one waits longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// A page's dialogs open as they are drawn, as in a browser once the page is idle
// (src/ui/modal.tsx); src/ui/modal.test.tsx opens one before its code is here.
beforeAll(async () => {
  await loadModalDialog();
});

// The views project shares one jsdom per worker (vitest.config.ts): each file starts from a page
// as a fresh jsdom would give it, whatever the file before it left behind.
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.replaceChildren();
  document.title = '';
  window.history.replaceState(null, '', '/');
});
