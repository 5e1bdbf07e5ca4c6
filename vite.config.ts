import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildStamp, precompress } from './scripts/build-plugins.ts';
import { checkoutSharedChunk } from './scripts/chunk-groups.ts';

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
        //
        // What the pages loaded on demand share goes into a few chunks instead of one per set of
        // pages that share it (decision 065). Left to itself the bundler made a chunk of each
        // date-fns function and each small domain module two pages share: a chart page fetched 21
        // files beside its first chunk and the branch finder 23. On a phone's network each fetch
        // takes its round trip and a share of the line, so the first chunk, which every paint
        // waits for, arrived last.
        // - 'calculator-later': what the calculator page loads after its first paint (the home
        //   page's panels, the calculator's cut-off line, and every module they import), so that
        //   page fetches one file after its first paint, and no more bytes than before.
        // - 'dates': the rest of date-fns and @date-fns/tz.
        // - 'shared': the domain modules (contracts, texts, rules), valibot and the dialogs' opener
        //   (src/ui/modal.tsx, which fetches the dialog itself once the page is drawn) that two or
        //   more pages loaded on demand import.
        // - 'checkout-shared' (scripts/chunk-groups.ts): what two or more of the checkout's steps
        //   share and nothing else loads.
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 4 },
            { name: 'calculator-later', test: /src[\\/]screens[\\/]home[\\/]home-panels\.tsx$|machines[\\/]calculator[\\/]calculator-cut-off\.ts$/, priority: 3 },
            { name: 'dates', test: /node_modules[\\/](date-fns|@date-fns)[\\/]/, priority: 2 },
            { name: 'shared', test: /[\\/]domain[\\/]|node_modules[\\/]valibot[\\/]|src[\\/]ui[\\/]modal\.tsx$/, minShareCount: 2, priority: 1 },
            { name: checkoutSharedChunk(), debugName: 'checkout-shared', priority: 0 },
          ],
        },
      },
    },
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
