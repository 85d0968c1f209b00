import { describe, expect, it } from 'vitest';
import { get, makeApp, T0 } from '../../../helpers/app-fixture.ts';
import { assertMatchesOpenApi } from '../../../helpers/openapi-validator.ts';

const NEXT_MIDNIGHT = '2025-03-02T00:00:00.000Z';

describe('GET /usage', () => {
  it("reports the key account's allowance, shared by all its keys", async () => {
    const f = makeApp({ dailyQuota: 10 });
    const a = await f.newKey('acme');
    const b = await f.newKey('acme');
    for (let i = 0; i < 3; i++) await get(f, '/recipes', a);
    const r = await get(f, '/usage', b);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ limit: 10, used: 3, remaining: 7, resetAt: NEXT_MIDNIGHT });
    assertMatchesOpenApi('/usage', 200, r.body);
    expect(r.headers.get('ratelimit')).toBe(`limit=10, remaining=7, reset=${(Date.parse(NEXT_MIDNIGHT) - T0) / 1000}`);
    expect((await get(f, '/usage', await f.newKey('other'))).body.used).toBe(0);
  });

  it('uses no allowance itself, and still answers once the allowance is used up', async () => {
    const f = makeApp({ dailyQuota: 2 });
    const key = await f.newKey();
    for (let i = 0; i < 5; i++) expect((await get(f, '/usage', key)).body.used).toBe(0);
    await get(f, '/recipes', key);
    await get(f, '/recipes', key);
    expect((await get(f, '/recipes', key)).status).toBe(429);
    const r = await get(f, '/usage', key);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ limit: 2, used: 2, remaining: 0 });
  });

  it('reports the client address allowance without a key while keys are optional', async () => {
    const f = makeApp({ requireKey: false, dailyQuota: 5 });
    await get(f, '/recipes', undefined, { 'x-test-client': '198.51.100.7' });
    expect((await get(f, '/usage', undefined, { 'x-test-client': '198.51.100.7' })).body).toMatchObject({ used: 1, remaining: 4 });
    expect((await get(f, '/usage', undefined, { 'x-test-client': '198.51.100.8' })).body).toMatchObject({ used: 0, remaining: 5 });
  });

  it('authenticates like the API: 401 without a key where one is required, or with a bad key', async () => {
    const f = makeApp({ requireKey: true });
    expect((await get(f, '/usage')).status).toBe(401);
    const r = await get(f, '/usage', 'rdb_live_nope');
    expect(r.status).toBe(401);
    assertMatchesOpenApi('/usage', 401, r.body);
  });

  it('rejects parameters with a 400 that is not counted, and is never cached or validated', async () => {
    const f = makeApp();
    const key = await f.newKey();
    const bad = await get(f, '/usage?verbose=1', key);
    expect(bad.status).toBe(400);
    assertMatchesOpenApi('/usage', 400, bad.body);
    const r = await get(f, '/usage', key);
    expect(r.body.used).toBe(0);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('etag')).toBeNull();
  });

  it('moves to a new day at UTC midnight', async () => {
    const f = makeApp();
    const key = await f.newKey();
    await get(f, '/recipes', key);
    f.setClock(Date.parse(NEXT_MIDNIGHT));
    expect((await get(f, '/usage', key)).body).toEqual({ limit: 500, used: 0, remaining: 500, resetAt: '2025-03-03T00:00:00.000Z' });
  });
});
