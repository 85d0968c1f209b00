/**
 * Fail closed, fast: with Redis down or hung, a request answers 503 STORE_UNAVAILABLE within a
 * second (ioredis defaults would hang it about 74 s, NOTES.md § Keys and quotas), and the same
 * store serves again once Redis is back. Own file: it stops its redis-server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../runtime/http/create-app.ts';
import type { Logger } from '../../../runtime/http/context.ts';
import { createKey } from '../../../runtime/store/keys.ts';
import { createRedisStore } from '../../../runtime/store/redis.ts';
import type { Store } from '../../../runtime/store/types.ts';
import { createFakeEngine } from '../../helpers/fake-engine.ts';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server.ts';

let redis: RedisServer;
let store: Store;
let key: string;
const logged: string[] = [];
const logger: Logger = { info: () => {}, error: (_m, fields) => logged.push(String(fields?.error)) };
const now = (): number => Date.now();

beforeAll(async () => {
  redis = await startRedisServer();
  store = await createRedisStore({ url: redis.url, now });
  key = (await createKey(store, { account: 'acme', now })).key;
});
afterAll(async () => {
  await store?.close();
  await redis?.dispose();
});

async function timedGet(app: ReturnType<typeof createApp>, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  const res = await app.request('/recipes?limit=1', { headers });
  return { status: res.status, ms: performance.now() - t0, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

describe('redis store unavailable', () => {
  it('answers 503 in under a second when Redis is down, with or without a key, and serves again when it is back', async () => {
    const app = createApp({ engine: createFakeEngine(), store, now, requireKey: false, dailyQuota: 500, logger });
    expect((await timedGet(app, { Authorization: `Bearer ${key}` })).status).toBe(200);
    await redis.stop();
    for (const headers of [{ Authorization: `Bearer ${key}` }, {}] as Record<string, string>[]) {
      const r = await timedGet(app, headers);
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(1000);
      expect(r.body.error).toEqual({ code: 'STORE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' });
      expect(r.retryAfter).toBe('5');
    }
    expect(logged.at(-1)).toContain('Caused by');
    await redis.start();
    const deadline = Date.now() + 10_000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await timedGet(app, { Authorization: `Bearer ${key}` })).status;
    }
    // Answered again; 401 because this Redis runs without persistence and lost the key on restart
    // (the reason production Redis runs with appendonly yes).
    expect(status).toBe(401);
  });

  it('answers 503 in under a second when Redis accepts connections but never replies', async () => {
    const app = createApp({ engine: createFakeEngine(), store, now, requireKey: false, dailyQuota: 500, logger });
    redis.freeze();
    try {
      const r = await timedGet(app);
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(1000);
    } finally {
      redis.thaw();
    }
  });

  it('refuses to open a store when nothing listens, within a second, naming the URL without its password', async () => {
    const t0 = performance.now();
    await expect(createRedisStore({ url: 'redis://:s3cret@127.0.0.1:1', now })).rejects.toThrow(/^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
