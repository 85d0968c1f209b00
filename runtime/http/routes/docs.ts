/**
 * GET /docs (the interactive reference: Swagger UI, see runtime/http/docs/), its static files under
 * /docs/, and GET /openapi.json. All answered without a key and without using quota, each with a
 * strong ETag (a 304 to a matching If-None-Match) and gzipped for clients that accept it (the
 * document with its examples is 74 KB, 16 KB gzipped).
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { DOCS_ASSET_CACHE_CONTROL, DOCS_ASSET_PATHS, docsAsset, makeAsset, type DocsAsset } from '../docs/assets.ts';
import { DOCS_CSP, DOCS_HTML } from '../docs/page.ts';
import { listedTags } from '../etag.ts';
import { OPENAPI } from '../openapi/index.ts';
import { DOCS_CACHE_CONTROL } from '../response-headers.ts';

const acceptsGzip = (c: Context<AppEnv>): boolean => /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');

function serve(c: Context<AppEnv>, asset: DocsAsset, cacheControl: string, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = { ...extra, ETag: asset.etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined && listedTags(ifNoneMatch).some((t) => t === asset.etag || t === '*')) return c.body(null, 304, headers);
  const gzip = acceptsGzip(c);
  return c.body(gzip ? asset.gzip : asset.body, 200, { ...headers, 'Content-Type': asset.type, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
}

/** Made on first request, then kept: a server that nobody reads the docs of never gzips them. */
function once(make: () => DocsAsset): () => DocsAsset {
  let asset: DocsAsset | undefined;
  return () => (asset ??= make());
}

export function registerDocs(app: Hono<AppEnv>): void {
  const page = once(() => makeAsset('text/html; charset=utf-8', new TextEncoder().encode(DOCS_HTML)));
  const doc = once(() => makeAsset('application/json', new TextEncoder().encode(JSON.stringify(OPENAPI))));
  app.get('/docs', (c) => serve(c, page(), DOCS_CACHE_CONTROL, { 'Content-Security-Policy': DOCS_CSP }));
  for (const assetPath of DOCS_ASSET_PATHS) {
    const name = assetPath.slice('/docs/'.length);
    app.get(assetPath, (c) => serve(c, docsAsset(name)!, DOCS_ASSET_CACHE_CONTROL));
  }
  app.get('/openapi.json', (c) => serve(c, doc(), DOCS_CACHE_CONTROL));
}
