/**
 * GET /docs (the interactive reference: Swagger UI, see runtime/http/docs/), its static files under
 * /docs/, and GET /openapi.json. All answered without a key and without using quota.
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { DOCS_ASSET_CACHE_CONTROL, DOCS_ASSET_PATHS, docsAsset, type DocsAsset } from '../docs/assets.ts';
import { DOCS_CSP, DOCS_HTML } from '../docs/page.ts';
import { listedTags } from '../etag.ts';
import { OPENAPI } from '../openapi/index.ts';
import { DOCS_CACHE_CONTROL } from '../response-headers.ts';

const acceptsGzip = (c: Context<AppEnv>): boolean => /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');

function serveAsset(c: Context<AppEnv>, asset: DocsAsset): Response {
  const headers: Record<string, string> = { ETag: asset.etag, 'Cache-Control': DOCS_ASSET_CACHE_CONTROL, Vary: 'Accept-Encoding' };
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined && listedTags(ifNoneMatch).some((t) => t === asset.etag || t === '*')) return c.body(null, 304, headers);
  const gzip = acceptsGzip(c);
  return c.body(gzip ? asset.gzip : asset.body, 200, { ...headers, 'Content-Type': asset.type, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
}

export function registerDocs(app: Hono<AppEnv>): void {
  const doc = JSON.stringify(OPENAPI);
  app.get('/docs', (c) => c.html(DOCS_HTML, 200, { 'Cache-Control': DOCS_CACHE_CONTROL, 'Content-Security-Policy': DOCS_CSP }));
  for (const assetPath of DOCS_ASSET_PATHS) {
    const name = assetPath.slice('/docs/'.length);
    app.get(assetPath, (c) => serveAsset(c, docsAsset(name)!));
  }
  app.get('/openapi.json', (c) => c.body(doc, 200, { 'Content-Type': 'application/json', 'Cache-Control': DOCS_CACHE_CONTROL }));
}
