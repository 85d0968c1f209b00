/**
 * SIGTERM under keep-alive load against `node dist/server.cjs` (issue 20, item 3): no client is
 * reset, every request the store counted was answered, and the process exits 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLmdbStore } from '../../runtime/store/lmdb.ts';
import { utcDay } from '../../runtime/store/types.ts';
import { keepAliveLoad } from '../helpers/keep-alive-load.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const CLIENTS = 32;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

describe('SIGTERM under keep-alive load', () => {
  for (const round of [1, 2, 3]) {
    it(`drains ${CLIENTS} busy keep-alive clients with 0 resets, answers all it counted, exits 0 (round ${round})`, async () => {
      server = await startServer({ RECIPES_DAILY_QUOTA: '1000000000' });
      const s = server;
      const load = keepAliveLoad(s.port, '/recipes?limit=5', CLIENTS, 20_000);
      await new Promise((r) => setTimeout(r, 1_000 + round * 137));
      const t0 = Date.now();
      s.child.kill('SIGTERM');
      const [r, code] = await Promise.all([load, s.exited]);
      const ms = Date.now() - t0;
      console.log(`sigterm round ${round}: ${r.answered} answered (${r.closing} with Connection: close), ${r.resets.length} resets, ${r.refused} refused after; exit ${code} in ${ms} ms`);
      expect(r.resets).toEqual([]);
      expect(code).toBe(0);
      expect(r.refused).toBe(CLIENTS);
      expect(r.statuses).toEqual({ 200: r.answered });
      const store = createLmdbStore({ dir: s.stateDir, now: () => Date.now() });
      try {
        expect(await store.quotaUsed('ip:127.0.0.1', utcDay(Date.now()))).toBe(r.answered);
      } finally {
        await store.close();
      }
    });
  }
});
