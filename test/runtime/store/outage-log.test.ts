/** Issue 20, item 5: a store outage is logged once when it starts and once when it ends. */
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../runtime/errors.ts';
import { createApp } from '../../../runtime/http/create-app.ts';
import { createMemoryStore } from '../../../runtime/store/memory.ts';
import { withOutageLog } from '../../../runtime/store/outage-log.ts';
import { createFakeEngine } from '../../helpers/fake-engine.ts';

describe('runtime/store/outage-log.ts', () => {
  it('logs one line when the store goes down and one with the refused count when it is back', async () => {
    const lines: { message: string; fields?: Record<string, unknown> }[] = [];
    const log = (message: string, fields?: Record<string, unknown>) => void lines.push({ message, fields });
    const inner = createMemoryStore({ now: () => 0 });
    let down = false;
    const consume = inner.consumeQuota.bind(inner);
    inner.consumeQuota = (...args) => (down ? Promise.reject(new StoreUnavailableError(new Error('connect ECONNREFUSED'))) : consume(...args));
    let t = 1_000;
    const store = withOutageLog(inner, { info: log, error: log }, () => t);

    await store.consumeQuota('ip:a', '2026-01-01', 10);
    expect(lines).toEqual([]);
    down = true;
    const refused: StoreUnavailableError[] = [];
    for (let i = 0; i < 1_000; i++) refused.push(await store.consumeQuota('ip:a', '2026-01-01', 10).then(() => { throw new Error('admitted'); }, (e: StoreUnavailableError) => e));
    expect(refused.every((e) => e instanceof StoreUnavailableError && e.reported)).toBe(true);
    expect(lines).toEqual([{ message: 'store unavailable: refusing requests with 503 until it is back', fields: { cause: 'connect ECONNREFUSED' } }]);
    t = 4_500;
    down = false;
    expect((await store.consumeQuota('ip:a', '2026-01-01', 10)).allowed).toBe(true);
    await store.consumeQuota('ip:a', '2026-01-01', 10);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ message: 'store available again', fields: { downMs: 3_500, refused: 1_000 } });
  });

  it('leaves the app to answer 503 per request without logging each one', async () => {
    const errors: string[] = [];
    const logger = { info: () => {}, error: (m: string) => void errors.push(m) };
    const inner = createMemoryStore({ now: () => 0 });
    inner.consumeQuota = () => Promise.reject(new StoreUnavailableError(new Error('timeout')));
    const app = createApp({ engine: createFakeEngine(), store: withOutageLog(inner, logger), now: () => 0, requireKey: false, dailyQuota: 500, logger });
    for (let i = 0; i < 50; i++) expect((await app.request('/recipes?limit=1')).status).toBe(503);
    expect(errors).toEqual(['store unavailable: refusing requests with 503 until it is back']);
  });
});
