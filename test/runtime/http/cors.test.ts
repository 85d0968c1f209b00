import { describe, expect, it } from 'vitest';
import { get, makeApp, T0 } from '../../helpers/app-fixture.ts';
import { parseCorsOrigins } from '../../../runtime/http/cors.ts';
import { utcDay } from '../../../runtime/store/types.ts';

const DAY = utcDay(T0);
const APP_ORIGIN = 'https://app.example.com';

const preflight = (origin = APP_ORIGIN) => ({
  method: 'OPTIONS',
  headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
});

describe('CORS preflight', () => {
  it('answers a preflight 204 without a key, allowing GET, HEAD and the Authorization header', async () => {
    const f = makeApp({ requireKey: true });
    for (const path of ['/recipes', '/recipes/r0000000000a1', '/search', '/usage', '/healthz']) {
      const res = await f.app.request(path, preflight());
      expect(res.status, path).toBe(204);
      expect(await res.text()).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD');
      expect(res.headers.get('access-control-allow-headers')?.split(',')).toContain('Authorization');
      expect(res.headers.get('access-control-max-age')).toMatch(/^[1-9][0-9]*$/);
    }
  });

  it('uses no allowance: neither the keyless address nor a key account is counted', async () => {
    const f = makeApp({ requireKey: false, dailyQuota: 1 });
    const key = await f.newKey('acme');
    for (let i = 0; i < 3; i++) {
      expect((await f.app.request('/recipes', preflight())).status).toBe(204);
      const withKey = preflight();
      expect((await f.app.request('/recipes', { ...withKey, headers: { ...withKey.headers, Authorization: `Bearer ${key}` } })).status).toBe(204);
    }
    expect(await f.store.quotaUsed('ip:203.0.113.1', DAY)).toBe(0);
    expect(await f.store.quotaUsed('account:acme', DAY)).toBe(0);
    expect((await get(f, '/recipes', key)).status).toBe(200);
  });

  it('answers an OPTIONS that is not a preflight 405 like the other methods', async () => {
    const f = makeApp();
    const key = await f.newKey();
    const res = await f.app.request('/recipes', { method: 'OPTIONS', headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('CORS on answers', () => {
  it('lets any origin read every answer, errors included, and exposes the allowance, ETag and request id', async () => {
    const f = makeApp({ dailyQuota: 1 });
    const key = await f.newKey();
    const headers = { Origin: APP_ORIGIN };
    const answers = [
      await get(f, '/recipes', key, headers), // 200
      await get(f, '/recipes', key, headers), // 429
      await get(f, '/recipes', undefined, headers), // 401
      await get(f, '/healthz', undefined, headers),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 429, 401, 200]);
    for (const r of answers) {
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-expose-headers')?.split(',')).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'ETag', 'X-Request-Id']);
      expect(r.headers.get('vary')).toBeNull();
    }
  });

  it('with a list of origins, echoes an allowed origin with Vary: Origin and allows no other', async () => {
    const f = makeApp({ corsOrigins: [APP_ORIGIN, 'http://localhost:5173'] });
    const key = await f.newKey();
    const allowed = await get(f, '/recipes', key, { Origin: 'http://localhost:5173' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const other = await get(f, '/recipes', key, { Origin: 'https://evil.example' });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toContain('Origin');
    const pre = await f.app.request('/recipes', preflight('https://evil.example'));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('vary')).toContain('Origin');
    const ok = await f.app.request('/recipes', preflight());
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });
});

describe('RECIPES_CORS_ORIGINS', () => {
  const fail = (message: string): never => {
    throw new Error(message);
  };

  it('means any origin when unset, empty or *', () => {
    for (const raw of [undefined, '', ' ', '*', ' * ']) expect(parseCorsOrigins(raw, fail)).toBeUndefined();
  });

  it('reads a comma list of origins, trimmed and lower-cased', () => {
    expect(parseCorsOrigins(' https://App.Example.com, http://localhost:5173 ,', fail)).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('refuses a value that is not an origin, naming it', () => {
    for (const bad of ['app.example.com', 'https://a.example/path', 'ftp://a.example', 'https://*.example.com']) {
      expect(() => parseCorsOrigins(`https://ok.example,${bad}`, fail)).toThrow(`got '${bad}'`);
    }
  });
});
