import { describe, expect, it } from 'vitest';
import { get, makeApp } from '../../helpers/app-fixture.ts';

describe('headers on every answer', () => {
  it('sends X-Content-Type-Options: nosniff on successes, errors, 304s and preflights', async () => {
    const f = makeApp({ dailyQuota: 3 });
    const key = await f.newKey();
    const ok = await get(f, '/recipes', key);
    const answers = [
      ok,
      await get(f, '/recipes', key, { 'If-None-Match': ok.headers.get('etag')! }),
      await get(f, '/recipes?limit=0', key),
      await get(f, '/recipes', key),
      await get(f, '/recipes', undefined),
      await get(f, '/healthz'),
      await get(f, '/docs'),
      await get(f, '/openapi.json'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 304, 400, 429, 401, 200, 200, 200]);
    const preflight = await f.app.request('/recipes', { method: 'OPTIONS', headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' } });
    const postRes = await f.app.request('/healthz', { method: 'POST' });
    for (const h of [...answers.map((r) => r.headers), preflight.headers, postRes.headers]) {
      expect(h.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets dataset answers be cached privately and revalidated, and never stores errors or health', async () => {
    const f = makeApp();
    const key = await f.newKey();
    f.engine.listRecipes = () => {
      throw new Error('boom');
    };
    const cases = [
      ['/recipes/r0000000000a1', 'private, max-age=300'],
      ['/search?query=pasta', 'private, max-age=300'],
      ['/vocabularies', 'private, max-age=300'],
      ['/recipes/nope', 'no-store'],
      ['/recipes?limit=0', 'no-store'],
      ['/recipes', 'no-store'], // 500
      ['/nowhere', 'no-store'],
      ['/healthz', 'no-store'],
      ['/docs', 'public, max-age=300'],
      ['/openapi.json', 'public, max-age=300'],
    ] as const;
    for (const [path, expected] of cases) {
      expect((await get(f, path, key)).headers.get('cache-control'), path).toBe(expected);
    }
    expect((await get(f, '/recipes')).headers.get('cache-control')).toBe('no-store'); // 401
  });
});
