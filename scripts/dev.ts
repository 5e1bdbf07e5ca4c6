// Development: the API (and, once there, the payment provider) from server/, and the app
// through Vite's dev server with hot reload on the app port.
import { createServer } from 'vite';
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SERVE_APP: '0' },
});
const vite = await createServer({ server: { port: Number(process.env.APP_PORT ?? 3000) } });
await vite.listen();
vite.printUrls();
const stop = () => {
  api.kill();
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
