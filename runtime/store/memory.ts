/**
 * In-memory store: for tests and single-process development. Atomic by construction (every
 * method runs to completion on the one JS thread before its promise settles).
 */
import type { KeyRecord, QuotaResult, Store } from './types.ts';
import { utcDay } from './types.ts';

export interface MemoryStoreOptions {
  /** Injected clock (epoch ms): counters older than yesterday are pruned on the next quota step. */
  now?: () => number;
}

export function createMemoryStore(options: MemoryStoreOptions = {}): Store {
  const keys = new Map<string, KeyRecord>();
  const byDigest = new Map<string, string>();
  /** `${day}\n${subject}` → count */
  const counters = new Map<string, number>();

  const prune = (beforeDay: string): number => {
    let n = 0;
    for (const k of [...counters.keys()]) {
      if (k.slice(0, k.indexOf('\n')) < beforeDay) {
        counters.delete(k);
        n++;
      }
    }
    return n;
  };
  let lastPruneDay = '';

  return {
    async putKey(record) {
      const old = keys.get(record.id);
      if (old && old.digest !== record.digest) byDigest.delete(old.digest);
      keys.set(record.id, { ...record });
      byDigest.set(record.digest, record.id);
    },
    async getKey(id) {
      const r = keys.get(id);
      return r && { ...r };
    },
    async getKeyByDigest(digest) {
      const id = byDigest.get(digest);
      const r = id === undefined ? undefined : keys.get(id);
      return r && { ...r };
    },
    async listKeys() {
      return [...keys.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => ({ ...r }));
    },
    async disableKey(id, at) {
      const r = keys.get(id);
      if (!r) return false;
      if (r.disabledAt === undefined) keys.set(id, { ...r, disabledAt: at });
      return true;
    },
    async consumeQuota(subject, day, limit): Promise<QuotaResult> {
      if (options.now) {
        const today = utcDay(options.now());
        if (today !== lastPruneDay) {
          lastPruneDay = today;
          prune(utcDay(options.now() - 86_400_000));
        }
      }
      const k = `${day}\n${subject}`;
      const used = counters.get(k) ?? 0;
      if (used >= limit) return { allowed: false, used, limit };
      counters.set(k, used + 1);
      return { allowed: true, used: used + 1, limit };
    },
    async quotaUsed(subject, day) {
      return counters.get(`${day}\n${subject}`) ?? 0;
    },
    async pruneQuotas(beforeDay) {
      return prune(beforeDay);
    },
    async close() {},
  };
}
