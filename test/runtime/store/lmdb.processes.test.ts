import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLmdbStore } from '../../../runtime/store/lmdb.ts';
import { utcDay } from '../../../runtime/store/types.ts';
import { quotaRace, startWorker } from '../../helpers/workers/processes.ts';

describe('lmdb store shared by several processes', () => {
  it('admits exactly 500 of 3000 attempts from two processes with 64 concurrent consumers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-mp-'));
    const admitted = await quotaRace({ driver: 'lmdb', dir }, 'account:shared', 500, 1500, 32);
    expect(admitted[0]! + admitted[1]!).toBe(500);
    const store = createLmdbStore({ dir, now: () => Date.now() });
    expect(await store.quotaUsed('account:shared', utcDay(Date.now()))).toBe(500);
    await store.close();
  });

  it('keeps every committed key and counter intact across 20 kill -9 of a writer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-kill-'));
    const committedKeys = new Map<string, string>();
    let maxUsed = 0;
    for (let run = 0; run < 20; run++) {
      const w = startWorker('hammer-worker.ts', [dir, String(run)]);
      // Kill at a random moment once it is writing.
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (w.output().length > 0) {
            clearInterval(check);
            setTimeout(resolve, Math.random() * 150);
          }
        }, 5);
      });
      w.child.kill('SIGKILL');
      await w.exited;
      for (const line of w.output().split('\n')) {
        const [kind, a, b] = line.split(' ');
        if (kind === 'k' && a && b && b.length === 64) committedKeys.set(a, b);
        if (kind === 'q' && a) maxUsed = Math.max(maxUsed, Number(a));
      }
      const store = createLmdbStore({ dir, now: () => Date.now() });
      for (const [id, digest] of committedKeys) {
        expect((await store.getKey(id))?.digest).toBe(digest);
        expect((await store.getKeyByDigest(digest))?.id).toBe(id);
      }
      const used = await store.quotaUsed('account:hammer', utcDay(Date.now()));
      // A commit may land after its line was lost to the kill, never the reverse.
      expect(used).toBeGreaterThanOrEqual(maxUsed);
      expect(used).toBeLessThanOrEqual(maxUsed + 1);
      maxUsed = used;
      await store.close();
    }
    expect(committedKeys.size).toBeGreaterThan(0);
  });

  it('sees a key written by another process at once, without reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-vis-'));
    const store = createLmdbStore({ dir, now: () => Date.now() });
    expect(await store.getKey('key_run_0')).toBeUndefined();
    const w = startWorker('hammer-worker.ts', [dir, 'run']);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (w.output().includes('k key_run_0')) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    w.child.kill('SIGKILL');
    await w.exited;
    expect((await store.getKey('key_run_0'))?.account).toBe('hammer');
    await store.close();
  });
});
