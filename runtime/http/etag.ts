/**
 * Validators for the API's dataset answers: every 200 of an API GET carries a strong ETag, and a
 * request whose If-None-Match holds it is answered 304 without a body.
 *
 * The tag is a hash of the request, not of the body: the answer to a request is a function of the
 * dataset version, the code that renders it and the request, so hashing those three (about 3 µs)
 * lets a 304 skip the query altogether, where hashing a 90 KB page of recipes would cost about
 * 100 µs on every 200. The request is normalised by sorting its query parameters (each parameter
 * may appear once, so their order never changes the answer); other spellings of one request
 * (`%41` for `A`) get other tags, which only costs a cache miss.
 *
 * A 304 is counted against the allowance like any answer: it runs after authentication and quota.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './context.ts';
import { DATASET_CACHE_CONTROL } from './response-headers.ts';

/**
 * Part of every tag, beside the dataset version: bump it when a code change alters any answer for
 * the same dataset and request (ranking, rendering), so that clients do not keep a stale answer
 * through a deploy.
 */
export const ANSWER_REVISION = 3;

/** The API paths whose 200s carry an ETag (their answers depend only on the dataset and the request). */
export const VALIDATED_PATHS = ['/recipes', '/recipes/:id', '/pantry', '/search', '/popular', '/ingredients', '/vocabularies'];

/** `"<22 base64url characters>"`: 128 bits of SHA-256 over version, revision, path and sorted query. */
export function requestEtag(datasetVersion: string, url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('#');
  const target = start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1).split('&').filter((s) => s !== '').sort().join('&');
  const digest = createHash('sha256').update(`${datasetVersion}\n${ANSWER_REVISION}\n${path}\n${query}`).digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 § 13.1.2): `W/"x"` matches `"x"`. */
export function listedTags(header: string): string[] {
  return header.split(',').map((t) => t.trim().replace(/^W\//, ''));
}

export function etag(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const tag = requestEtag(deps.engine.info.datasetVersion, c.req.url);
    const ifNoneMatch = c.req.header('If-None-Match');
    const listed = ifNoneMatch === undefined ? [] : listedTags(ifNoneMatch);
    if (listed.includes(tag)) return notModified(c, tag);
    await next();
    if (c.res.status !== 200) return;
    // `*` matches any current answer, so it is known only once the route has answered 200.
    if (listed.includes('*')) {
      c.res = notModified(c, tag);
      return;
    }
    c.res.headers.set('ETag', tag);
    c.res.headers.set('Cache-Control', DATASET_CACHE_CONTROL);
  };
}

function notModified(c: Context<AppEnv>, tag: string): Response {
  return c.body(null, 304, { ETag: tag, 'Cache-Control': DATASET_CACHE_CONTROL });
}
