/**
 * `npm start`'s first step: builds the app (dist/) and the server (dist-server/) only when their
 * sources changed since their last build (the rules are in scripts/app-build.ts and
 * scripts/server-build.ts, shared with the end-to-end harness).
 *
 *   npx tsx scripts/build-if-changed.ts     # FORCE_BUILD=1 builds anyway
 */
import { buildApp, staleReason } from './app-build.ts';
import { buildServer, serverStaleReason } from './server-build.ts';

const forced = process.env.FORCE_BUILD === '1' ? 'FORCE_BUILD=1' : null;
const appReason = forced ?? staleReason();
if (appReason === null) {
  console.log('The app in dist/ is up to date with its sources: not rebuilding.');
} else {
  console.log(`Building the app (${appReason}).`);
  buildApp();
}
const serverReason = forced ?? serverStaleReason();
if (serverReason === null) {
  console.log('The server in dist-server/ is up to date with its sources: not rebuilding.');
} else {
  console.log(`Building the server (${serverReason}).`);
  await buildServer();
}
