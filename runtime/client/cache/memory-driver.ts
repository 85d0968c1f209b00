/**
 * The cache driver for platforms without IndexedDB (Node, some edge runtimes) and for tests:
 * entries in a Map, copied in and out so that a caller's later change to its bytes cannot reach
 * the cache (and a test can alter an entry in place through `entries` to play a corrupted cache).
 */
import type { CacheDriver, CacheEntryInfo } from './driver.ts';

export interface MemoryDriver extends CacheDriver {
  /** The stored entries themselves (for tests). */
  readonly entries: Map<string, { bytes: Uint8Array; time: number }>;
}

export function memoryDriver(): MemoryDriver {
  const entries = new Map<string, { bytes: Uint8Array; time: number }>();
  return {
    entries,
    async getMany(keys) {
      return keys.map((k) => entries.get(k)?.bytes.slice());
    },
    async putMany(list, time) {
      for (const { key, bytes } of list) entries.set(key, { bytes: bytes.slice(), time });
    },
    async deleteMany(keys) {
      for (const k of keys) entries.delete(k);
    },
    async list(): Promise<CacheEntryInfo[]> {
      return [...entries].map(([key, e]) => ({ key, size: e.bytes.length, time: e.time }));
    },
  };
}
