/** Where the API describes itself: the OpenAPI document, and the page for people (with its files under it). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The same for every caller: never personal, so they may be kept (server/security-headers.ts). */
export const isDescriptionPath = (path: string): boolean => path === OPENAPI_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
