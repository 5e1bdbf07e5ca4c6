/**
 * `npm start`'s first step: builds the app only when its sources changed since the last build
 * (the rule is in scripts/app-build.ts, shared with the end-to-end harness).
 *
 *   npx tsx scripts/build-if-changed.ts     # FORCE_BUILD=1 builds anyway
 */
import { buildApp, staleReason } from './app-build.ts';

const reason = process.env.FORCE_BUILD === '1' ? 'FORCE_BUILD=1' : staleReason();
if (reason === null) {
  console.log('The app in dist/ is up to date with its sources: not rebuilding.');
} else {
  console.log(`Building the app (${reason}).`);
  buildApp();
}
