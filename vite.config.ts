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
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
