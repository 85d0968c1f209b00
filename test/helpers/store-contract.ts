/**
 * The store contract: every driver (memory, lmdb, later Redis) runs this suite.
 * `makeStore(now)` returns a fresh, empty store using the given clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyRecord, Store } from '../../runtime/store/types.ts';
import { createKey, disableKey, listKeys, verifyKey } from '../../runtime/store/keys.ts';

export type MakeStore = (now: () => number) => Promise<Store> | Store;

const T0 = Date.parse('2025-03-01T12:00:00.000Z');

function record(id: string, digest: string, account = 'acme'): KeyRecord {
  return { id, digest, account, createdAt: new Date(T0).toISOString() };
}

export function testStore(name: string, makeStore: MakeStore): void {
  describe(`store contract: ${name}`, () => {
    let store: Store | undefined;
    let clock = T0;
    const now = (): number => clock;
    const fresh = async (): Promise<Store> => {
      clock = T0;
      store = await makeStore(now);
      return store;
    };
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    it('stores a key and finds it by id and by digest', async () => {
      const s = await fresh();
      await s.putKey(record('key_a', 'a'.repeat(64)));
      expect((await s.getKey('key_a'))?.account).toBe('acme');
      expect((await s.getKeyByDigest('a'.repeat(64)))?.id).toBe('key_a');
      expect(await s.getKey('key_b')).toBeUndefined();
      expect(await s.getKeyByDigest('b'.repeat(64))).toBeUndefined();
    });

    it('lists keys ordered by id', async () => {
      const s = await fresh();
      await s.putKey(record('key_b', 'b'.repeat(64)));
      await s.putKey(record('key_a', 'a'.repeat(64)));
      expect((await s.listKeys()).map((k) => k.id)).toEqual(['key_a', 'key_b']);
    });

    it('replacing a key with a new digest drops the old digest', async () => {
      const s = await fresh();
      await s.putKey(record('key_a', 'a'.repeat(64)));
      await s.putKey(record('key_a', 'c'.repeat(64)));
      expect(await s.getKeyByDigest('a'.repeat(64))).toBeUndefined();
      expect((await s.getKeyByDigest('c'.repeat(64)))?.id).toBe('key_a');
    });

    it('disables a key once and keeps the first time', async () => {
      const s = await fresh();
      await s.putKey(record('key_a', 'a'.repeat(64)));
      expect(await s.disableKey('key_a', '2025-03-01T13:00:00.000Z')).toBe(true);
      expect(await s.disableKey('key_a', '2025-03-02T13:00:00.000Z')).toBe(true);
      expect((await s.getKey('key_a'))?.disabledAt).toBe('2025-03-01T13:00:00.000Z');
      expect(await s.disableKey('key_zz', '2025-03-01T13:00:00.000Z')).toBe(false);
    });

    it('admits exactly the limit per subject and day, then denies without counting', async () => {
      const s = await fresh();
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await s.consumeQuota('account:acme', '2025-03-01', 3));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
      expect(results.map((r) => r.used)).toEqual([1, 2, 3, 3, 3]);
      expect(results[0]?.limit).toBe(3);
      expect(await s.quotaUsed('account:acme', '2025-03-01')).toBe(3);
    });

    it('keeps separate counters per subject and per day', async () => {
      const s = await fresh();
      await s.consumeQuota('account:a', '2025-03-01', 1);
      expect((await s.consumeQuota('account:b', '2025-03-01', 1)).allowed).toBe(true);
      expect((await s.consumeQuota('account:a', '2025-03-02', 1)).allowed).toBe(true);
      expect((await s.consumeQuota('account:a', '2025-03-01', 1)).allowed).toBe(false);
    });

    it('admits exactly the limit under many concurrent callers', async () => {
      const s = await fresh();
      const all = await Promise.all(
        Array.from({ length: 300 }, () => s.consumeQuota('account:busy', '2025-03-01', 120)),
      );
      expect(all.filter((r) => r.allowed)).toHaveLength(120);
      expect(await s.quotaUsed('account:busy', '2025-03-01')).toBe(120);
    });

    it('peeks at a counter without counting or creating one', async () => {
      const s = await fresh();
      await s.consumeQuota('account:acme', '2025-03-01', 3);
      for (let i = 0; i < 5; i++) {
        expect(await s.quotaUsed('account:acme', '2025-03-01')).toBe(1);
        expect(await s.quotaUsed('account:nobody', '2025-02-28')).toBe(0);
      }
      expect((await s.consumeQuota('account:acme', '2025-03-01', 3)).used).toBe(2);
      // Only the one consumed counter exists: the peeks at 2025-02-28 created none.
      expect(await s.pruneQuotas('2025-03-02')).toBe(1);
    });

    it('prunes counters of earlier days only', async () => {
      const s = await fresh();
      await s.consumeQuota('x', '2025-02-27', 10);
      await s.consumeQuota('x', '2025-02-28', 10);
      await s.consumeQuota('x', '2025-03-01', 10);
      expect(await s.pruneQuotas('2025-03-01')).toBe(2);
      expect(await s.quotaUsed('x', '2025-02-28')).toBe(0);
      expect(await s.quotaUsed('x', '2025-03-01')).toBe(1);
    });

    it('prunes counters older than yesterday by itself as the injected clock moves on', async () => {
      const s = await fresh();
      await s.consumeQuota('x', '2025-03-01', 10);
      clock = Date.parse('2025-03-04T00:30:00.000Z');
      await s.consumeQuota('x', '2025-03-04', 10);
      expect(await s.quotaUsed('x', '2025-03-01')).toBe(0);
      expect(await s.quotaUsed('x', '2025-03-04')).toBe(1);
    });

    describe('keys over the store', () => {
      it('creates a key whose secret verifies and is not stored', async () => {
        const s = await fresh();
        const k = await createKey(s, { account: 'acme', now });
        expect(k.key).toMatch(/^rdb_live_[A-Za-z0-9_-]{43}$/);
        expect(k.id).toMatch(/^key_/);
        const v = await verifyKey(s, k.key, clock);
        expect(v.status).toBe('ok');
        expect(JSON.stringify(await s.listKeys())).not.toContain(k.key);
      });

      it('reports invalid, disabled and expired keys', async () => {
        const s = await fresh();
        expect((await verifyKey(s, 'rdb_live_' + 'x'.repeat(43), clock)).status).toBe('invalid');
        expect((await verifyKey(s, 'nonsense', clock)).status).toBe('invalid');
        const d = await createKey(s, { account: 'acme', now });
        await disableKey(s, d.id, now);
        expect((await verifyKey(s, d.key, clock)).status).toBe('disabled');
        const e = await createKey(s, { account: 'acme', now, expiresAt: new Date(T0 + 1000) });
        expect((await verifyKey(s, e.key, clock)).status).toBe('ok');
        clock = T0 + 1000;
        expect((await verifyKey(s, e.key, clock)).status).toBe('expired');
        const list = await listKeys(s, clock);
        expect(list.map((k) => k.status).sort()).toEqual(['disabled', 'expired']);
        expect(JSON.stringify(list)).not.toContain('digest');
      });
    });
  });
}
