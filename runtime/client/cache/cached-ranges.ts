/**
 * The persistent cache under the lazy source's fetches (lazy-http-source.ts): before a batch of
 * spans goes to the network, the blocks the cache holds are put in the source's memory and only
 * the rest is fetched; what the network gives, once checked, is written to the cache block by
 * block. Nothing from the cache is trusted more than the network:
 * - a file checked whole against the manifest's SHA-256 (the small files) is taken from the
 *   cache only whole and only when it matches; otherwise its entries are dropped and it is fetched;
 * - a block of a record shard or the search index is checked where the network's is, when read
 *   (every record's and every search block's CRC-32C); a block of the wrong length is dropped at
 *   once. Blocks taken from the cache are remembered, so that when a run meets corrupt bytes
 *   (until-held.ts) forget() drops them all from memory, the source takes no more blocks of their
 *   files from the cache (corruption seldom comes alone: taking the next cached blocks one
 *   failed run at a time could outlast the rounds a request is allowed), and the run is repeated
 *   over bytes from the network; the corrupt block, which that run needs, is fetched again and
 *   replaces its entry. The other entries stay (the check cannot say which block was wrong, and
 *   a good one dropped would cost the next page load a fetch).
 */
import type { ByteRange } from '../source.ts';
import { blockKey, type PersistentCache } from './persistent-cache.ts';

/** What cached-ranges needs of the lazy source. */
export interface RangeTarget {
  url(path: string): string;
  blockSize(path: string): number;
  size(path: string): number;
  /** Whether a block is in memory already. */
  has(path: string, block: number): boolean;
  /** True for a file checked whole against the manifest's SHA-256 (fetched and cached whole). */
  checkedWhole(path: string): boolean;
  /** Whether bytes are the whole file with its manifest SHA-256. */
  matches(path: string, bytes: Uint8Array): Promise<boolean>;
  /** Keeps bytes [start, start + length) in memory (start block-aligned). */
  put(path: string, start: number, bytes: Uint8Array): void;
  /** Drops a block from memory. */
  drop(path: string, block: number): void;
}

export class CachedRanges {
  /** Blocks put in memory from the cache and not checked whole: key → [path, block]. */
  readonly #fromCache = new Map<string, [string, number]>();
  /** Files whose blocks this source takes from the network only (forget()). */
  readonly #distrusted = new Set<string>();

  constructor(
    readonly cache: PersistentCache,
    readonly target: RangeTarget,
  ) {}

  /** Puts the cached blocks of `spans` in memory; resolves to the spans still to fetch. */
  async restore(spans: readonly ByteRange[]): Promise<ByteRange[]> {
    const t = this.target;
    const plan = spans.map((s) => {
      const bs = t.blockSize(s.path);
      const blocks: number[] = [];
      for (let b = Math.floor(s.start / bs); b * bs < s.end; b++) blocks.push(b);
      return { s, bs, blocks, keys: blocks.map((b) => blockKey(t.url(s.path), bs, b)) };
    });
    const asked = plan.map((p) => (this.#distrusted.has(p.s.path) ? [] : p.keys));
    const got = await this.cache.get(asked.flat());
    const rest: ByteRange[] = [];
    const bad: string[] = [];
    let at = 0;
    for (const [n, { s, bs, blocks, keys }] of plan.entries()) {
      const bytes = asked[n]!.length === 0 ? keys.map(() => undefined) : got.slice(at, (at += keys.length));
      const fits = (b: Uint8Array | undefined, i: number): b is Uint8Array => b !== undefined && b.length === Math.min(bs, t.size(s.path) - blocks[i]! * bs);
      bytes.forEach((b, i) => b !== undefined && !fits(b, i) && bad.push(keys[i]!));
      if (t.checkedWhole(s.path)) {
        const whole = bytes.every(fits) ? concat(bytes as Uint8Array[]) : undefined;
        if (whole && whole.length === t.size(s.path) && s.start === 0 && (await t.matches(s.path, whole))) t.put(s.path, 0, whole);
        else {
          if (whole) bad.push(...keys);
          rest.push(s);
        }
        continue;
      }
      let gap: ByteRange | undefined;
      bytes.forEach((b, i) => {
        const start = blocks[i]! * bs;
        if (t.has(s.path, blocks[i]!)) gap = undefined;
        else if (fits(b, i)) {
          t.put(s.path, start, b);
          this.#fromCache.set(keys[i]!, [s.path, blocks[i]!]);
          gap = undefined;
        } else if (gap) gap.end = Math.min(s.end, start + bs);
        else rest.push((gap = { path: s.path, start, end: Math.min(s.end, start + bs) }));
      });
    }
    await this.cache.delete(bad);
    return rest;
  }

  /** Writes checked bytes [start, ...) of a file, fetched from the network, to the cache block by block. */
  async save(path: string, start: number, bytes: Uint8Array): Promise<void> {
    const bs = this.target.blockSize(path);
    const url = this.target.url(path);
    const entries: { key: string; bytes: Uint8Array }[] = [];
    for (let off = 0; off < bytes.length; off += bs) {
      const key = blockKey(url, bs, (start + off) / bs);
      entries.push({ key, bytes: bytes.subarray(off, off + bs) });
      this.#fromCache.delete(key);
    }
    await this.cache.put(entries);
  }

  /** Drops every block taken from the cache from memory, their files' blocks no longer taken from the cache; true when there was any. */
  forget(): boolean {
    if (this.#fromCache.size === 0) return false;
    for (const [path, block] of this.#fromCache.values()) {
      this.target.drop(path, block);
      this.#distrusted.add(path);
    }
    this.#fromCache.clear();
    return true;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
