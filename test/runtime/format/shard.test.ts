import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferSource, encodeShard, OFFSETS_PER_BLOCK, joinRecordsJson, recordTuples, ShardReader, type ByteSource } from '../../../runtime/format/shard.ts';
import type { RecordTuple } from '../../../runtime/format/constants.ts';

/** Records of varied sizes: small ones sit within one read of each other, 20 KB ones do not. */
const records: RecordTuple[] = Array.from({ length: 40 }, (_, i) => [`id${i}`, Buffer.from(JSON.stringify({ i, pad: 'x'.repeat(i % 7 === 0 ? 20_000 : 50 * i) }))]);

/** A source that counts its reads. */
function counted(buf: Buffer): ByteSource & { reads: number } {
  const inner = bufferSource(buf);
  const src = {
    size: inner.size,
    reads: 0,
    read: (p: number, n: number) => (src.reads++, inner.read(p, n)),
    readInto: (p: number, n: number, into: Uint8Array, at: number) => (src.reads++, inner.readInto(p, n, into, at)),
  };
  return src;
}

describe('recordTuples', () => {
  const tuples = (shard: ShardReader, indices: number[]) => recordTuples(indices.map((i) => [shard, i] as const));
  const bytes = encodeShard(0, records);

  it('returns the same tuples as tuple(), in the order asked, repeats included', () => {
    const shard = new ShardReader(bufferSource(bytes), 'shard');
    const asked = [5, 3, 39, 0, 3, 14, 13, 21, 1];
    // Compared as plain bytes: a record's JSON is a view of whatever array its read filled (Buffer or Uint8Array).
    const plain = (ts: RecordTuple[]) => ts.map(([id, json]) => [id, Uint8Array.from(json)]);
    expect(plain(tuples(shard, asked))).toEqual(plain(asked.map((i) => shard.tuple(i))));
    expect(tuples(shard, [])).toEqual([]);
  });

  it('reads a run of neighbouring records once, and far-apart records separately', () => {
    const src = counted(bytes);
    const shard = new ShardReader(src, 'shard');
    shard.checkOffsets(); // the offset table's reads are counted in the test below
    src.reads = 0;
    tuples(shard, [1, 2, 3, 4, 5, 6]);
    expect(src.reads).toBe(1);
    src.reads = 0;
    // 7 holds 20 KB: 6 and 8 are more than the gap apart once 7 is not asked for.
    tuples(shard, [6, 8]);
    expect(src.reads).toBe(2);
  });

  it('reads the offset table by blocks, each once, all blocks a page needs before checking any', () => {
    const many: RecordTuple[] = Array.from({ length: 3 * OFFSETS_PER_BLOCK }, (_, i) => [`id${i}`, Buffer.from(`{"i":${i}}`)]);
    const src = counted(encodeShard(0, many));
    const shard = new ShardReader(src, 'shard');
    expect(src.reads).toBe(3); // the container's fixed part, its head, the offset checksums
    src.reads = 0;
    // Records 1 and 2 share offset block 0; record 2·64 − 1 needs blocks 1 and 2 (its end offset):
    // 3 block reads, then one read of the records (small ones: one run).
    tuples(shard, [1, 2, 2 * OFFSETS_PER_BLOCK - 1]);
    expect(src.reads).toBe(3 + 1);
    src.reads = 0;
    tuples(shard, [3, 2 * OFFSETS_PER_BLOCK + 5]);
    expect(src.reads).toBe(1); // the records only: their blocks are checked and kept
  });

  it('refuses an offset block that does not match its checksum, and the head when an offset checksum is altered', () => {
    const many: RecordTuple[] = Array.from({ length: 2 * OFFSETS_PER_BLOCK }, (_, i) => [`id${i}`, Buffer.from(`{"i":${i}}`)]);
    const file = encodeShard(0, many);
    const shard = new ShardReader(bufferSource(file), 'shard');
    const blocks = Math.ceil((many.length + 1) / OFFSETS_PER_BLOCK);
    const offsetsAt = shard.range(0)[0] - 4 * (many.length + 1);
    const bad = Buffer.from(file);
    bad.writeUInt32LE(bad.readUInt32LE(offsetsAt + 4 * (OFFSETS_PER_BLOCK + 1)) + 1, offsetsAt + 4 * (OFFSETS_PER_BLOCK + 1));
    const reader = new ShardReader(bufferSource(bad), 'shard');
    expect(reader.tuple(0)[0]).toBe('id0');
    expect(() => reader.tuple(OFFSETS_PER_BLOCK + 1)).toThrow(/offset block 1 does not match its checksum/);
    const head = Buffer.from(file);
    head[offsetsAt - 4 * (blocks + 1)]! ^= 1;
    expect(() => new ShardReader(bufferSource(head), 'shard')).toThrow(/do not match their checksum/);
  });

  it('refuses a record number outside the shard', () => {
    const shard = new ShardReader(bufferSource(bytes), 'shard');
    expect(() => tuples(shard, [0, 40])).toThrow(RangeError);
    expect(() => tuples(shard, [-1])).toThrow(RangeError);
    expect(() => tuples(shard, [1.5])).toThrow(RangeError);
  });
});

describe('joinRecordsJson', () => {
  const a = encodeShard(0, records);
  const b = encodeShard(40, records.slice(0, 10).map(([id, json]) => [`b${id}`, Buffer.concat([json, Buffer.from(' ')])] as RecordTuple));
  const head = Buffer.from('{"list":[');
  const tail = Buffer.from(']}');
  /** What the body must be: head, the records' JSON comma-separated, tail. */
  const expected = (tuples: RecordTuple[]) => Buffer.concat([head, ...tuples.flatMap(([, json], k) => (k > 0 ? [Buffer.from(','), json] : [json])), tail]);

  it('joins records in the order asked, across shards, with gaps, repeats and backward steps', () => {
    const sa = new ShardReader(bufferSource(a), 'a');
    const sb = new ShardReader(bufferSource(b), 'b');
    const asked: [ShardReader, number][] = [[sa, 0], [sa, 1], [sa, 2], [sa, 9], [sb, 3], [sb, 4], [sa, 5], [sa, 5], [sa, 39], [sa, 38], [sb, 0]];
    expect(Buffer.from(joinRecordsJson(asked, head, tail))).toEqual(expected(asked.map(([s, i]) => s.tuple(i))));
  });

  it('gives just head and tail for no records', () => {
    expect(Buffer.from(joinRecordsJson([], head, tail))).toEqual(Buffer.concat([head, tail]));
  });

  it('reads a run of neighbouring records once', () => {
    const src = counted(a);
    const shard = new ShardReader(src, 'a');
    shard.checkOffsets();
    src.reads = 0;
    const body = joinRecordsJson([1, 2, 3, 4, 5, 6].map((i) => [shard, i] as const), head, tail);
    expect(src.reads).toBe(1);
    expect(Buffer.from(body)).toEqual(expected([1, 2, 3, 4, 5, 6].map((i) => shard.tuple(i))));
  });
});

describe('records kept after their check (record-cache.ts)', () => {
  const head = Buffer.from('[');
  const tail = Buffer.from(']');

  it('serves records read and checked before again without reading the file', () => {
    const src = counted(encodeShard(0, records));
    const shard = new ShardReader(src, 'shard');
    const first = Buffer.from(joinRecordsJson([1, 2, 3, 4, 5, 6].map((i) => [shard, i] as const), head, tail));
    src.reads = 0;
    const again = Buffer.from(joinRecordsJson([1, 2, 3, 4, 5, 6].map((i) => [shard, i] as const), head, tail));
    expect(src.reads).toBe(0);
    expect(again).toEqual(first);
    expect(Buffer.from(shard.tuple(4)[1])).toEqual(Buffer.from(records[4]![1]));
    expect(src.reads).toBe(0);
  });

  it('never lets a byte altered in the file after a check reach an answer: kept records are served as checked, others are checked and refused', () => {
    const file = encodeShard(0, records);
    const shard = new ShardReader(bufferSource(file), 'shard');
    const before = Buffer.from(shard.tuple(3)[1]);
    const [start3] = shard.range(3);
    const [start5] = shard.range(5);
    file[start3 + 12]! ^= 0xff;
    file[start5 + 12]! ^= 0xff;
    expect(Buffer.from(shard.tuple(3)[1])).toEqual(before);
    expect(() => shard.tuple(5)).toThrow(/record 5 does not match its checksum/);
    // A page with one kept record and one not is read whole from the file and checked: refused.
    expect(() => joinRecordsJson([[shard, 3], [shard, 5]], head, tail)).toThrow(/does not match its checksum/);
  });

  it('gives the same bodies from kept records as from the file, for any page across two shards (fast-check)', () => {
    const small: RecordTuple[] = Array.from({ length: 30 }, (_, i) => [`s${i}`, Buffer.from(JSON.stringify({ i, pad: 'y'.repeat((i * 37) % 300) }))]);
    const sa = new ShardReader(bufferSource(encodeShard(0, small)), 'a');
    const sb = new ShardReader(bufferSource(encodeShard(30, small)), 'b');
    const expected = (asked: [ShardReader, number][]) => Buffer.concat([head, ...asked.flatMap(([, i], k) => (k > 0 ? [Buffer.from(','), small[i]![1]] : [small[i]![1]])), tail]);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(29)), { maxLength: 12 }), (picks) => {
        const asked = picks.map(([first, i]) => [first ? sa : sb, i] as [ShardReader, number]);
        expect(Buffer.from(joinRecordsJson(asked, head, tail))).toEqual(expected(asked));
        expect(Buffer.from(joinRecordsJson(asked, head, tail))).toEqual(expected(asked)); // every record kept now
      }),
      { numRuns: 300 },
    );
  });
});
