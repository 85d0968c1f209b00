/** Builds an app over the fake engine and a memory store, with a settable clock. */
import { createApp } from '../../runtime/http/create-app.ts';
import type { Logger } from '../../runtime/http/context.ts';
import { createMemoryStore } from '../../runtime/store/memory.ts';
import { createKey, disableKey } from '../../runtime/store/keys.ts';
import { createFakeEngine } from './fake-engine.ts';

export const T0 = Date.parse('2025-03-01T12:00:00.000Z');

export function makeApp(opts: { requireKey?: boolean; dailyQuota?: number; corsOrigins?: readonly string[] } = {}) {
  let clock = T0;
  const now = (): number => clock;
  const store = createMemoryStore({ now });
  const engine = createFakeEngine();
  const logged: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = { info: () => {}, error: (message, fields) => logged.push({ message, fields }) };
  const app = createApp({
    engine,
    store,
    now,
    requireKey: opts.requireKey ?? true,
    dailyQuota: opts.dailyQuota ?? 500,
    logger,
    ...(opts.corsOrigins ? { corsOrigins: opts.corsOrigins } : {}),
    clientAddress: (c) => c.req.header('x-test-client') ?? '203.0.113.1',
  });
  return {
    app,
    store,
    engine,
    logged,
    setClock: (t: number) => {
      clock = t;
    },
    newKey: async (account = 'acme', expiresAt?: Date) => (await createKey(store, { account, now, expiresAt })).key,
    newKeyWithId: async (account = 'acme') => createKey(store, { account, now }),
    disable: (id: string) => disableKey(store, id, now),
  };
}

export type Fixture = ReturnType<typeof makeApp>;

/** GET with a bearer key; returns status, parsed body and headers. */
export async function get(f: Fixture, path: string, key?: string, headers: Record<string, string> = {}) {
  const res = await f.app.request(path, { headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers } });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers, text };
}
