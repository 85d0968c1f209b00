/**
 * The server publishing the offline client (RECIPES_SERVE_CLIENT=true; off by default, since it
 * hands out the whole dataset): GET and HEAD of `/client/...` (the bundle and the demo, from
 * dist/client) and `/data/...` (the dataset root: `current` and the version directories), as a
 * plain static host would, so that the client's lazy mode reads it by Range. Not an API route:
 * no key, no quota, no API headers; the server answers these before its app (runtime/server.ts).
 *
 * - Range: one `bytes=a-b`, `a-` or `-n` range answers 206 with Content-Range (416 when outside
 *   the file); several ranges answer the whole file (allowed by RFC 9110 § 14.2).
 * - ETag from size and modification time, If-None-Match → 304.
 * - Cache-Control: files of a version directory never change (their directory is named by their
 *   content hash): `immutable` for a year; `current` and the client's files are revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { apiError, renderError } from './errors.ts';

export interface PublishOptions {
  /** The dataset root (holding `current`) or one version directory, served under /data/. */
  dataRoot: string;
  /** The client's files (dist/client: index.mjs, demo/), served under /client/. */
  clientDir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.css': 'text/css; charset=utf-8', '.map': 'application/json',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A handler that answers the published paths and resolves to undefined for every other request. */
export function publishFiles(opts: PublishOptions): (req: Request) => Promise<Response | undefined> {
  const mounts = [
    { prefix: '/data/', dir: path.resolve(opts.dataRoot), immutable: (rel: string) => rel.includes('/') },
    { prefix: '/client/', dir: path.resolve(opts.clientDir), immutable: () => false },
  ];
  return async (req) => {
    const { pathname } = new URL(req.url);
    const mount = mounts.find((m) => pathname.startsWith(m.prefix) || pathname === m.prefix.slice(0, -1));
    if (!mount) return undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    let rel: string;
    try {
      rel = decodeURIComponent(pathname.slice(mount.prefix.length));
    } catch {
      return notFound();
    }
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    if (rel.split('/').some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return notFound();
    const file = path.join(mount.dir, rel);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return notFound();
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const headers: Record<string, string> = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': mount.immutable(rel) ? IMMUTABLE : REVALIDATE,
      'Accept-Ranges': 'bytes',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (req.headers.get('If-None-Match')?.split(',').some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
    const range = parseRange(req.headers.get('Range'), stat.size);
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${stat.size}` } });
    const [start, end] = range ?? [0, stat.size - 1];
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    const body = req.method === 'HEAD' || stat.size === 0 ? null : (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
    return new Response(body, { status: range ? 206 : 200, headers });
  };
}

function notFound(): Response {
  const r = renderError(apiError('ENDPOINT_NOT_FOUND'));
  return new Response(r.body, { status: r.status, headers: r.headers });
}

/** One byte range of a `Range` header: [first, last] inclusive, undefined for none (or several: the whole file), or unsatisfiable. */
export function parseRange(header: string | null, size: number): [number, number] | undefined | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Math.min(Number(m[2]), size);
    return n === 0 ? 'unsatisfiable' : [size - n, size - 1];
  }
  const first = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return first >= size || first > last ? 'unsatisfiable' : [first, last];
}

/** What /data/ serves for the version directory the server answers from: its parent when that holds `current` (so clients see it move), else the directory itself. */
export function publishedDataRoot(versionDir: string): string {
  const parent = path.dirname(versionDir);
  return fs.existsSync(path.join(parent, 'current')) ? parent : versionDir;
}
