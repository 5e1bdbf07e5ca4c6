import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildStamp, precompress } from './scripts/build-plugins.ts';

// The shop's front end. The API and the payment provider run on their own origins
// (see server/env.ts); the app learns the API base from VITE_API_BASE or from
// the runtime config the app host injects.
export default defineConfig({
  // Brotli and gzip copies of the built files for the app host; a stamp for `npm start`.
  plugins: [react(), precompress(), buildStamp()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the entry and its chunks, read by the bundle budget check.
    manifest: true,
    // No modulepreload polyfill: the first page is one chunk its entry script is (plus rolldown's
    // runtime, which it imports at once), so there is nothing to preload on it, and the pages loaded
    // on demand preload their chunks through Vite's own helper.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Every module the entry imports statically, at any depth ('$initial'), in one chunk: the
        // first page loads all of them anyway, and one file compresses better than a dozen (gzip
        // and brotli see the whole first load at once, and no chunk names what another exports).
        // The chunks loaded on demand import from it what they share with the first page.
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
