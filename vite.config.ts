import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shop's front end. The API and the payment provider run on their own origins
// (see server/env.ts); the app learns the API base from VITE_API_BASE or from
// the runtime config the app host injects.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
