/**
 * CORS for browser apps on other origins (hono/cors underneath). Keys are bearer tokens, never
 * cookies, so any origin may call by default (`Access-Control-Allow-Origin: *`); a configured list
 * of origins narrows it, and then the allowed origin is echoed with `Vary: Origin`.
 *
 * A preflight (OPTIONS with Access-Control-Request-Method) is answered 204 here, before
 * authentication and quota: it carries no key and uses no allowance. Any other OPTIONS request is
 * an ordinary request for a method the API does not serve (405, counted like the other methods).
 */
import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import type { AppEnv } from './context.ts';

/** Response headers a browser script may read: the allowance, the validator and the request id. */
export const CORS_EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'ETag', 'X-Request-Id'];
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD'];
export const CORS_ALLOWED_HEADERS = ['Authorization', 'If-None-Match'];
/** Seconds a browser may reuse a preflight answer (Chromium caps this at 7200, Firefox at 86400). */
export const CORS_MAX_AGE_SECONDS = 7200;

/** `origins` undefined: any origin (`*`); otherwise only these exact origins. */
export function cors(origins?: readonly string[]): MiddlewareHandler<AppEnv> {
  const handle = honoCors({
    origin: origins === undefined ? '*' : [...origins],
    allowMethods: CORS_ALLOWED_METHODS,
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') === undefined) return next();
    return handle(c, next);
  };
}

const ORIGIN = /^https?:\/\/[^/?#\s*,]+$/i;

/**
 * RECIPES_CORS_ORIGINS: unset, empty or `*` → any origin; otherwise a comma list of origins such
 * as `https://app.example.com,http://localhost:5173` (scheme, host and optional port; no path).
 */
export function parseCorsOrigins(raw: string | undefined, fail: (message: string) => never): readonly string[] | undefined {
  const items = (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0 || (items.length === 1 && items[0] === '*')) return undefined;
  for (const item of items) {
    if (!ORIGIN.test(item)) fail(`RECIPES_CORS_ORIGINS must be '*' or a comma-separated list of origins such as 'https://app.example.com'; got '${item}'.`);
  }
  // Browsers send the origin lower-cased (RFC 6454 serialisation).
  return items.map((s) => s.toLowerCase());
}
