/**
 * CORS for the shop's own origin, with credentials; other origins get no CORS headers at all.
 *
 * Every header is written before the route answers (Hono's prepared headers), never added to a
 * finished answer: a header added afterwards makes Hono copy the response, and the copy costs
 * @hono/node-server its fast path (about a third of a GET's time). Routes that vary by another
 * request header add to `Vary` (`{ append: true }`).
 */
import { createMiddleware } from 'hono/factory';

export interface ShopCorsOptions {
  allowMethods: readonly string[];
  allowHeaders: readonly string[];
  exposeHeaders: readonly string[];
  maxAgeSeconds: number;
}

export function shopCors(appOrigin: string, options: ShopCorsOptions) {
  const allowMethods = options.allowMethods.join(',');
  const allowHeaders = options.allowHeaders.join(',');
  const exposeHeaders = options.exposeHeaders.join(',');
  return createMiddleware(async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin !== undefined && origin === appOrigin;
    if (c.req.method === 'OPTIONS') {
      // A preflight: answered here, whatever the path.
      const headers: Record<string, string> = { Vary: 'Origin, Access-Control-Request-Headers' };
      if (allowed) {
        headers['Access-Control-Allow-Origin'] = origin;
        headers['Access-Control-Allow-Credentials'] = 'true';
        headers['Access-Control-Allow-Methods'] = allowMethods;
        headers['Access-Control-Allow-Headers'] = allowHeaders;
        headers['Access-Control-Max-Age'] = String(options.maxAgeSeconds);
      }
      return c.body(null, 204, headers);
    }
    c.header('Vary', 'Origin');
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Access-Control-Expose-Headers', exposeHeaders);
    }
    await next();
  });
}
