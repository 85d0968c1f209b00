/**
 * `kill -9` during quota races (issue 20, "The suite"): two `node dist/server.cjs` processes
 * share one LMDB state directory with an allowance of 2,500; 64 clients race through both while
 * one is killed and restarted, 10 times, and on until the allowance is spent (at most 40: a loaded
 * machine admits fewer requests between kills, and the kills must still fall on the race for the
 * last units). Never more than the allowance is admitted, the stored counter ends at exactly the
 * allowance, and the store opens at every restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLmdbStore } from '../../runtime/store/lmdb.ts';
import { utcDay } from '../../runtime/store/types.ts';
import { startServer, type ServerProcess } from './server-process.ts';

// Large enough that the allowance runs out in the middle of the kills, not before the first.
const ALLOWANCE = 2_500;
const CLIENTS = 64;
const KILLS = 10;
const MAX_KILLS = 40;

describe('kill -9 during quota races on the file store', () => {
  it(`admits at most ${ALLOWANCE} across ${KILLS} kill -9 of one of two servers, and the store opens every time`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-kill9-'));
    const env = { RECIPES_DAILY_QUOTA: String(ALLOWANCE) };
    const live: ServerProcess[] = [await startServer(env, dir), await startServer(env, dir)];
    const statuses: Record<string, number> = {};
    let stop = false;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const s = live[Math.floor(Math.random() * live.length)]!;
        try {
          const res = await fetch(`http://127.0.0.1:${s.port}/recipes?limit=1`, { signal: AbortSignal.timeout(5_000) });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        } catch {
          statuses.failed = (statuses.failed ?? 0) + 1; // the killed one
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    });
    let kills = 0;
    try {
      for (; kills < KILLS || (!statuses[429] && kills < MAX_KILLS); kills++) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 300));
        const victim = live.shift()!;
        victim.child.kill('SIGKILL');
        await victim.exited;
        live.push(await startServer(env, dir)); // throws unless it opens the store and listens
      }
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      stop = true;
      await Promise.all(clients);
      for (const s of live) await s.dispose(true);
    }
    const store = createLmdbStore({ dir: join(dir, 'state'), now: () => Date.now() });
    const used = await store.quotaUsed('ip:127.0.0.1', utcDay(Date.now()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    console.log(`kill -9 x${kills}: statuses ${JSON.stringify(statuses)}; stored counter ${used}`);
    expect(statuses[200] ?? 0).toBeLessThanOrEqual(ALLOWANCE);
    expect(statuses[429] ?? 0).toBeGreaterThan(0); // the allowance was exhausted during the run
    expect(used).toBe(ALLOWANCE);
    expect(Object.keys(statuses).filter((s) => !['200', '429', 'failed'].includes(s))).toEqual([]);
  });
});
