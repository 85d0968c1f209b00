/** The app over the real compiled dataset (see test/global-setup.ts), a memory store and a fixed clock. */
import { inject } from 'vitest';
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { createApp } from '../../runtime/http/create-app.ts';
import { createMemoryStore } from '../../runtime/store/memory.ts';
import { createKey } from '../../runtime/store/keys.ts';
import type { Engine } from '../../runtime/query/engine.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

export async function realApp(opts: { dailyQuota?: number } = {}) {
  const dataset = openDataset(inject('realDataDir'));
  const engine: Engine = createEngine(dataset);
  const now = () => Date.parse('2026-06-01T12:00:00.000Z');
  const store = createMemoryStore({ now });
  const app = createApp({ engine, store, now, requireKey: true, dailyQuota: opts.dailyQuota ?? 1_000_000, logger: { info: () => {}, error: () => {} }, clientAddress: () => '127.0.0.1' });
  const { key } = await createKey(store, { account: 'tests', now });
  /** Every record in doc order (newest first): the oracle's view of the data. */
  const all: Recipe[] = Array.from({ length: engine.info.recipeCount }, (_, d) => engine.record(d));
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers: { Authorization: `Bearer ${key}`, ...headers } });
    const text = await res.text();
    // A 304 has no body.
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
  };
  return { app, engine, dataset, all, get, key };
}
