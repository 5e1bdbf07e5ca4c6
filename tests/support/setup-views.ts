import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
