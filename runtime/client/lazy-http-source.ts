/**
 * Lazy mode over HTTP: a dataset on any static host that answers Range requests. Opening fetches
 * `current`, the manifest and the heads of the record shards and the search index; every other
 * file is fetched when a query first reads it (Source.lazyFiles): a small file (bitmap and numeric
 * indexes, ids, popular, pantry totals) whole, in one request, checked against the manifest's
 * SHA-256 before any byte is used; the files checked range by range (record shards, search index,
 * catalog: runtime/data/files.ts checkedByRange) by ranges (range-store.ts), the misses of one run
 * fetched in one batch of requests, adjacent blocks merged into one request. Files of a version
 * directory are immutable, so what was fetched is kept for the life of the source; `current` is
 * fetched afresh every time.
 *
 * Ranges are checked for their length and the file's total size here; their content by the
 * readers, against the CRC-32C the format stores per record, offset block, catalog block and
 * search block (FORMAT.md § 11.1).
 */
import { CURRENT_POINTER_FILE } from '../format/constants.ts';
import { CachedRanges } from './cache/cached-ranges.ts';
import { driverOf, PersistentCache, type CacheChoice } from './cache/persistent-cache.ts';
import { RangeStore } from './range-store.ts';
import { sha256Hex } from './sha256.ts';

/**
 * Default block size of the record shards' ranges: 512 bytes (256 B-4 KiB is sensible). A record
 * is about 5 KB and a page's records lie scattered, so each costs up to a block of slack at either
 * end: at 4 KiB a cold 20-record page fetched 30% more than its records.
 */
export const RECORD_BLOCK_SIZE = 512;
/**
 * Default block size of the other range-read files (the search index, the catalog): 1 KiB
 * (512 B-16 KiB is sensible). A postings block and a catalog entry block are about 1 KB; adjacent
 * misses are fetched in one request whatever the block size, so small blocks save bytes (a cold
 * /ingredients?q=tom: 99 KB at 1 KiB, 126 KB at 2 KiB) at the cost of a few more requests.
 */
export const OTHER_BLOCK_SIZE = 1024;
/**
 * Two spans of one file at most this far apart are fetched as one request, the bytes between
 * them included: a request costs a round trip and its headers, 8 KiB costs well under a round
 * trip on any link, and a page's records or a query's bitmaps often lie a few KB apart (a cold
 * /recipes?cuisine=italian&limit=20: 17 query requests → 13, 119 → 138 KB; test/bench/out/client.md).
 */
export const MERGE_GAP = 8192;
import type { ByteRange, Source } from './source.ts';

export interface LazyHttpOptions {
  fetch?: typeof fetch;
  /** Block size for the search index and the catalog (default OTHER_BLOCK_SIZE, 1 KiB). */
  blockSize?: number;
  /** Block size for the record shards (default RECORD_BLOCK_SIZE, 512 bytes). */
  recordBlockSize?: number;
  /** Spans of one file at most this many bytes apart become one request (default MERGE_GAP). */
  mergeGap?: number;
  /** Range requests in flight at once (default 6, what a browser allows per host over HTTP/1.1). */
  concurrency?: number;
  /**
   * Where fetched blocks are kept across page loads (cache/): 'indexeddb', false, or a driver.
   * Default: IndexedDB where the platform has it, none elsewhere ('indexeddb' asked for where
   * there is none: one memory driver for the process).
   */
  cache?: CacheChoice;
  /** Cap of the persistent cache in bytes (default persistent-cache.ts CACHE_BYTES, 64 MiB). */
  cacheBytes?: number;
}

/** What a lazy source has fetched (for measurements and tests). */
export interface TransferStats {
  requests: number;
  bytes: number;
}

export interface LazySource extends Source {
  readonly stats: TransferStats;
}

export function lazyHttpSource(url: string | URL, options: LazyHttpOptions = {}): LazySource {
  const base = new URL(url);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // Records are decoded per read, never cached: zeros there cannot outlive a discarded run, so a
  // records run reads on over misses (one batch per page); the search index caches what it decodes, so its reads are strict.
  const records = new RangeStore(options.recordBlockSize ?? RECORD_BLOCK_SIZE);
  const others = new RangeStore(options.blockSize ?? OTHER_BLOCK_SIZE);
  const isRecords = (p: string) => /(^|\/)records\//.test(p);
  const storeOf = (p: string) => (isRecords(p) ? records : others);
  const sizes = new Map<string, number>();
  /** Small files, fetched whole on their first read and checked against the manifest's SHA-256. */
  const checksums = new Map<string, string>();
  const whole = new Map<string, Promise<Uint8Array | undefined>>();
  const stats: TransferStats = { requests: 0, bytes: 0 };
  const driver = driverOf(options.cache);
  const persistent = driver && new PersistentCache(driver, options.cacheBytes);
  const matches = async (p: string, bytes: Uint8Array) => (await sha256Hex(bytes)) === checksums.get(p);
  const cached =
    persistent &&
    new CachedRanges(persistent, {
      url: (p) => new URL(p, base).href,
      blockSize: (p) => storeOf(p).blockSize,
      size: (p) => sizes.get(p)!,
      has: (p, block) => storeOf(p).has(p, block),
      checkedWhole: (p) => checksums.has(p),
      matches,
      put: (p, start, bytes) => storeOf(p).put(p, start, bytes),
      drop: (p, block) => storeOf(p).drop(p, block),
    });

  async function fetchOk(target: URL, init?: RequestInit): Promise<Response | undefined> {
    let res: Response;
    stats.requests++;
    try {
      res = await doFetch(target, init);
    } catch (e) {
      throw new Error(`${target.href} could not be fetched: ${(e as Error).message}`);
    }
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`${target.href} answered HTTP ${res.status}`);
    return res;
  }

  /** A whole file (`current`, manifest.json) from the network every time; the cached copy only when the network fails. */
  async function getWhole(p: string): Promise<Uint8Array | undefined> {
    const target = new URL(p, base);
    let res: Response | undefined;
    try {
      res = await fetchOk(target, p === CURRENT_POINTER_FILE ? { cache: 'no-cache' } : undefined);
    } catch (e) {
      const [kept] = persistent && /could not be fetched/.test((e as Error).message) ? await persistent.get([target.href]) : [];
      if (kept) return kept;
      throw e;
    }
    if (!res) return undefined;
    const bytes = new Uint8Array(await res.arrayBuffer());
    stats.bytes += bytes.length;
    await persistent?.put([{ key: target.href, bytes }]);
    return bytes;
  }

  async function fetchSpan(path: string, start: number, end: number): Promise<void> {
    const target = new URL(path, base);
    const size = sizes.get(path)!;
    const res = await fetchOk(target, { headers: { Range: `bytes=${start}-${end - 1}` } });
    if (!res) throw new Error(`${target.href} is missing (HTTP 404)`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    stats.bytes += bytes.length;
    if (checksums.has(path) && bytes.length === size && !(await matches(path, bytes))) {
      throw new Error(`${target.href} does not match its SHA-256 in the manifest (corrupt or altered)`);
    }
    if (res.status === 200) {
      // A host without Range support sends the whole file: keep it all.
      if (bytes.length !== size) throw new Error(`${target.href} is ${bytes.length} bytes, the manifest says ${size}`);
      storeOf(path).put(path, 0, bytes);
      await cached?.save(path, 0, bytes);
      return;
    }
    const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('Content-Range') ?? '');
    if (res.status !== 206 || !m || Number(m[1]) !== start || Number(m[2]) !== end - 1 || bytes.length !== end - start) {
      throw new Error(`${target.href} answered bytes ${start}-${end - 1} with HTTP ${res.status} ${res.headers.get('Content-Range') ?? 'and no Content-Range'} (${bytes.length} bytes)`);
    }
    if (m[3] !== '*' && Number(m[3]) !== size) throw new Error(`${target.href} is ${m[3]} bytes, the manifest says ${size}`);
    storeOf(path).put(path, start, bytes);
    await cached?.save(path, start, bytes);
  }

  return {
    location: base.href,
    stats,
    get(p) {
      if (p === CURRENT_POINTER_FILE) return getWhole(p);
      let got = whole.get(p);
      if (!got) {
        got = getWhole(p);
        whole.set(p, got);
        got.catch(() => whole.delete(p));
      }
      return got;
    },
    lazyFiles: true,
    byteSource(p, size, sha256) {
      sizes.set(p, size);
      if (sha256 !== undefined) checksums.set(p, sha256);
      return storeOf(p).source(p, size, !isRecords(p));
    },
    forgetCached: async () => cached?.forget() ?? false,
    keepOnly: async (dir) => persistent?.keepOnly(base.href, new URL(dir, base).href, [new URL(CURRENT_POINTER_FILE, base).href]),
    missCount: () => records.missTotal + others.missTotal,
    takeMisses: () => [...records.takeMisses(), ...others.takeMisses()],
    async fetchRanges(ranges) {
      // A checksummed file is fetched whole, in one request, so that it can be checked.
      const widened = ranges.map((r) => (checksums.has(r.path) ? { path: r.path, start: 0, end: sizes.get(r.path)! } : r));
      // Blocks already held are not fetched again: a span that overlaps them is cut around them.
      let spans = [records, others].flatMap((store) =>
        mergeSpans(widened.filter((r) => storeOf(r.path) === store).flatMap((r) => missingBlocks(store, r)), store.blockSize, sizes, options.mergeGap ?? MERGE_GAP),
      );
      if (cached) spans = await cached.restore(spans);
      const limit = options.concurrency ?? 6;
      for (let i = 0; i < spans.length; i += limit) {
        await Promise.all(spans.slice(i, i + limit).map((s) => fetchSpan(s.path, s.start, s.end)));
      }
    },
  };
}

/** The blocks of a range that the store does not hold, one range each (mergeSpans joins neighbours). */
function missingBlocks(store: RangeStore, r: ByteRange): ByteRange[] {
  const out: ByteRange[] = [];
  const size = store.blockSize;
  for (let b = Math.floor(r.start / size); b * size < r.end; b++) if (!store.has(r.path, b)) out.push({ path: r.path, start: b * size, end: (b + 1) * size });
  return out;
}

/** Block-aligned spans, clamped to each file's size, overlapping ones or ones at most `gap` bytes apart merged: one request each. */
export function mergeSpans(ranges: readonly ByteRange[], blockSize: number, sizes: ReadonlyMap<string, number>, gap = 0): ByteRange[] {
  const out: ByteRange[] = [];
  const sorted = [...ranges].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
  for (const r of sorted) {
    const size = sizes.get(r.path) ?? r.end;
    const start = Math.floor(r.start / blockSize) * blockSize;
    const end = Math.min(size, Math.ceil(r.end / blockSize) * blockSize);
    if (start >= end) continue;
    const last = out[out.length - 1];
    if (last && last.path === r.path && start <= last.end + gap) last.end = Math.max(last.end, end);
    else out.push({ path: r.path, start, end });
  }
  return out;
}
