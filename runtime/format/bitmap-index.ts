/**
 * Bitmap index files, one per filter family (FORMAT.md § 6 Bitmap indexes), readable by range:
 * the head (container header with every key, count, place and CRC-32C, then HeadCrc) first, then
 * only the bitmaps a query needs, each checked by its own CRC-32C before use. The server reads the
 * same file in memory (hashed on load); the offline client fetches ranges of it.
 *
 *   index   --> Container(magic RDBX, header {family, entries}), Payload
 *   entries --> [key: str, offset: u32, length: u32, cardinality: u32, crc: u32] ^ n, sorted by key
 *   Payload --> HeadCrc, Padding to 32, (Bitmap, Padding) ^ n; Bitmap = portable RoaringFormatSpec bytes at a 32-byte aligned offset
 */
import { alignUp, encodeContainer, FormatError } from './container.ts';
import { readCheckedHead } from './checked-head.ts';
import { BITMAP_ALIGNMENT, alignedBuffer, cardinality, serializeBitmap, viewBitmap, type Bitmap } from './bitmap.ts';
import { crc32c } from './crc32c.ts';
import { u32le, view } from './bytes.ts';
import type { ByteSource } from './shard.ts';

export type IndexEntry = [key: string, offset: number, length: number, cardinality: number, crc: number];

export interface BitmapIndexHeader {
  family: string;
  entries: IndexEntry[];
}

/** Keys in code-unit order: the deterministic order of every key list in the format. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Serialises bitmaps into aligned blobs after `start` bytes of payload; returns the directory and the payload parts. */
export function layoutBitmaps(items: readonly [string, Bitmap][], start = 0): { entries: IndexEntry[]; parts: Uint8Array[] } {
  const entries: IndexEntry[] = [];
  const parts: Uint8Array[] = [];
  let at = start;
  for (const [key, bitmap] of items) {
    const bytes = serializeBitmap(bitmap);
    entries.push([key, at, bytes.length, cardinality(bitmap), crc32c(bytes)]);
    parts.push(bytes);
    const padded = alignUp(bytes.length, BITMAP_ALIGNMENT);
    if (padded > bytes.length) parts.push(new Uint8Array(padded - bytes.length));
    at += padded;
  }
  return { entries, parts };
}

export function encodeBitmapIndex(family: string, bitmaps: ReadonlyMap<string, Bitmap>): Buffer {
  const items = [...bitmaps].filter(([, b]) => cardinality(b) > 0).sort((a, b) => compareKeys(a[0], b[0]));
  // HeadCrc and its padding take the payload's first 32 bytes, so that every bitmap stays aligned.
  const { entries, parts } = layoutBitmaps(items, BITMAP_ALIGNMENT);
  const header: BitmapIndexHeader = { family, entries };
  const file = encodeContainer('bitmapIndex', header, [new Uint8Array(BITMAP_ALIGNMENT), ...parts]);
  const payloadStart = alignUp(12 + u32le(file, 8));
  view(file).setUint32(payloadStart, crc32c(file.subarray(0, payloadStart)), true);
  return file;
}

/**
 * The first read of an index file, before its header's length is known: a small index (most facet
 * families) is then read whole in one round, as a lazy client read it before there were heads, and
 * a large one's head (keys and counts: about 25 bytes per key) in at most one more.
 */
export const FIRST_READ_BYTES = 8192;

/**
 * Reads one index by ranges: the head when built (checked by HeadCrc), each bitmap on its first
 * use (checked by its CRC-32C, viewed and kept). getMany reads every bitmap it needs before
 * checking any, so that a lazy source names all its misses in one run.
 */
export class BitmapIndexReader {
  readonly family: string;
  readonly #source: ByteSource;
  readonly #name: string;
  readonly #payloadStart: number;
  readonly #entries = new Map<string, IndexEntry>();
  readonly #views = new Map<string, Bitmap>();

  constructor(source: ByteSource, name: string) {
    this.#source = source;
    this.#name = name;
    const { header, payloadStart } = readCheckedHead<BitmapIndexHeader>(source, 'bitmapIndex', name, FIRST_READ_BYTES);
    this.#payloadStart = payloadStart;
    this.family = header.family;
    for (const e of header.entries) this.#entries.set(e[0], e);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The bitmap of docs with this value (a frozen view), or undefined for an unknown value. */
  get(key: string): Bitmap | undefined {
    return this.#views.get(key) ?? this.getMany([key])[0];
  }

  /** The bitmaps of these values, in order (undefined for an unknown value); every read made before the first check. */
  getMany(keys: readonly string[]): (Bitmap | undefined)[] {
    const want = [...new Set(keys)].filter((k) => this.#entries.has(k) && !this.#views.has(k));
    const read = readAll(want.map((k) => () => {
      const e = this.#entries.get(k)!;
      return this.#source.read(this.#payloadStart + e[1], e[2]);
    }));
    want.forEach((k, i) => {
      const [, offset, length, , crc] = this.#entries.get(k)!;
      let bytes = read[i]!;
      if (bytes.length !== length || crc32c(bytes) !== crc) {
        throw new FormatError(`${this.#name}: the bitmap of ${JSON.stringify(k)} at ${offset} does not match its checksum (corrupt or altered)`);
      }
      // Frozen views need aligned bytes: a range read from a fetched block may not be.
      if (bytes.byteOffset % BITMAP_ALIGNMENT !== 0) {
        const aligned = alignedBuffer(length);
        aligned.set(bytes);
        bytes = aligned;
      }
      this.#views.set(k, viewBitmap(bytes));
    });
    return keys.map((k) => this.#views.get(k));
  }

  #keys: readonly Readonly<{ key: string; cardinality: number }>[] | undefined;

  /** Every key with its cardinality, in key order, from the head alone (one list, made on first use: facet counts walk it per query). */
  keys(): readonly Readonly<{ key: string; cardinality: number }>[] {
    return (this.#keys ??= [...this.#entries.values()].map((e) => ({ key: e[0], cardinality: e[3] })));
  }

  /** Every bitmap read and checked (a full verification). */
  checkAll(): void {
    this.getMany([...this.#entries.keys()]);
  }
}

/** Runs every read, then throws the first failure (a lazy source's NeedBytes: every miss of the run is noted before it). */
export function readAll<T>(reads: readonly (() => T)[]): T[] {
  let failure: { error: unknown } | undefined;
  const out = reads.map((read) => {
    try {
      return read();
    } catch (error) {
      failure ??= { error };
      return undefined as T;
    }
  });
  if (failure) throw failure.error;
  return out;
}
