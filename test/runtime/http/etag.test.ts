import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../helpers/app-fixture.ts';
import { requestEtag } from '../../../runtime/http/etag.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});

const API_GETS = [
  '/recipes?cuisine=italian&limit=2',
  '/recipes/r0000000000a1',
  '/pantry?ingredients=garlic',
  '/search?query=pasta',
  '/popular?limit=3',
  '/ingredients?q=gar',
  '/vocabularies',
];
const STRONG_TAG = /^"[A-Za-z0-9_-]{22}"$/;

const remaining = (r: { headers: Headers }) => Number(/remaining=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);

describe('ETag', () => {
  it('gives every 200 of an API GET a strong ETag, a different one per request', async () => {
    const tags = new Set<string>();
    for (const path of API_GETS) {
      const r = await get(f, path, key);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('etag'), path).toMatch(STRONG_TAG);
      tags.add(r.headers.get('etag')!);
    }
    expect(tags.size).toBe(API_GETS.length);
    const other = await get(f, '/recipes?cuisine=italian&limit=3', key);
    expect(tags.has(other.headers.get('etag')!)).toBe(false);
  });

  it('gives the same tag to the same parameters in another order', async () => {
    const a = await get(f, '/recipes?cuisine=italian&limit=2', key);
    const b = await get(f, '/recipes?limit=2&cuisine=italian', key);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(b.text).toBe(a.text);
  });

  it('changes the tag with the dataset version', async () => {
    const before = (await get(f, '/recipes', key)).headers.get('etag');
    f.engine.info = { ...f.engine.info, datasetVersion: 'ffffffffffffffff' };
    const after = await get(f, '/recipes', key, { 'If-None-Match': before! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(requestEtag('a', 'http://x/recipes')).not.toBe(requestEtag('b', 'http://x/recipes'));
  });

  it('answers 304 without a body and without running the query when If-None-Match holds the tag', async () => {
    for (const path of API_GETS) {
      const tag = (await get(f, path, key)).headers.get('etag')!;
      for (const header of [tag, `W/${tag}`, `"nope", ${tag}`]) {
        const r = await get(f, path, key, { 'If-None-Match': header });
        expect(r.status, `${path} ${header}`).toBe(304);
        expect(r.text).toBe('');
        expect(r.headers.get('etag')).toBe(tag);
        expect(r.headers.get('cache-control')).toBe('private, max-age=300');
      }
    }
    const tag = (await get(f, '/recipes?limit=5', key)).headers.get('etag')!;
    f.engine.lastPage = undefined;
    expect((await get(f, '/recipes?limit=5', key, { 'If-None-Match': tag })).status).toBe(304);
    expect(f.engine.lastPage).toBeUndefined();
  });

  it('answers HEAD with If-None-Match like GET', async () => {
    const tag = (await get(f, '/recipes', key)).headers.get('etag')!;
    const res = await f.app.request('/recipes', { method: 'HEAD', headers: { Authorization: `Bearer ${key}`, 'If-None-Match': tag } });
    expect(res.status).toBe(304);
  });

  it('counts a 304 against the allowance and sends the allowance headers with it', async () => {
    const first = await get(f, '/recipes', key);
    const r = await get(f, '/recipes', key, { 'If-None-Match': first.headers.get('etag')! });
    expect(r.status).toBe(304);
    expect(remaining(r)).toBe(remaining(first) - 1);
  });

  it('answers 200 to a tag that does not match, and If-None-Match: * with 304 only where there is an answer', async () => {
    expect((await get(f, '/recipes', key, { 'If-None-Match': '"stale"' })).status).toBe(200);
    expect((await get(f, '/recipes', key, { 'If-None-Match': '*' })).status).toBe(304);
    expect((await get(f, '/recipes/nope', key, { 'If-None-Match': '*' })).status).toBe(404);
  });

  it('gives no ETag to errors or /healthz', async () => {
    for (const [path, status] of [['/recipes?limit=0', 400], ['/recipes/nope', 404], ['/nowhere', 404], ['/healthz', 200]] as const) {
      const r = await get(f, path, key);
      expect(r.status, path).toBe(status);
      expect(r.headers.get('etag'), path).toBeNull();
    }
  });

  it('leaves /docs and /openapi.json their own ETag, a hash of their bytes, public (routes/docs.test.ts)', async () => {
    for (const path of ['/docs', '/openapi.json']) {
      const r = await get(f, path, key);
      expect(r.headers.get('etag'), path).toMatch(/^"[\w-]{22}"$/);
      expect(r.headers.get('etag'), path).not.toBe(requestEtag(f.engine.info.datasetVersion, `http://localhost${path}`));
      expect(r.headers.get('cache-control'), path).toBe('public, max-age=300');
    }
  });
});
