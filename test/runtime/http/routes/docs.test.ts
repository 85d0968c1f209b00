import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';
import { DOCS_ASSET_PATHS } from '../../../../runtime/http/docs/assets.ts';

let f: Fixture;
beforeEach(() => {
  f = makeApp({ requireKey: true, dailyQuota: 1 });
});

describe('GET /docs', () => {
  it('is a Swagger UI page over /openapi.json whose scripts and styles all come from /docs/', async () => {
    const r = await get(f, '/docs');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    const sources = [...r.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.sort()).toEqual(['docs/start.js', 'docs/swagger-ui-bundle.js', 'docs/swagger-ui.css', 'openapi.json']);
    expect(r.text).not.toMatch(/<script>/); // no inline script: the CSP below allows none
  });

  it('forbids the page every other host with its Content-Security-Policy', async () => {
    const csp = (await get(f, '/docs')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('starts Swagger UI without the validator badge (which would call validator.swagger.io)', async () => {
    const r = await get(f, '/docs/start.js');
    expect(r.text).toContain('validatorUrl: null');
    expect(r.text).toContain("new URL('openapi.json', document.baseURI)");
  });
});

describe('the static files of /docs', () => {
  it('are served without a key and use no allowance', async () => {
    for (const p of [...DOCS_ASSET_PATHS, '/docs', '/openapi.json']) expect((await get(f, p)).status, p).toBe(200);
    const key = await f.newKey();
    expect((await get(f, '/recipes', key)).status).toBe(200); // the allowance of 1 is still whole
  });

  it('are public for a day with a strong ETag, and a matching If-None-Match gets 304 without a body', async () => {
    for (const p of DOCS_ASSET_PATHS) {
      const r = await get(f, p);
      expect(r.headers.get('cache-control'), p).toBe('public, max-age=86400');
      const tag = r.headers.get('etag');
      expect(tag, p).toMatch(/^"[\w-]{22}"$/);
      const again = await get(f, p, undefined, { 'If-None-Match': `"x", ${tag}` });
      expect(again.status, p).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
    }
  });

  it('are gzipped for a client that accepts it, with the same bytes inside and Vary: Accept-Encoding', async () => {
    const plain = await f.app.request('/docs/swagger-ui-bundle.js');
    const zipped = await f.app.request('/docs/swagger-ui-bundle.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const raw = new Uint8Array(await plain.arrayBuffer());
    const packed = new Uint8Array(await zipped.arrayBuffer());
    expect(packed.length).toBeLessThan(raw.length / 3);
    expect(Buffer.from(gunzipSync(packed)).equals(Buffer.from(raw))).toBe(true);
    expect(zipped.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('include /docs and /openapi.json: a strong ETag, 304 and gzip, public for 5 minutes', async () => {
    for (const p of ['/docs', '/openapi.json']) {
      const r = await f.app.request(p, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(r.headers.get('content-encoding'), p).toBe('gzip');
      expect(r.headers.get('cache-control'), p).toBe('public, max-age=300');
      const tag = r.headers.get('etag')!;
      expect((await f.app.request(p, { headers: { 'If-None-Match': tag } })).status, p).toBe(304);
    }
    const doc = await f.app.request('/openapi.json');
    expect(doc.headers.get('content-type')).toBe('application/json');
    expect((await doc.json()).openapi).toBe('3.1.0');
  });

  it('is a 404 for any other file under /docs/', async () => {
    expect((await get(f, '/docs/index.html', await f.newKey())).status).toBe(404);
  });
});
