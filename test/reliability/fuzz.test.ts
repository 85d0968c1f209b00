/**
 * 10,000 seeded requests over every route, method and odd byte against `node dist/server.cjs`:
 * no 5xx, every error in the envelope with a JSON content type, every request answered, and the
 * server alive at the end (issue 20, "The suite"). FUZZ_SEED=n reproduces a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/bitmaps.ts';
import { exchange, type Exchange } from './http-exchange.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const COUNT = 10_000;
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED ?? 20);

const ROUTES = ['/recipes', '/recipes/{id}', '/pantry', '/search', '/popular', '/ingredients', '/vocabularies', '/healthz', '/docs', '/openapi.json', '/', '/nope', '/recipes/', '//recipes', '/recipes/../healthz', '/%2e%2e/etc/passwd'];
const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'get', 'G3T', 'M-SEARCH'];
const PARAMS = ['limit', 'offset', 'query', 'ingredients', 'maxMissing', 'language', 'cuisine', 'course', 'diet', 'category', 'equipment', 'time', 'maxTotalMinutes', 'includeIngredients', 'excludeIngredients', 'minRating', 'maxCalories', 'assumeStaples', 'q', 'sort', '__proto__', 'constructor'];
const VALUES = ['10', '0', '-1', '1e3', '99999999999999999999', 'abc', 'chicken,rice', 'chicken,,rice', 'tomato soup', 'en', 'xx', 'italian', 'main-course', 'vegan', 'true', 'false', 'weekend', '', ' ', '红烧肉', 'crêpe', '%', '%zz', '%C3', '%E7%BA%A2', '\u0000', '<script>', '"\'', 'a'.repeat(300), '../../etc', '🍅'];

function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

function encodeValue(r: () => number, v: string): string {
  const mode = r();
  if (mode < 0.6) return encodeURIComponent(v);
  if (mode < 0.8) return v.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c)); // '%' and such raw
  return v; // raw: spaces, NUL and non-ASCII bytes as they are
}

/** One request as bytes, and whether it is a HEAD (no body in the answer). */
function makeCase(r: () => number): { bytes: Buffer; head: boolean; kind: string } {
  const method = pick(r, METHODS);
  let path = pick(r, ROUTES).replace('{id}', pick(r, ['abc', 'missing', '0', '%00', '..', 'a'.repeat(200), encodeURIComponent('红')]));
  const n = Math.floor(r() * 4);
  const params = Array.from({ length: n }, () => `${pick(r, PARAMS)}=${encodeValue(r, pick(r, VALUES))}`);
  if (params.length > 0) path += `?${params.join('&')}`;
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (r() < 0.2) headers.push(`Authorization: ${pick(r, ['Bearer rdb_live_x', 'Bearer', 'Basic Zm9vOmJhcg==', 'bearer  ', 'Bearer ' + 'k'.repeat(500)])}`);
  if (r() < 0.2) headers.push(`${pick(r, ['Accept', 'Accept-Encoding', 'Range', 'If-None-Match', 'Origin', 'X-Forwarded-For', 'Expect', 'Upgrade'])}: ${pick(r, ['*/*', 'gzip, br', 'bytes=0-10', '"x"', 'null', '1.2.3.4, ::1', '100-continue', 'websocket'])}`);
  let body = '';
  if (r() < 0.1) {
    body = pick(r, ['{}', 'x'.repeat(100), '\u0000\u0001']);
    headers.push(r() < 0.5 ? `Content-Length: ${Buffer.byteLength(body)}` : 'Transfer-Encoding: chunked');
    if (headers.at(-1)!.startsWith('Transfer')) body = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  }
  let text = `${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
  let kind = 'request';
  const special = r();
  if (special < 0.25) {
    // Odd bytes (never CR or LF, which would change the request's structure) inside the head.
    kind = 'odd bytes';
    const headEnd = text.indexOf('\r\n\r\n');
    const bytes = Buffer.from(text, 'utf8');
    const out: number[] = [...bytes];
    for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
      let b = Math.floor(r() * 256);
      if (b === 10 || b === 13) b = 0;
      out.splice(Math.floor(r() * headEnd), 0, b);
    }
    return { bytes: Buffer.from(out), head: method === 'HEAD', kind };
  }
  if (special < 0.32) {
    kind = 'structural';
    text = pick(r, [
      `GET /search?query=红烧肉 HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n`,
      `GET /recipes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(16_000 + Math.floor(r() * 30_000))}\r\n\r\n`,
      `GET /recipes?limit=${'9'.repeat(15_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /recipes HTTP/1.1\r\n\r\n`,
      `GET /recipes HTTP/1.0\r\n\r\n`,
      `GET /recipes HTTP/2.0\r\nHost: x\r\n\r\n`,
      `GET /recipes\r\n\r\n`,
      `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`,
      `POST /recipes HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `POST /recipes HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc`,
      `POST /recipes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      `GET /recipes HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n`,
      `GET /recipes HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      `GET /recipes HTTP/1.1\r\nHost: x\r\n Folded: header\r\n\r\n`,
      `GET /recipes HTTP/1.1\nHost: x\n\n`,
      `\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET http://example.com/recipes HTTP/1.1\r\nHost: example.com\r\n\r\n`,
      `GET * HTTP/1.1\r\nHost: x\r\n\r\n`,
      `\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003`,
    ]);
  }
  return { bytes: Buffer.from(text, 'utf8'), head: method === 'HEAD', kind };
}

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ RECIPES_DAILY_QUOTA: '1000000000' });
});
afterAll(async () => {
  await server?.dispose();
});

describe('fuzzing node dist/server.cjs', () => {
  it(`answers ${COUNT} odd requests with no 5xx, every error in the envelope, and stays up`, async () => {
    const r = mulberry32(SEED);
    const cases = Array.from({ length: COUNT }, () => makeCase(r));
    const results: Array<{ c: (typeof cases)[number]; x: Exchange }> = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          results.push({ c, x: await exchange(server.port, c.bytes, c.head) });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const show = (c: { bytes: Buffer }, x: Exchange) => `${JSON.stringify(c.bytes.toString('latin1').slice(0, 200))} -> ${JSON.stringify(x.raw.slice(0, 300))}`;
    const unanswered = results.filter(({ x }) => x.status === undefined);
    const fiveHundreds = results.filter(({ x }) => x.status !== undefined && x.status >= 500);
    const outsideEnvelope = results.filter(({ c, x }) => {
      if (x.status === undefined || x.status < 400) return false;
      if (!/^application\/json/.test(x.headers['content-type'] ?? '')) return true;
      if (c.head) return false;
      try {
        const e = (JSON.parse(x.body) as { error?: { message?: unknown; code?: unknown } }).error;
        return typeof e?.message !== 'string' || typeof e.code !== 'string';
      } catch {
        return true;
      }
    });
    const statuses: Record<string, number> = {};
    for (const { x } of results) statuses[String(x.status ?? 'none')] = (statuses[String(x.status ?? 'none')] ?? 0) + 1;
    console.log(`fuzz: ${COUNT} requests in ${seconds.toFixed(1)} s (seed ${SEED}); statuses ${JSON.stringify(statuses)}`);
    expect(unanswered.slice(0, 5).map(({ c, x }) => show(c, x))).toEqual([]);
    expect(fiveHundreds.slice(0, 5).map(({ c, x }) => show(c, x))).toEqual([]);
    expect(outsideEnvelope.slice(0, 5).map(({ c, x }) => show(c, x))).toEqual([]);
    expect(results).toHaveLength(COUNT);
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
    expect(server.child.exitCode).toBe(null);
    expect(server.log()).not.toContain('"request failed"');
  });
});
