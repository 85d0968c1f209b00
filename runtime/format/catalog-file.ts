/**
 * The catalog file (FORMAT.md § 10 Catalog): the ingredient entries sorted by id and the name
 * table sorted by name, each cut into blocks of a few KB behind a small index of each block's
 * first key, every unit followed by its CRC-32C, so that resolving a name or listing a prefix
 * reads a few blocks, not the whole file (the offline client fetches them by range):
 *
 *   catalog  --> Container(magic RDBC, header {name, entryCount, nameCount, entryIndex, nameIndex}), Payload
 *   Payload  --> HeadCrc, (Unit, Crc) ^ n          HeadCrc: CRC-32C of the file's bytes before it
 *   Unit     --> msgpack array: an index [firstKey, first, offset, length] ^ blocks, or a block of rows
 *
 * Sections and blocks are [offset, length] of msgpack bytes relative to Payload; the Crc follows.
 */
import { encodeContainer, FormatError, packr, readMsgpack } from './container.ts';
import { readCheckedHead } from './checked-head.ts';
import { crc32c } from './crc32c.ts';
import { u32le, view } from './bytes.ts';
import type { ByteSource } from './shard.ts';
import type { CatalogEntry } from './catalog.ts';

/**
 * Target bytes of a block: a block is closed once its rows hold this much. Entries 1 KiB (an entry
 * is about 550 bytes; a page of a prefix listing reads one block per entry, scattered by id), names
 * 4 KiB (a lookup reads the name Index, ~28 bytes per block, and one block). 0.5-16 KiB is sensible.
 */
export const ENTRY_BLOCK_BYTES = 1024;
export const NAME_BLOCK_BYTES = 4096;

type Section = [offset: number, length: number];
type IndexRow = [firstKey: string, first: number, offset: number, length: number];
export type NameRow = [name: string, id: string];

export interface CatalogHeader {
  name: 'catalog';
  entryCount: number;
  nameCount: number;
  entryIndex: Section;
  nameIndex: Section;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The file of `entries` (any order: written by id) and `names` (sorted by name, distinct, every id an entry's). */
export function encodeCatalog(entries: readonly CatalogEntry[], names: readonly NameRow[], entryBlockBytes = ENTRY_BLOCK_BYTES, nameBlockBytes = NAME_BLOCK_BYTES): Buffer {
  const sorted = [...entries].sort((a, b) => byCodeUnits(a.id, b.id));
  const ids = new Set(sorted.map((e) => e.id));
  if (ids.size !== sorted.length) throw new Error('catalog: duplicate entry id');
  names.forEach(([name, id], i) => {
    if (i > 0 && names[i - 1]![0] >= name) throw new Error(`catalog: name table not sorted and distinct at ${JSON.stringify(name)}`);
    if (!ids.has(id)) throw new Error(`catalog: name ${JSON.stringify(name)} resolves to ${JSON.stringify(id)}, which is no entry`);
  });
  const units: Uint8Array[] = [new Uint8Array(4)]; // HeadCrc, filled in last
  let at = 4;
  const put = (value: unknown): Section => {
    const packed = packr.pack(value);
    const unit = new Uint8Array(packed.length + 4);
    unit.set(packed, 0);
    view(unit).setUint32(packed.length, crc32c(packed), true);
    units.push(unit);
    at += unit.length;
    return [at - unit.length, packed.length];
  };
  const table = <T>(rows: readonly T[], key: (row: T) => string, blockBytes: number): Section => {
    const index: IndexRow[] = [];
    for (let first = 0; first < rows.length; ) {
      let end = first;
      let bytes = 0;
      while (end < rows.length && bytes < blockBytes) bytes += packr.pack(rows[end++]).length;
      const [offset, length] = put(rows.slice(first, end));
      index.push([key(rows[first]!), first, offset, length]);
      first = end;
    }
    return put(index);
  };
  const entryIndex = table(sorted, (e) => e.id, entryBlockBytes);
  const nameIndex = table(names, (r) => r[0], nameBlockBytes);
  const header: CatalogHeader = { name: 'catalog', entryCount: sorted.length, nameCount: names.length, entryIndex, nameIndex };
  const file = encodeContainer('catalog', header, units);
  const payloadStart = file.length - at;
  view(file).setUint32(payloadStart, crc32c(file.subarray(0, payloadStart)), true);
  return file;
}

/** Index of the last row whose key is <= `key` (-1 when none). */
function lastAtMost<T>(rows: readonly T[], key: (row: T) => string | number, want: string | number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(rows[mid]!) <= want) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Reads the catalog by units: the head when built, an index or block when first needed (checked
 * by its CRC-32C, decoded and kept). Several blocks are read together (#units) so that a lazy
 * source names all its misses in one run.
 */
export class CatalogReader {
  readonly entryCount: number;
  readonly nameCount: number;
  readonly #source: ByteSource;
  readonly #name: string;
  readonly #payloadStart: number;
  readonly #header: CatalogHeader;
  readonly #decoded = new Map<number, unknown[]>();

  constructor(source: ByteSource, name: string) {
    this.#source = source;
    this.#name = name;
    const { header, payloadStart } = readCheckedHead<CatalogHeader>(source, 'catalog', name);
    this.#payloadStart = payloadStart;
    this.#header = header;
    this.entryCount = header.entryCount;
    this.nameCount = header.nameCount;
  }

  /** The decoded units at these [offset, length] sections, each checked once; every read is made before the first check. */
  #units(sections: readonly Section[]): unknown[][] {
    const want = sections.filter(([offset]) => !this.#decoded.has(offset));
    let failure: { error: unknown } | undefined;
    const read = want.map(([offset, length]) => {
      try {
        return this.#source.read(this.#payloadStart + offset, length + 4);
      } catch (error) {
        failure ??= { error };
        return undefined;
      }
    });
    if (failure) throw failure.error;
    want.forEach(([offset, length], k) => {
      const bytes = read[k]!;
      if (bytes.length !== length + 4 || crc32c(bytes.subarray(0, length)) !== u32le(bytes, length)) {
        throw new FormatError(`${this.#name}: block at ${offset} does not match its checksum (corrupt or altered)`);
      }
      const rows = readMsgpack(bytes.subarray(0, length), `${this.#name}: block at ${offset}`);
      if (!Array.isArray(rows)) throw new FormatError(`${this.#name}: block at ${offset} is not an array`);
      this.#decoded.set(offset, rows);
    });
    return sections.map(([offset]) => this.#decoded.get(offset)!);
  }

  #index(which: 'entryIndex' | 'nameIndex'): IndexRow[] {
    return this.#units([this.#header[which]])[0] as IndexRow[];
  }

  /** The id a normalised name or id resolves to (FORMAT.md § 10), or undefined. */
  lookupName(key: string): string | undefined {
    return this.lookupNames([key])[0];
  }

  /** lookupName of each key, their blocks read together (a lazy source fetches them in one round). */
  lookupNames(keys: readonly string[]): (string | undefined)[] {
    const index = this.#index('nameIndex');
    const blockOf = keys.map((key) => lastAtMost(index, (r) => r[0], key));
    const found = blockOf.filter((b) => b >= 0);
    const blocks = this.#units(found.map((b) => [index[b]![2], index[b]![3]])) as NameRow[][];
    let k = 0;
    return keys.map((key, n) => {
      if (blockOf[n]! < 0) return undefined;
      const rows = blocks[k++]!;
      const i = lastAtMost(rows, (r) => r[0], key);
      return i >= 0 && rows[i]![0] === key ? rows[i]![1] : undefined;
    });
  }

  /** The ids of every name that starts with `prefix`, sorted by id, each once. */
  idsWithPrefix(prefix: string): string[] {
    const index = this.#index('nameIndex');
    // The rows starting with the prefix are one run: it begins in the last block starting before it
    // and ends in or before the last block whose first key starts with it or sorts before it.
    const from = Math.max(0, lastAtMost(index, (r) => r[0], prefix));
    let to = from;
    while (to + 1 < index.length && (index[to + 1]![0] < prefix || index[to + 1]![0].startsWith(prefix))) to++;
    const blocks = this.#units(index.slice(from, to + 1).map((r) => [r[2], r[3]])) as NameRow[][];
    const ids = new Set<string>();
    for (const rows of blocks) for (const [name, id] of rows) if (name.startsWith(prefix)) ids.add(id);
    return [...ids].sort(byCodeUnits);
  }

  /** Entries [start, end) in id order. */
  entriesAt(start: number, end: number): CatalogEntry[] {
    const index = this.#index('entryIndex');
    end = Math.min(end, this.entryCount);
    if (start >= end) return [];
    const from = lastAtMost(index, (r) => r[1], start);
    const to = lastAtMost(index, (r) => r[1], end - 1);
    const blocks = this.#units(index.slice(from, to + 1).map((r) => [r[2], r[3]])) as CatalogEntry[][];
    return blocks.flat().slice(start - index[from]![1], end - index[from]![1]);
  }

  /** The entries of these ids, in the order given; FormatError for an id that is not there (the name table promises it is). */
  entriesById(ids: readonly string[]): CatalogEntry[] {
    const index = this.#index('entryIndex');
    const blockOf = ids.map((id) => Math.max(0, lastAtMost(index, (r) => r[0], id)));
    const blocks = this.#units(blockOf.map((b) => [index[b]![2], index[b]![3]])) as CatalogEntry[][];
    return ids.map((id, k) => {
      const rows = blocks[k]!;
      const i = lastAtMost(rows, (e) => e.id, id);
      if (i < 0 || rows[i]!.id !== id) throw new FormatError(`${this.#name}: the name table names ${JSON.stringify(id)}, which is no entry`);
      return rows[i]!;
    });
  }

  /** Every unit read and checked (a full verification). */
  checkAll(): void {
    for (const which of ['entryIndex', 'nameIndex'] as const) this.#units(this.#index(which).map((r) => [r[2], r[3]]));
  }

  /** Every name row, in order (tests and tools). */
  names(): NameRow[] {
    return (this.#units(this.#index('nameIndex').map((r) => [r[2], r[3]])) as NameRow[][]).flat();
  }
}
