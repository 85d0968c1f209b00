/**
 * The static files of the interactive reference at /docs: Swagger UI's bundle and stylesheet
 * (the npm package swagger-ui-dist, pinned; chosen over Scalar's and Redoc's for size, offline use
 * and a try-it console: README § Docs) and our own start script. They are read from the installed
 * package on first request, never at import, so createApp stays free of disk work until /docs is
 * visited; the container keeps swagger-ui-dist in node_modules (a production dependency).
 *
 * Each file is served with a strong ETag (a hash of its bytes), `Cache-Control: public` for a day
 * and, to a client that accepts it, gzip made once (458 KB instead of 1.7 MB for the bundle).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { START_SCRIPT } from './page.ts';

export interface DocsAsset {
  type: string;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** URL path (under /docs/) → [file in swagger-ui-dist, or our start script; content type]. */
const FILES: Record<string, { file?: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'start.js': { type: 'text/javascript; charset=utf-8' },
};

/** The URL paths of the static files, answered without a key and without using quota. */
export const DOCS_ASSET_PATHS: readonly string[] = Object.keys(FILES).map((name) => `/docs/${name}`);

/**
 * The assets change only with a deploy (the tag names their bytes, so a revalidation after a day
 * is a 304); `public` because they are the same for every caller.
 */
export const DOCS_ASSET_CACHE_CONTROL = 'public, max-age=86400';

function packageDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** A file served as is: its bytes, their gzip and a strong ETag naming them. */
export function makeAsset(type: string, bytes: Uint8Array): DocsAsset {
  const body = new Uint8Array(bytes); // a copy on its own ArrayBuffer, as Response bodies want
  const digest = createHash('sha256').update(body).digest('base64url');
  return { type, body, gzip: new Uint8Array(gzipSync(body, { level: 9 })), etag: `"${digest.slice(0, 22)}"` };
}

const loaded = new Map<string, DocsAsset>();

/** The asset served at /docs/<name>, loaded on first use; undefined for another name. */
export function docsAsset(name: string): DocsAsset | undefined {
  const known = loaded.get(name);
  if (known) return known;
  const spec = FILES[name];
  if (!spec) return undefined;
  const body = spec.file === undefined ? new TextEncoder().encode(START_SCRIPT) : readFileSync(path.join(packageDir(), spec.file));
  const asset = makeAsset(spec.type, body);
  loaded.set(name, asset);
  return asset;
}
