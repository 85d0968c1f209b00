/**
 * A plain static file server on loopback, as a static host or object store would be: GET and
 * HEAD of files under a root, one `Range: bytes=a-b` per request answered 206 with Content-Range
 * (or 416), no other magic. `noRanges` makes it ignore Range (200, whole file) as some hosts do.
 * Counts requests and body bytes sent, for the transfer tests and the bench.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml', '.css': 'text/css',
};

export interface StaticServer {
  url: string;
  stats: { requests: number; bytes: number; paths: string[] };
  close(): Promise<void>;
}

export async function staticServer(root: string, opts: { noRanges?: boolean } = {}): Promise<StaticServer> {
  const stats = { requests: 0, bytes: 0, paths: [] as string[] };
  const server = http.createServer((req, res) => {
    stats.requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    stats.paths.push(`${url.pathname}${req.headers.range ? ` ${req.headers.range}` : ''}`);
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    const size = fs.statSync(file).size;
    const headers: Record<string, string> = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    const m = opts.noRanges ? null : /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0;
    let end = size - 1;
    let status = 200;
    if (m) {
      start = Number(m[1]);
      end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
      if (start > end || start >= size) return void res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = String(end - start + 1);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    stats.bytes += end - start + 1;
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stats,
    // Keep-alive connections (a browser's) are cut too: a closed server is a network that is gone.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
