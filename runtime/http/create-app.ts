/**
 * createApp(deps): the whole HTTP surface as a Hono app. No environment, no disk, no listening:
 * runtime/server.ts does those. Order of work per request:
 *   request id → response headers → CORS (a preflight is answered here) → (exempt path? skip)
 *   auth → (unmetered path? skip) quota → ETag (If-None-Match → 304) → route → onError / notFound.
 * Decisions (documented in README and /docs):
 * - Non-GET methods on a known path → 405 with `Allow: GET, HEAD` (HEAD is answered as GET).
 * - Unknown paths → 404 after auth and quota (a typo costs one request like any other).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ApiError, apiError, isDatasetFault, renderError } from './errors.ts';
import { StoreUnavailableError } from '../errors.ts';
import { auth } from './auth.ts';
import { quota } from './quota.ts';
import { cors } from './cors.ts';
import { etag, VALIDATED_PATHS } from './etag.ts';
import { responseHeaders } from './response-headers.ts';
import { consoleLogger, type AppDeps, type AppEnv } from './context.ts';
import { registerRecipes } from './routes/recipes.ts';
import { registerPopular } from './routes/popular.ts';
import { registerIngredients } from './routes/ingredients.ts';
import { registerVocabularies } from './routes/vocabularies.ts';
import { registerHealth } from './routes/health.ts';
import { registerDocs } from './routes/docs.ts';
import { DOCS_ASSET_PATHS } from './docs/assets.ts';
import { registerSearch } from './routes/search.ts';
import { registerPantry } from './routes/pantry.ts';
import { registerUsage } from './routes/usage.ts';

/** Paths answered without a key and without counting against any allowance. */
export const EXEMPT_PATHS: ReadonlySet<string> = new Set(['/healthz', '/docs', '/openapi.json', ...DOCS_ASSET_PATHS]);
/** Paths that need authentication but use no allowance. */
export const UNMETERED_PATHS: ReadonlySet<string> = new Set(['/usage']);
/** Every routed path (405 for other methods on these). */
export const ROUTED_PATHS = ['/recipes', '/recipes/:id', '/pantry', '/search', '/popular', '/ingredients', '/vocabularies', '/usage', '/healthz', '/docs', '/openapi.json'];

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono<AppEnv>();
  const authenticate = auth(deps);
  const count = quota(deps);

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
  });
  app.use('*', responseHeaders());
  app.use('*', cors(deps.corsOrigins));
  app.use('*', async (c, next) => {
    if (EXEMPT_PATHS.has(c.req.path)) return next();
    await authenticate(c, async () => {
      if (UNMETERED_PATHS.has(c.req.path)) await next();
      else await count(c, next);
    });
  });

  const validate = etag(deps);
  for (const path of VALIDATED_PATHS) app.use(path, validate);

  registerRecipes(app, deps);
  registerPopular(app, deps);
  registerIngredients(app, deps);
  registerVocabularies(app, deps);
  registerSearch(app, deps);
  registerPantry(app, deps);
  registerUsage(app, deps);
  registerHealth(app, deps);
  registerDocs(app);
  for (const path of ROUTED_PATHS) {
    app.all(path, (c) => {
      const e = apiError('METHOD_NOT_ALLOWED', { method: c.req.method });
      throw new ApiError(e.code, e.message, { Allow: 'GET, HEAD' });
    });
  }

  app.notFound(() => {
    const r = renderError(apiError('ENDPOINT_NOT_FOUND'));
    return new Response(r.body, { status: r.status, headers: r.headers });
  });

  app.onError((err, c) => {
    const reported = err instanceof StoreUnavailableError && err.reported; // logged once per outage
    if ((!(err instanceof ApiError) || err.status >= 500) && !reported) {
      // Never log the Authorization header (or any header): method, path, id and stack only.
      logger.error('request failed', {
        method: c.req.method,
        path: c.req.path,
        requestId: c.get('requestId'),
        // Corrupt dataset bytes: the message names the file and what to run; a stack adds nothing.
        error: isDatasetFault(err) ? `${err.name}: ${err.message}` : err instanceof Error ? err.stack ?? err.message : String(err),
      });
    }
    const r = renderError(err);
    return new Response(r.body, { status: r.status, headers: r.headers });
  });

  return app;
}
