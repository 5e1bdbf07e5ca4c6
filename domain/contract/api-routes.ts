/**
 * Every route of the API: those the first page calls (./routes.ts) and those only the pages loaded
 * on demand call (./later-routes.ts). The server, the API's description, the mocks and the tests
 * read this; the shop's own calls import the half they use, so the first page's code carries only
 * its own.
 */
import { laterApiRoutes } from './later-routes.ts';
import { firstPageApiRoutes } from './routes.ts';

export const apiRoutes = { ...firstPageApiRoutes, ...laterApiRoutes };

export type ApiRouteName = keyof typeof apiRoutes;
