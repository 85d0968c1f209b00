import { describe, expect, it } from 'vitest';
import { get, makeApp, T0 } from '../../helpers/app-fixture.ts';

const MIDNIGHT = Date.parse('2025-03-02T00:00:00.000Z');
const SECONDS_TO_MIDNIGHT = (MIDNIGHT - T0) / 1000; // 43200

describe('daily quota', () => {
  it('sends RateLimit-Policy and RateLimit headers on every counted response', async () => {
    const f = makeApp({ dailyQuota: 500 });
    const key = await f.newKey();
    const r = await get(f, '/recipes', key);
    expect(r.headers.get('ratelimit-policy')).toBe('500;w=86400');
    expect(r.headers.get('ratelimit')).toBe(`limit=500, remaining=499, reset=${SECONDS_TO_MIDNIGHT}`);
    const bad = await get(f, '/recipes?limit=0', key);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit')).toBe(`limit=500, remaining=498, reset=${SECONDS_TO_MIDNIGHT}`);
    const missing = await get(f, '/nowhere', key);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('ratelimit')).toBe(`limit=500, remaining=497, reset=${SECONDS_TO_MIDNIGHT}`);
  });

  it('answers 429 after the allowance with the exact message, Retry-After and RateLimit headers', async () => {
    const f = makeApp({ dailyQuota: 3 });
    const key = await f.newKey();
    for (let i = 0; i < 3; i++) expect((await get(f, '/recipes', key)).status).toBe(200);
    const r = await get(f, '/recipes', key);
    expect(r.status).toBe(429);
    expect(r.body.error.message).toBe('Rate limit exceeded for this API key. Try again later.');
    expect(r.headers.get('retry-after')).toBe(String(SECONDS_TO_MIDNIGHT));
    expect(r.headers.get('ratelimit')).toBe(`limit=3, remaining=0, reset=${SECONDS_TO_MIDNIGHT}`);
    expect(r.headers.get('ratelimit-policy')).toBe('3;w=86400');
  });

  it('shares the allowance between two keys of one account; another account is unaffected', async () => {
    const f = makeApp({ dailyQuota: 4 });
    const a = await f.newKey('acme');
    const b = await f.newKey('acme');
    const other = await f.newKey('globex');
    expect((await get(f, '/recipes', a)).status).toBe(200);
    expect((await get(f, '/recipes', b)).status).toBe(200);
    expect((await get(f, '/recipes', a)).status).toBe(200);
    expect((await get(f, '/recipes', b)).status).toBe(200);
    expect((await get(f, '/recipes', a)).status).toBe(429);
    expect((await get(f, '/recipes', b)).status).toBe(429);
    expect((await get(f, '/recipes', other)).status).toBe(200);
  });

  it('resets at midnight UTC', async () => {
    const f = makeApp({ dailyQuota: 1 });
    const key = await f.newKey();
    expect((await get(f, '/recipes', key)).status).toBe(200);
    f.setClock(MIDNIGHT - 1);
    const last = await get(f, '/recipes', key);
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('1');
    f.setClock(MIDNIGHT);
    const r = await get(f, '/recipes', key);
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit')).toBe('limit=1, remaining=0, reset=86400');
  });

  it('serves /healthz, /docs and /openapi.json without a key and without quota', async () => {
    const f = makeApp({ requireKey: true, dailyQuota: 1 });
    const key = await f.newKey();
    expect((await get(f, '/recipes', key)).status).toBe(200);
    for (const path of ['/healthz', '/docs', '/openapi.json']) {
      for (const k of [undefined, key]) {
        const r = await get(f, path, k);
        expect(r.status, path).toBe(200);
        expect(r.headers.get('ratelimit')).toBeNull();
      }
    }
    const health = await get(f, '/healthz');
    expect(health.body.status).toBe('ok');
  });

  it('admits exactly the allowance under concurrent requests', async () => {
    const f = makeApp({ dailyQuota: 25 });
    const key = await f.newKey();
    const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await get(f, '/popular', key)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });
});
