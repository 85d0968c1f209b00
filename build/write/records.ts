import { RECORDS_PER_SHARD, PATHS } from '../../runtime/format/constants.ts';
import { CRC_BYTES, encodeSealedShard } from '../../runtime/format/shard.ts';
import { crc32c } from '../../runtime/format/crc32c.ts';
import { encodeIdTable } from '../../runtime/format/id-table.ts';
import type { PartWriter } from './types.ts';

/**
 * Record shards (RECORDS_PER_SHARD records each) and the id → doc table. Each shard is emitted
 * as soon as it is full, so at most one shard's records are held at a time.
 *
 * The bytes are encodeShard's (runtime/format/shard.ts: offsets and head CRC, then one msgpack
 * array [id: str, json: bin] and its CRC-32C per record), written straight into one reused buffer instead of packing
 * each record on its own (test/build/write/write-dataset.test.ts checks they are the same).
 */
export const recordsWriter: PartWriter = {
  name: 'records',
  begin({ recipeCount, emit }) {
    const ids: string[] = new Array<string>(recipeCount);
    const shard = new ShardBuilder();
    let first = 0;
    const flush = () => {
      if (shard.count === 0) return;
      emit(PATHS.shard(first / RECORDS_PER_SHARD), shard.encode(first));
      first += shard.count;
      shard.reset();
    };
    return {
      add(doc, { facts, json }) {
        if (doc !== first + shard.count) throw new Error(`records: doc ${doc} out of order`);
        ids[doc] = facts.id;
        shard.add(facts.id, json);
        if (shard.count === RECORDS_PER_SHARD) flush();
      },
      finish() {
        flush();
        ids.length = first;
        emit(PATHS.ids, encodeIdTable(ids));
      },
    };
  },
};

/** msgpack header of a str (kind 'str') or bin (kind 'bin') of `length` bytes, as msgpackr writes it. */
function writeHeader(buf: Buffer, at: number, kind: 'str' | 'bin', length: number): number {
  if (kind === 'str' && length < 0x20) {
    buf[at] = 0xa0 | length;
    return at + 1;
  }
  if (length < 0x100) {
    buf[at] = kind === 'str' ? 0xd9 : 0xc4;
    buf[at + 1] = length;
    return at + 2;
  }
  if (length < 0x10000) {
    buf[at] = kind === 'str' ? 0xda : 0xc5;
    buf.writeUInt16BE(length, at + 1);
    return at + 3;
  }
  buf[at] = kind === 'str' ? 0xdb : 0xc6;
  buf.writeUInt32BE(length, at + 1);
  return at + 5;
}

/** One shard's payload (offsets + records) in reused buffers. */
export class ShardBuilder {
  count = 0;
  #offsets = new Uint32Array(RECORDS_PER_SHARD + 1);
  #body = Buffer.allocUnsafe(1 << 22);
  #at = 0;

  /** `json`: the record's JSON in UTF-8. */
  add(id: string, json: Uint8Array): void {
    const idBytes = Buffer.byteLength(id, 'utf8');
    const jsonBytes = json.length;
    const need = this.#at + 1 + 5 + idBytes + 5 + jsonBytes + CRC_BYTES;
    if (need > this.#body.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.#body.length * 2));
      this.#body.copy(grown, 0, 0, this.#at);
      this.#body = grown;
    }
    if (this.count + 1 >= this.#offsets.length) {
      const grown = new Uint32Array(this.#offsets.length * 2);
      grown.set(this.#offsets);
      this.#offsets = grown;
    }
    const body = this.#body;
    this.#offsets[this.count++] = this.#at;
    let at = this.#at;
    body[at++] = 0x92; // fixarray of 2
    at = writeHeader(body, at, 'str', idBytes);
    at += body.write(id, at, 'utf8');
    at = writeHeader(body, at, 'bin', jsonBytes);
    body.set(json, at);
    at += jsonBytes;
    body.writeUInt32LE(crc32c(body.subarray(this.#at, at)), at);
    this.#at = at + CRC_BYTES;
  }

  /** The shard file (the bytes of encodeShard(firstDoc, records)). */
  encode(firstDoc: number): Buffer {
    this.#offsets[this.count] = this.#at;
    return encodeSealedShard(firstDoc, this.count, this.#offsets, [this.#body.subarray(0, this.#at)]);
  }

  reset(): void {
    this.count = 0;
    this.#at = 0;
  }
}
