/**
 * Redis stopped and restarted under load against `node dist/server.cjs` with RECIPES_REDIS_URL
 * (issue 20, items 5 and "The suite"): fail closed (503 STORE_UNAVAILABLE, nothing admitted
 * unmetered), service back without a restart, and the outage logged once each way, not per 503.
 */
import { describe, expect, it } from 'vitest';
import { startRedisServer } from '../helpers/redis-server.ts';
import { startServer } from './server-process.ts';

const CLIENTS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Redis stopped and restarted under load', () => {
  it('answers 503 while Redis is down, serves again when it is back, and logs the outage twice in all', async () => {
    const redis = await startRedisServer();
    const server = await startServer({ RECIPES_REDIS_URL: redis.url, RECIPES_DAILY_QUOTA: '1000000000' });
    const phase = { name: 'before' as 'before' | 'stopping' | 'down' | 'after' };
    const seen: Record<string, Record<string, number>> = { before: {}, stopping: {}, down: {}, after: {} };
    const codes = new Set<string>();
    let stop = false;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const at = phase.name;
        const res = await fetch(`http://127.0.0.1:${server.port}/recipes?limit=1`, { signal: AbortSignal.timeout(5_000) });
        const body = (await res.json()) as { error?: { code: string } };
        if (at === phase.name) seen[at]![res.status] = (seen[at]![res.status] ?? 0) + 1; // not across a change
        if (body.error) codes.add(body.error.code);
        if (res.status === 503) await sleep(5);
      }
    });
    try {
      await sleep(1_000);
      phase.name = 'stopping';
      await redis.stop();
      phase.name = 'down';
      await sleep(3_000);
      await redis.start();
      phase.name = 'after';
      const deadline = Date.now() + 10_000;
      while ((seen.after![200] ?? 0) < 100 && Date.now() < deadline) await sleep(100);
      await sleep(500);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    const log = server.log();
    const pid = server.child.pid;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await redis.dispose();
    const outageLines = log.split('\n').filter((l) => /store unavailable|store available again/.test(l));
    console.log(`redis outage: ${JSON.stringify(seen)}; log ${log.length} bytes; ${outageLines.join(' | ')}`);
    expect(seen.before![200]).toBeGreaterThan(0);
    expect(Object.keys(seen.down!)).toEqual(['503']); // fail closed: nothing admitted while down
    expect(seen.down![503]).toBeGreaterThan(100);
    expect(seen.after![200]).toBeGreaterThanOrEqual(100); // back without a restart
    expect(server.child.pid).toBe(pid);
    expect([...codes]).toEqual(['STORE_UNAVAILABLE']);
    expect(outageLines).toHaveLength(2);
    expect(outageLines[1]).toMatch(/"refused":\d+/);
    expect(log).not.toContain('Caused by'); // no stack per refused request
    expect(log.length).toBeLessThan(10_000);
  });
});
