/**
 * The lazy client's persistent cache over a driver (driver.ts): blocks of version files keyed by
 * URL, block size and block number, and whole files got from the network first (`current`,
 * manifest.json) kept as a fallback for when the network is gone. Capped: past `maxBytes` the
 * entries written longest ago are dropped. A version directory is immutable, so its blocks never
 * go stale; keepOnly() drops the blocks of the location's other versions after a switch.
 *
 * A cache is a help, never a need: a failing driver (quota, private browsing, a database another
 * page holds) reads as empty and writes as nothing, so answers come from the network as without it.
 */
import type { CacheDriver } from './driver.ts';
import { indexedDbDriver, indexedDbFactory } from './indexeddb-driver.ts';
import { memoryDriver } from './memory-driver.ts';

/** Default cap of the persistent cache: 64 MiB (the real dataset is about 30 MB whole; 8-512 MiB is sensible). */
export const CACHE_BYTES = 64 * 1024 * 1024;

/** The `cache` option of httpSource in lazy mode (http-source.ts documents the default). */
export type CacheChoice = 'indexeddb' | false | CacheDriver;

let processMemory: CacheDriver | undefined;

/**
 * The driver a choice names: IndexedDB where the platform has it, else (asked for explicitly) one
 * memory driver shared by the process's sources; undefined for no cache. The default (choice
 * undefined) is IndexedDB where there is one and no cache elsewhere: in Node the source's own
 * memory already holds what it fetched.
 */
export function driverOf(choice: CacheChoice | undefined): CacheDriver | undefined {
  if (choice === false) return undefined;
  if (typeof choice === 'object') return choice;
  const idb = indexedDbFactory();
  if (idb) return indexedDbDriver(idb);
  return choice === 'indexeddb' ? (processMemory ??= memoryDriver()) : undefined;
}

export const blockKey = (url: string, blockSize: number, block: number): string => `${url}#${blockSize}:${block}`;

export class PersistentCache {
  #total: Promise<number> | undefined;

  constructor(
    readonly driver: CacheDriver,
    readonly maxBytes = CACHE_BYTES,
    readonly now: () => number = Date.now,
  ) {}

  async get(keys: readonly string[]): Promise<(Uint8Array | undefined)[]> {
    if (keys.length === 0) return [];
    return this.driver.getMany(keys).catch(() => keys.map(() => undefined));
  }

  async put(entries: readonly { key: string; bytes: Uint8Array }[]): Promise<void> {
    const size = entries.reduce((s, e) => s + e.bytes.length, 0);
    if (entries.length === 0 || size > this.maxBytes) return;
    try {
      await this.driver.putMany(entries, this.now());
      const total = (await this.#totalBytes()) + size;
      this.#total = Promise.resolve(total);
      if (total > this.maxBytes) await this.#prune();
    } catch {
      // Not kept: answers come from the network next time.
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.driver.deleteMany(keys).catch(() => {});
    this.#total = undefined;
  }

  /** Drops the entries under `location` (a URL ending in '/') outside the version directory `keep` and other than `spare`. */
  async keepOnly(location: string, keep: string, spare: readonly string[]): Promise<void> {
    const list = await this.driver.list().catch(() => []);
    await this.delete(list.map((e) => e.key).filter((k) => k.startsWith(location) && !k.startsWith(keep) && !spare.includes(k)));
  }

  /** The bytes the driver holds; counted once from its listing, then kept up to date by put. Other pages writing too make it an estimate, corrected at each prune. */
  #totalBytes(): Promise<number> {
    return (this.#total ??= this.driver.list().then((l) => l.reduce((s, e) => s + e.size, 0)));
  }

  /** Oldest entries first until the cache is back under its cap. */
  async #prune(): Promise<void> {
    const list = (await this.driver.list()).sort((a, b) => a.time - b.time);
    let total = list.reduce((s, e) => s + e.size, 0);
    const drop: string[] = [];
    for (const e of list) {
      if (total <= this.maxBytes) break;
      drop.push(e.key);
      total -= e.size;
    }
    await this.driver.deleteMany(drop);
    this.#total = Promise.resolve(total);
  }
}
