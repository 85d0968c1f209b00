/**
 * RECIPES_WORKERS=2 against `node dist/server.cjs` (issue 22, item 8): quotas stay exact across
 * the workers, SIGTERM drains them all without resetting a client (the port is closed before any
 * client is told to reconnect, runtime/serve/cluster.ts) and the primary exits 0, a worker that
 * dies is replaced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLmdbStore } from '../../runtime/store/lmdb.ts';
import { utcDay } from '../../runtime/store/types.ts';
import { keepAliveLoad } from '../helpers/keep-alive-load.ts';
import { makeRecipe } from '../helpers/make-recipe.ts';
import { buildFixture, type Fixture } from '../helpers/fixture-dataset.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const CLIENTS = 64;
const ALLOWANCE = 500;
let server: ServerProcess | undefined;
let fx: Fixture | undefined;
afterEach(async () => {
  await server?.dispose();
  fx?.cleanup();
  server = fx = undefined;
});

async function twoWorkers(env: Record<string, string> = {}): Promise<ServerProcess> {
  fx = buildFixture([makeRecipe({ id: 'r1', title: 'Soup' })]);
  const s = await startServer({ RECIPES_WORKERS: '2', RECIPES_DATA: fx.dir, ...env });
  // Both workers listening (the helper waits for the first).
  const deadline = Date.now() + 20_000;
  while (workerPids(s).length < 2) {
    if (Date.now() > deadline) throw new Error(`two workers did not start:\n${s.log()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return s;
}

/** The pids the workers logged when they started listening. */
function workerPids(s: ServerProcess): number[] {
  return [...s.log().matchAll(/"listening".*?"pid":(\d+)/g)].map((m) => Number(m[1]));
}

describe('RECIPES_WORKERS=2', () => {
  it(`admits exactly the allowance (${ALLOWANCE}) to ${CLIENTS} keep-alive clients spread over two workers`, async () => {
    server = await twoWorkers({ RECIPES_DAILY_QUOTA: String(ALLOWANCE) });
    const r = await keepAliveLoad(server.port, '/recipes?limit=1', CLIENTS, 20_000, (n) => {
      if (n === 2_000) server!.child.kill('SIGTERM');
    });
    expect(r.resets).toEqual([]);
    expect(r.statuses[200]).toBe(ALLOWANCE);
    expect(r.statuses[429]).toBe(r.answered - ALLOWANCE);
  });

  // Before the two-step stop (runtime/serve/cluster.ts), 10 such rounds reset 139 requests of clients reconnecting
  // while the shared socket was still open; 3 rounds fail it reliably.
  it('drains both workers on SIGTERM under load without a reset, 3 rounds: every request processed is answered 200, every reconnect is refused, and the primary exits 0', async () => {
    for (let round = 0; round < 3; round++) {
      server = await twoWorkers({ RECIPES_DAILY_QUOTA: '1000000000' });
      const s = server;
      const load = keepAliveLoad(s.port, '/recipes/r1', CLIENTS, 20_000, (n) => n === 300 && s.child.kill('SIGTERM'));
      const [r, code] = await Promise.all([load, s.exited]);
      expect(r.resets).toEqual([]);
      // Every client ends on a refused reconnect: the port closed before any was told to reconnect.
      expect(r.refused).toBe(CLIENTS);
      expect(r.statuses).toEqual({ 200: r.answered });
      expect(r.answered).toBeGreaterThanOrEqual(300);
      expect(code).toBe(0);
      const store = createLmdbStore({ dir: s.stateDir, now: () => Date.now() });
      try {
        expect(await store.quotaUsed('ip:127.0.0.1', utcDay(Date.now()))).toBe(r.answered);
      } finally {
        await store.close();
      }
      await s.dispose();
      fx?.cleanup();
      server = fx = undefined;
    }
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    server = await twoWorkers({ RECIPES_DAILY_QUOTA: '1000000000' });
    const [victim] = workerPids(server);
    process.kill(victim!, 'SIGKILL');
    for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${server.port}/recipes/r1`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (workerPids(server).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(workerPids(server)).toHaveLength(3);
    expect(server.log()).toContain('worker died: replacing it');
  });
});
