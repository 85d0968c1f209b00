/**
 * Record shards (FORMAT.md § 5 Record shards):
 *
 *   shard     --> Container(magic RDBS, header {firstDoc, count}), Payload
 *   Payload   --> OffsetCrcs, HeadCrc, Offsets, Records
 *   OffsetCrcs --> u32 LE ^ ⌈(count + 1) / OFFSETS_PER_BLOCK⌉: CRC-32C of each block of Offsets
 *   HeadCrc   --> u32 LE: CRC-32C of the file's bytes before it (container head, padding, OffsetCrcs)
 *   Offsets   --> u32 LE ^ (count + 1): start of record i relative to Records; last = Records length
 *   Records   --> (RecordTuple, Crc) ^ count: one msgpack array [id: str, json: bin], then its CRC-32C
 *
 * One record decodes alone: read its offsets' block, check it, read the record's slice, check
 * its CRC, unpack it. Nothing is used unchecked: the head when the shard is first read, an
 * offsets block on its first use (then kept), each record on every read (the bytes may change on
 * disk while the process runs). The offset table is read by blocks so that a reader fetching
 * ranges (the offline client) reads a few hundred bytes of it per page, not 4 bytes per record.
 */
import { alignUp, encodeContainer, decodeContainer, packr, readMsgpack, FormatError } from './container.ts';
import type { RecordTuple } from './constants.ts';
import { crc32c } from './crc32c.ts';
import { nextReaderKeyBase, RECORD_CACHE } from './record-cache.ts';
import { u32le, view } from './bytes.ts';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export interface ShardHeader {
  firstDoc: number;
  count: number;
}

/** Bytes of the CRC-32C that follows each record and the offset table. */
export const CRC_BYTES = 4;

/**
 * Offsets per checked block of a shard's offset table (FORMAT.md § 5): 64 (256 bytes). Smaller
 * blocks mean less read per scattered record and a longer OffsetCrcs run in the head.
 */
export const OFFSETS_PER_BLOCK = 64;

const offsetBlocks = (count: number) => Math.ceil((count + 1) / OFFSETS_PER_BLOCK);

/** A record's msgpack bytes followed by their CRC-32C (u32 LE). */
export function sealRecord(packed: Uint8Array): Uint8Array {
  const out = new Uint8Array(packed.length + CRC_BYTES);
  out.set(packed, 0);
  view(out).setUint32(packed.length, crc32c(packed), true);
  return out;
}

/**
 * The shard file around `records`, each already sealed (msgpack bytes then CRC): the offset table
 * and the head CRC are filled in over the container head. ShardBuilder writes through it too.
 */
export function encodeSealedShard(firstDoc: number, count: number, starts: ArrayLike<number>, records: readonly Uint8Array[]): Buffer {
  const blocks = offsetBlocks(count);
  const table = new Uint8Array(4 * (blocks + 1) + 4 * (count + 1));
  const tv = view(table);
  const offsetsAt = 4 * (blocks + 1);
  for (let i = 0; i <= count; i++) tv.setUint32(offsetsAt + 4 * i, starts[i]!, true);
  for (let b = 0; b < blocks; b++) {
    const from = offsetsAt + 4 * b * OFFSETS_PER_BLOCK;
    tv.setUint32(4 * b, crc32c(table.subarray(from, Math.min(table.length, from + 4 * OFFSETS_PER_BLOCK))), true);
  }
  const header: ShardHeader = { firstDoc, count };
  const file = encodeContainer('shard', header, [table, ...records]);
  const crcAt = file.length - records.reduce((n, r) => n + r.length, 0) - 4 * (count + 1) - CRC_BYTES;
  view(file).setUint32(crcAt, crc32c(file.subarray(0, crcAt)), true);
  return file;
}

export function encodeShard(firstDoc: number, records: readonly RecordTuple[]): Buffer {
  const sealed = records.map((r) => sealRecord(packr.pack(r)));
  const starts = new Uint32Array(records.length + 1);
  sealed.forEach((p, i) => (starts[i + 1] = starts[i]! + p.length));
  return encodeSealedShard(firstDoc, records.length, starts, sealed);
}

/** The msgpack bytes of a sealed record slice, once its CRC matches; FormatError otherwise. */
export function unsealRecord(slice: Uint8Array, name: string, i: number): Uint8Array {
  const n = slice.length - CRC_BYTES;
  const stored = n < 0 ? -1 : u32le(slice, n);
  if (n < 0 || crc32c(slice.subarray(0, n)) !== stored) throw new FormatError(`${name}: record ${i} does not match its checksum (corrupt or altered)`);
  return slice.subarray(0, n);
}

/**
 * Random access to a file's bytes: in memory, a file descriptor read on demand (runtime/data/
 * file-source.ts), or the offline client's fetched ranges. Synchronous on purpose: the query core
 * stays synchronous and deterministic (a client missing bytes throws and re-runs, see
 * runtime/client/README.md). `read` may return a view of the source's own bytes: never write to it.
 */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Uint8Array;
  /** Copies `length` bytes from `position` into `into` at `at`; returns how many there were (fewer at the end). */
  readInto(position: number, length: number, into: Uint8Array, at: number): number;
  /**
   * Bytes between two records worth reading through rather than reading the records apart
   * (readRecords). Default SPAN_GAP: a file's read is a system call; bytes in memory say 0, since
   * reading through a gap there is only a longer copy.
   */
  readonly spanGap?: number;
}

export function bufferSource(buf: Uint8Array): ByteSource {
  return {
    size: buf.length,
    spanGap: 0,
    read: (p, n) => buf.subarray(p, p + n),
    readInto(p, n, into, at) {
      const bytes = buf.subarray(p, p + n);
      into.set(bytes, at);
      return bytes.length;
    },
  };
}

/**
 * Reads records one at a time. Only the container head is read when the shard is opened; each
 * block of the offset table is read and checked on its first use and kept (4 bytes per record at
 * most); record bytes are read from the source when asked for.
 */
export class ShardReader {
  readonly firstDoc: number;
  readonly count: number;
  readonly name: string;
  readonly #source: ByteSource;
  readonly #offsets: Uint32Array;
  /** Per block of the offset table: its CRC-32C from the head, and whether it was read and checked. */
  readonly #blockCrcs: Uint32Array;
  readonly #checked: Uint8Array;
  readonly #offsetsStart: number;
  readonly #recordsStart: number;
  /** Record i's key in RECORD_CACHE is keyBase + i; undefined: not cached. */
  readonly keyBase = nextReaderKeyBase();

  constructor(source: ByteSource, name: string) {
    this.#source = source;
    this.name = name;
    const fixed = source.read(0, 12);
    const headerLength = fixed.length === 12 ? u32le(fixed, 8) : 0;
    const payloadStart = alignUp(12 + headerLength);
    const head = source.read(0, Math.min(source.size, payloadStart));
    // decodeContainer checks magic, version and header bounds on the head alone.
    const { header } = decodeContainer<ShardHeader>('shard', head, name);
    this.firstDoc = header.firstDoc;
    this.count = header.count;
    if (!Number.isInteger(header.count) || header.count < 0) throw new FormatError(`${name}: bad record count`);
    const blocks = offsetBlocks(header.count);
    const crcs = source.read(payloadStart, 4 * (blocks + 1));
    if (crcs.length !== 4 * (blocks + 1)) throw new FormatError(`${name}: truncated offset checksums`);
    if (crc32c(crcs.subarray(0, 4 * blocks), crc32c(head)) !== u32le(crcs, 4 * blocks)) {
      throw new FormatError(`${name}: header or offset checksums do not match their checksum (corrupt or altered)`);
    }
    this.#blockCrcs = new Uint32Array(blocks);
    for (let b = 0; b < blocks; b++) this.#blockCrcs[b] = u32le(crcs, 4 * b);
    this.#checked = new Uint8Array(blocks);
    this.#offsets = new Uint32Array(header.count + 1);
    this.#offsetsStart = payloadStart + 4 * (blocks + 1);
    this.#recordsStart = this.#offsetsStart + 4 * (header.count + 1);
    if (this.#recordsStart > source.size) throw new FormatError(`${name}: truncated offset table`);
  }

  /**
   * Reads the blocks of the offset table that records `indices` need and are not checked yet,
   * and returns the check of what was read (throws FormatError on a mismatch). Reading every
   * block before checking any lets a lazy source name all its misses in one run (readRecords).
   */
  readOffsets(indices: Iterable<number>): () => void {
    const want = new Set<number>();
    for (const i of indices) {
      this.#check(i);
      for (const b of [Math.floor(i / OFFSETS_PER_BLOCK), Math.floor((i + 1) / OFFSETS_PER_BLOCK)]) if (!this.#checked[b]) want.add(b);
    }
    const read = [...want].map((b) => {
      const from = b * OFFSETS_PER_BLOCK;
      const n = Math.min(OFFSETS_PER_BLOCK, this.count + 1 - from);
      return [b, from, this.#source.read(this.#offsetsStart + 4 * from, 4 * n)] as const;
    });
    return () => {
      for (const [b, from, bytes] of read) {
        if (this.#checked[b]) continue;
        if (crc32c(bytes) !== this.#blockCrcs[b]) throw new FormatError(`${this.name}: offset block ${b} does not match its checksum (corrupt or altered)`);
        for (let k = 0; k < bytes.length / 4; k++) this.#offsets[from + k] = u32le(bytes, 4 * k);
        if (from + bytes.length / 4 === this.count + 1 && this.#recordsStart + this.#offsets[this.count]! !== this.#source.size) {
          throw new FormatError(`${this.name}: record offsets do not match the file size`);
        }
        this.#checked[b] = 1;
      }
    };
  }

  /** Reads and checks every block of the offset table (a full verification). */
  checkOffsets(): void {
    this.readOffsets(Array.from({ length: this.count }, (_, i) => i))();
  }

  /** The tuple of the i-th record of this shard (0-based within the shard). */
  tuple(i: number): RecordTuple {
    return recordTuples([[this, i]])[0]!;
  }

  /** Where record i lies in the source: [start, end). */
  range(i: number): [number, number] {
    this.#ready(i);
    return [this.#recordsStart + this.#offsets[i]!, this.#recordsStart + this.#offsets[i + 1]!];
  }

  /** The source the records are read from. */
  get source(): ByteSource {
    return this.#source;
  }

  /** Record i's two offsets at hand and checked. */
  #ready(i: number): void {
    this.#check(i);
    if (!this.#checked[Math.floor(i / OFFSETS_PER_BLOCK)] || !this.#checked[Math.floor((i + 1) / OFFSETS_PER_BLOCK)]) this.readOffsets([i])();
  }

  #check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.count) throw new RangeError(`record ${i} outside shard of ${this.count}`);
  }
}

/**
 * Records at most this many bytes apart are read in one go (readRecords; default 8 KiB, about two
 * records: reading them costs less than another read call; a source may say otherwise,
 * ByteSource.spanGap), and one read spans at most SPAN_MAX
 * bytes (default 1 MiB).
 */
const SPAN_GAP = 8192;
const SPAN_MAX = 1 << 20;

/**
 * Reads records (shard, index within it) into one buffer, in the order asked, with `before` bytes
 * left free ahead of them and `after` behind: one read per run of records that follow each other in
 * one shard with gaps of at most SPAN_GAP bytes (a page of a list is often one run). Returns the
 * buffer and each record's tuple, whose JSON bytes are a view into it.
 */
function readRecords(records: readonly (readonly [ShardReader, number])[], before: number, after: number): { buf: Uint8Array; tuples: RecordTuple[] } {
  return fromCache(records, before, after) ?? readChecked(records, before, after);
}

const cacheKey = ([shard, i]: readonly [ShardReader, number]): number | undefined => (shard.keyBase === undefined ? undefined : shard.keyBase + i);

/** When every record is in RECORD_CACHE: their checked bytes laid end to end, no read, no CRC. */
function fromCache(records: readonly (readonly [ShardReader, number])[], before: number, after: number): { buf: Uint8Array; tuples: RecordTuple[] } | undefined {
  const cached: Uint8Array[] = [];
  for (const r of records) {
    if (!Number.isInteger(r[1]) || r[1] < 0 || r[1] >= r[0].count) return undefined; // the checked path says why
    const key = cacheKey(r);
    const bytes = key === undefined ? undefined : RECORD_CACHE.get(key);
    if (bytes === undefined) return undefined;
    cached.push(bytes);
  }
  const buf = new Uint8Array(before + cached.reduce((n, b) => n + b.length, 0) + after);
  let at = before;
  const tuples = cached.map((bytes, k) => {
    buf.set(bytes, at);
    const tuple = readMsgpack(buf.subarray(at, at + bytes.length), `${records[k]![0].name}: record ${records[k]![1]}`) as RecordTuple;
    at += bytes.length;
    return tuple;
  });
  return { buf, tuples };
}

function readChecked(records: readonly (readonly [ShardReader, number])[], before: number, after: number): { buf: Uint8Array; tuples: RecordTuple[] } {
  const byShard = new Map<ShardReader, number[]>();
  for (const [shard, i] of records) {
    const list = byShard.get(shard);
    if (list) list.push(i);
    else byShard.set(shard, [i]);
  }
  // Every shard's offset blocks are read before any is checked: one run names every miss.
  for (const check of [...byShard].map(([shard, indices]) => shard.readOffsets(indices))) check();
  const ranges = records.map(([shard, i]) => shard.range(i));
  const runs: { source: ByteSource; start: number; end: number }[] = [];
  const runOf = new Array<number>(records.length);
  records.forEach(([shard], k) => {
    const [start, end] = ranges[k]!;
    const run = runs[runs.length - 1];
    if (run && run.source === shard.source && start >= run.end && start - run.end <= (run.source.spanGap ?? SPAN_GAP) && end - run.start <= SPAN_MAX) run.end = end;
    else runs.push({ source: shard.source, start, end });
    runOf[k] = runs.length - 1;
  });
  const runAt = new Array<number>(runs.length);
  let size = before;
  runs.forEach((run, r) => {
    runAt[r] = size;
    size += run.end - run.start;
  });
  const buf = new Uint8Array(size + after);
  runs.forEach((run, r) => {
    const n = run.end - run.start;
    if (run.source.readInto(run.start, n, buf, runAt[r]!) !== n) throw new FormatError('record shard: truncated record');
  });
  const tuples = ranges.map(([start, end], k) => {
    const from = runAt[runOf[k]!]! + start - runs[runOf[k]!]!.start;
    const [shard, i] = records[k]!;
    const checked = unsealRecord(buf.subarray(from, from + end - start), shard.name, i);
    const key = cacheKey(records[k]!);
    if (key !== undefined) RECORD_CACHE.set(key, checked);
    return readMsgpack(checked, `${shard.name}: record ${i}`) as RecordTuple;
  });
  return { buf, tuples };
}

/** The tuples of records (shard, index within it), in the order asked, repeats allowed; neighbours are read together (readRecords). */
export function recordTuples(records: readonly (readonly [ShardReader, number])[]): RecordTuple[] {
  return readRecords(records, 0, 0).tuples;
}

/**
 * `head`, the stored JSON of each record (shard, index within it) in order, comma-separated, then
 * `tail`: a list body in one buffer, the only one allocated. The records are read straight into it
 * (readRecords), then each record's JSON is moved down over its msgpack framing: a record's framing
 * (array, id, bin header: 5 bytes or more) is longer than the comma that replaces it, so a record's
 * JSON never moves onto bytes not yet used.
 */
export function joinRecordsJson(records: readonly (readonly [ShardReader, number])[], head: Uint8Array, tail: Uint8Array): Uint8Array {
  const { buf, tuples } = readRecords(records, head.length, tail.length);
  buf.set(head, 0);
  let w = head.length;
  tuples.forEach((tuple, k) => {
    const json = Array.isArray(tuple) ? tuple[1] : undefined;
    if (!(json instanceof Uint8Array)) throw new FormatError('record shard: a record is not [id, json bytes]');
    if (k > 0) buf[w++] = COMMA;
    // readMsgpack gives bin as a view of its input (here, of buf); a copy elsewhere is copied in.
    const at = json.byteOffset - buf.byteOffset;
    if (json.buffer === buf.buffer && at >= 0 && at + json.length <= buf.length) buf.copyWithin(w, at, at + json.length);
    else buf.set(json, w);
    w += json.length;
  });
  buf.set(tail, w);
  return buf.subarray(0, w + tail.length);
}

const COMMA = 0x2c;
