/**
 * Record shards (FORMAT.md § Record shards):
 *
 *   shard   --> Container(magic RDBS, header {firstDoc, count}), Payload
 *   Payload --> Offsets, Records
 *   Offsets --> u32 LE ^ (count + 1): start of record i relative to Records; last = Records length
 *   Records --> RecordTuple ^ count, each one msgpack array [id: str, json: bin]
 *
 * One record decodes alone: read two offsets, unpack that slice.
 */
import { alignUp, encodeContainer, decodeContainer, packr, FormatError } from './container.ts';
import type { RecordTuple } from './constants.ts';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export interface ShardHeader {
  firstDoc: number;
  count: number;
}

export function encodeShard(firstDoc: number, records: readonly RecordTuple[]): Buffer {
  const packed = records.map((r) => packr.pack(r));
  const offsets = Buffer.alloc(4 * (records.length + 1));
  let at = 0;
  packed.forEach((p, i) => {
    offsets.writeUInt32LE(at, 4 * i);
    at += p.length;
  });
  offsets.writeUInt32LE(at, 4 * records.length);
  const header: ShardHeader = { firstDoc, count: records.length };
  return encodeContainer('shard', header, [offsets, ...packed]);
}

/** Random access to a file's bytes: an in-memory buffer or a file descriptor read on demand. */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Buffer;
}

export function bufferSource(buf: Buffer): ByteSource {
  return { size: buf.length, read: (p, n) => buf.subarray(p, p + n) };
}

/**
 * Reads records one at a time. Only the container header and the offset table are held
 * (4 bytes per record); record bytes are read from the source when asked for.
 */
export class ShardReader {
  readonly firstDoc: number;
  readonly count: number;
  readonly #source: ByteSource;
  readonly #offsets: Uint32Array;
  readonly #recordsStart: number;

  constructor(source: ByteSource, name: string) {
    this.#source = source;
    const fixed = source.read(0, 12);
    const headerLength = fixed.length === 12 ? fixed.readUInt32LE(8) : 0;
    const payloadStart = alignUp(12 + headerLength);
    const head = source.read(0, Math.min(source.size, payloadStart));
    // decodeContainer checks magic, version and header bounds on the head alone.
    const { header } = decodeContainer<ShardHeader>('shard', head, name);
    this.firstDoc = header.firstDoc;
    this.count = header.count;
    const table = source.read(payloadStart, 4 * (header.count + 1));
    if (table.length !== 4 * (header.count + 1)) throw new FormatError(`${name}: truncated offset table`);
    this.#offsets = new Uint32Array(header.count + 1);
    // One copy of the little-endian table (the first read of a shard is on a request's path).
    if (LITTLE_ENDIAN) new Uint8Array(this.#offsets.buffer).set(table);
    else for (let i = 0; i <= header.count; i++) this.#offsets[i] = table.readUInt32LE(4 * i);
    this.#recordsStart = payloadStart + table.length;
    if (this.#recordsStart + this.#offsets[header.count]! !== source.size) {
      throw new FormatError(`${name}: record offsets do not match the file size`);
    }
  }

  /** The tuple of the i-th record of this shard (0-based within the shard). */
  tuple(i: number): RecordTuple {
    if (i < 0 || i >= this.count) throw new RangeError(`record ${i} outside shard of ${this.count}`);
    const start = this.#offsets[i]!;
    const end = this.#offsets[i + 1]!;
    return packr.unpack(this.#source.read(this.#recordsStart + start, end - start)) as RecordTuple;
  }
}
