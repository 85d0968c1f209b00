/**
 * The id lookup table (FORMAT.md § 8 Id table):
 *
 *   ids       --> Container(magic RDBI, header {count, width, perBlock}), Payload
 *   Payload   --> Fences, BlockCrcs, HeadCrc, Entries
 *   Fences    --> the first id of each block (zero-padded to `width` bytes) ^ blocks
 *   BlockCrcs --> u32 LE ^ blocks: CRC-32C of each block of Entries
 *   HeadCrc   --> u32 LE: CRC-32C of the file's bytes before it (container head, padding, Fences, BlockCrcs)
 *   Entries   --> Entry ^ count, sorted by id bytes, `perBlock` to a block (the last shorter)
 *   Entry     --> id: ASCII, zero-padded to `width` bytes; doc: u32 LE
 *
 * A lookup reads the head (fences), picks the one block that can hold the id, checks it and
 * searches it: a reader fetching ranges reads a few KB, not the whole table.
 */
import { alignUp, decodeContainer, encodeContainer, FormatError } from './container.ts';
import { ID_WIDTH } from './constants.ts';
import { compareBytes, u32le, view } from './bytes.ts';
import { crc32c } from './crc32c.ts';
import type { ByteSource } from './shard.ts';

export interface IdTableHeader {
  count: number;
  width: number;
  perBlock: number;
}

/** Entries per block: about √count (fences and one block cost alike), at least 64. */
export const idBlockSize = (count: number): number => Math.max(64, Math.ceil(Math.sqrt(count)));

export function encodeIdTable(ids: readonly string[]): Buffer {
  const entry = ID_WIDTH + 4;
  const order = ids.map((id, doc) => ({ id, doc }));
  for (const { id } of order) {
    if (!/^[\x21-\x7e]+$/.test(id) || id.length > ID_WIDTH) throw new Error(`id ${JSON.stringify(id)} is not 1..${ID_WIDTH} printable ASCII characters`);
  }
  order.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const perBlock = idBlockSize(order.length);
  const blocks = Math.ceil(order.length / perBlock);
  const entriesAt = blocks * (ID_WIDTH + 4) + 4;
  const payload = new Uint8Array(entriesAt + entry * order.length);
  const pv = view(payload);
  const putId = (id: string, at: number) => {
    for (let i = 0; i < id.length; i++) payload[at + i] = id.charCodeAt(i);
  };
  order.forEach(({ id, doc }, i) => {
    if (i > 0 && order[i - 1]!.id === id) throw new Error(`duplicate recipe id ${id}`);
    putId(id, entriesAt + i * entry);
    pv.setUint32(entriesAt + i * entry + ID_WIDTH, doc, true);
  });
  for (let b = 0; b < blocks; b++) {
    putId(order[b * perBlock]!.id, b * ID_WIDTH);
    const from = entriesAt + b * perBlock * entry;
    pv.setUint32(blocks * ID_WIDTH + 4 * b, crc32c(payload.subarray(from, Math.min(payload.length, from + perBlock * entry))), true);
  }
  const header: IdTableHeader = { count: ids.length, width: ID_WIDTH, perBlock };
  const file = encodeContainer('idTable', header, [payload]);
  const headCrcAt = file.length - payload.length + entriesAt - 4;
  view(file).setUint32(headCrcAt, crc32c(file.subarray(0, headCrcAt)), true);
  return file;
}

export class IdTableReader {
  readonly count: number;
  readonly #source: ByteSource;
  readonly #name: string;
  readonly #width: number;
  readonly #perBlock: number;
  readonly #fences: Uint8Array;
  readonly #crcs: Uint32Array;
  readonly #entriesAt: number;
  /** Blocks read and checked, kept. */
  readonly #blocks = new Map<number, Uint8Array>();
  readonly #key: Uint8Array;

  constructor(source: ByteSource, name: string) {
    this.#source = source;
    this.#name = name;
    const fixed = source.read(0, 12);
    const payloadStart = alignUp(12 + (fixed.length === 12 ? u32le(fixed, 8) : 0));
    const { header } = decodeContainer<IdTableHeader>('idTable', source.read(0, Math.min(source.size, payloadStart)), name);
    const { count, width, perBlock } = header;
    if (![count, width, perBlock].every((n) => Number.isInteger(n) && n >= 0) || width === 0 || perBlock === 0) throw new FormatError(`${name}: bad id table header`);
    this.count = count;
    this.#width = width;
    this.#perBlock = perBlock;
    const blocks = Math.ceil(count / perBlock);
    const headLength = payloadStart + blocks * (width + 4) + 4;
    const head = source.read(0, headLength);
    if (head.length !== headLength || crc32c(head.subarray(0, headLength - 4)) !== u32le(head, headLength - 4)) {
      throw new FormatError(`${name}: header or fences do not match their checksum (corrupt or altered)`);
    }
    this.#fences = head.slice(payloadStart, payloadStart + blocks * width);
    this.#crcs = new Uint32Array(blocks);
    for (let b = 0; b < blocks; b++) this.#crcs[b] = u32le(head, payloadStart + blocks * width + 4 * b);
    this.#entriesAt = headLength;
    if (this.#entriesAt + count * (width + 4) > source.size) throw new FormatError(`${name}: truncated id table`);
    this.#key = new Uint8Array(width);
  }

  #block(b: number): Uint8Array {
    let bytes = this.#blocks.get(b);
    if (bytes) return bytes;
    const entry = this.#width + 4;
    const n = Math.min(this.#perBlock, this.count - b * this.#perBlock);
    bytes = this.#source.read(this.#entriesAt + b * this.#perBlock * entry, n * entry);
    if (crc32c(bytes) !== this.#crcs[b]) throw new FormatError(`${this.#name}: block ${b} does not match its checksum (corrupt or altered)`);
    this.#blocks.set(b, bytes);
    return bytes;
  }

  /** Doc number of an id, or undefined: the last block whose fence is <= the id, then a binary search in it. */
  lookup(id: string): number | undefined {
    if (id.length === 0 || id.length > this.#width || !/^[\x21-\x7e]+$/.test(id)) return undefined;
    const key = this.#key;
    const w = this.#width;
    key.fill(0);
    // The pattern above admits only printable ASCII: one byte per character.
    for (let i = 0; i < id.length; i++) key[i] = id.charCodeAt(i);
    let lo = 0;
    let hi = this.#crcs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareBytes(this.#fences, mid * w, (mid + 1) * w, key, 0, w) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return undefined;
    const block = this.#block(lo - 1);
    const entry = w + 4;
    lo = 0;
    hi = block.length / entry - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareBytes(block, mid * entry, mid * entry + w, key, 0, w);
      if (c === 0) return u32le(block, mid * entry + w);
      // c is the order of the entry relative to key.
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** Every block read and checked (a full verification). */
  checkAll(): void {
    for (let b = 0; b < this.#crcs.length; b++) this.#block(b);
  }
}
