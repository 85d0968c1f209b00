/**
 * Where the lazy client keeps fetched bytes across page loads (cache.ts decides what and for how
 * long; a driver only stores): entries of bytes by string key, each with its size and the time it
 * was written, listed without their bytes so that eviction need not read them. Two drivers:
 * IndexedDB in browsers and workers (indexeddb-driver.ts), and memory (memory-driver.ts) where
 * there is no IndexedDB (Node, some edge runtimes) or for tests. Nothing a driver returns is
 * trusted: cache.ts and the readers check every byte as if it came from the network.
 */

export interface CacheEntryInfo {
  key: string;
  /** Bytes of the entry. */
  size: number;
  /** When it was written (ms since the epoch): the oldest go first when the cache is over its cap. */
  time: number;
}

export interface CacheDriver {
  /** The entries of `keys`, undefined where there is none, in the order asked. */
  getMany(keys: readonly string[]): Promise<(Uint8Array | undefined)[]>;
  /** Writes (or replaces) entries, all with the time `time`. */
  putMany(entries: readonly { key: string; bytes: Uint8Array }[], time: number): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Every entry's key, size and time, without the bytes. */
  list(): Promise<CacheEntryInfo[]>;
}
