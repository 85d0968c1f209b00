/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff` (bodies are JSON or the docs'
 * HTML; a browser must never guess another type), and `Cache-Control: no-store` unless the route
 * set its own policy on a success:
 * - dataset answers (200 and 304 of the API routes): DATASET_CACHE_CONTROL, set with the ETag;
 * - /docs and /openapi.json: DOCS_CACHE_CONTROL, set by their route;
 * - errors, /healthz and /usage: `no-store` (they describe this moment, not the dataset).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Answers tied to a dataset version: `private` because they carry the caller's allowance headers
 * (and were asked with a key); a browser may reuse one for 5 minutes, then revalidates it with
 * If-None-Match (a 304 when the dataset has not changed).
 */
export const DATASET_CACHE_CONTROL = 'private, max-age=300';
/** The documentation changes only with a deploy. */
export const DOCS_CACHE_CONTROL = 'public, max-age=300';
export const NO_STORE = 'no-store';

export function responseHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    const ok = c.res.status === 200 || c.res.status === 304;
    if (!ok || !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', NO_STORE);
  };
}
