import { describe, expect, it } from 'vitest';
import { get, makeApp, T0 } from '../../helpers/app-fixture.ts';
import { utcDay } from '../../../runtime/store/types.ts';

const DAY = utcDay(T0);

describe('authentication', () => {
  it('answers 401 with the exact message when a key is required and none is sent', async () => {
    const f = makeApp({ requireKey: true });
    const r = await get(f, '/recipes');
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('An API key is required. Pass it as an Authorization: Bearer header.');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 401 "Invalid API key." for a key that does not exist', async () => {
    const f = makeApp();
    for (const k of ['rdb_live_' + 'A'.repeat(43), 'whatever']) {
      const r = await get(f, '/recipes', k);
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe('Invalid API key.');
    }
  });

  it('answers 401 "This API key has been disabled." for a revoked key', async () => {
    const f = makeApp();
    const k = await f.newKeyWithId();
    expect((await get(f, '/recipes', k.key)).status).toBe(200);
    await f.disable(k.id);
    const r = await get(f, '/recipes', k.key);
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('This API key has been disabled.');
  });

  it('answers 401 "This API key has expired." once the expiry has passed', async () => {
    const f = makeApp();
    const k = await f.newKey('acme', new Date(T0 + 60_000));
    expect((await get(f, '/recipes', k)).status).toBe(200);
    f.setClock(T0 + 60_000);
    const r = await get(f, '/recipes', k);
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('This API key has expired.');
  });

  it('answers 401 (not 400) to a malformed Authorization header, even when keys are optional', async () => {
    const f = makeApp({ requireKey: false });
    const key = await f.newKey();
    for (const h of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', `Bearer ${key} extra`, key, '', 'Token abc']) {
      const res = await f.app.request('/recipes', { headers: { Authorization: h } });
      expect(res.status, JSON.stringify(h)).toBe(401);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/Authorization header|Invalid API key/);
    }
    expect((await f.app.request('/recipes', { headers: { Authorization: `bearer ${key}` } })).status).toBe(200);
  });

  it('never uses quota on a 401', async () => {
    const f = makeApp({ requireKey: true, dailyQuota: 2 });
    const k = await f.newKeyWithId();
    await f.disable(k.id);
    for (let i = 0; i < 5; i++) {
      expect((await get(f, '/recipes', k.key)).status).toBe(401);
      expect((await get(f, '/recipes')).status).toBe(401);
      expect((await get(f, '/recipes', 'rdb_live_' + 'B'.repeat(43))).status).toBe(401);
    }
    expect(await f.store.quotaUsed('account:acme', DAY)).toBe(0);
    expect(await f.store.quotaUsed('ip:203.0.113.1', DAY)).toBe(0);
    const r = await get(f, '/recipes', k.key);
    expect(r.headers.get('ratelimit')).toBeNull();
  });

  it('serves requests without a key when keys are optional, counted per client address', async () => {
    const f = makeApp({ requireKey: false, dailyQuota: 2 });
    expect((await get(f, '/recipes')).status).toBe(200);
    expect((await get(f, '/recipes')).status).toBe(200);
    expect((await get(f, '/recipes')).status).toBe(429);
    expect((await get(f, '/recipes', undefined, { 'x-test-client': '198.51.100.7' })).status).toBe(200);
    expect(await f.store.quotaUsed('ip:203.0.113.1', DAY)).toBe(2);
  });

  it('sees a key disabled in the store on the very next request (no cache)', async () => {
    const f = makeApp();
    const k = await f.newKeyWithId();
    expect((await get(f, '/popular', k.key)).status).toBe(200);
    await f.store.disableKey(k.id, new Date(T0).toISOString());
    expect((await get(f, '/popular', k.key)).status).toBe(401);
  });
});
