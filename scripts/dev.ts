// Development: the API (and, once there, the payment provider) from server/, and the app
// through Vite's dev server with hot reload on the app port.
import { createServer } from 'vite';
import { spawn } from 'node:child_process';
import { injectShopConfig } from '../server/app-host.ts';
import { readEnv } from '../server/env.ts';

// The same runtime configuration the app host writes into index.html under `npm start`, so the
// dev server follows APP_PORT, API_PORT, PSP_PORT, the origins and SITE_ID too.
const config = readEnv();

const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SERVE_APP: '0' },
});
const vite = await createServer({
  server: { port: config.appPort },
  plugins: [
    {
      name: 'shop-runtime-config',
      transformIndexHtml: (html) =>
        injectShopConfig(html, { apiBase: config.apiBase, siteId: config.siteId, appOrigin: config.appOrigin, pspOrigin: config.pspOrigin }),
    },
  ],
});
await vite.listen();
vite.printUrls();
const stop = () => {
  api.kill();
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
