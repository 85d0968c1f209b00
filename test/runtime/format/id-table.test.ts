/**
 * The id table by blocks (FORMAT.md § 8) against a plain Map of id → doc.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeIdTable, idBlockSize, IdTableReader } from '../../../runtime/format/id-table.ts';
import { bufferSource, type ByteSource } from '../../../runtime/format/shard.ts';

const ids = fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '2', '7'), minLength: 1, maxLength: 16 }), { maxLength: 400 });

describe('IdTableReader', () => {
  it('finds the doc of every id and nothing for any other string', () => {
    fc.assert(
      fc.property(ids, fc.array(fc.string({ maxLength: 17 }), { maxLength: 20 }), (list, probes) => {
        const reader = new IdTableReader(bufferSource(encodeIdTable(list)), 'ids.bin');
        const docs = new Map(list.map((id, doc) => [id, doc]));
        expect(reader.count).toBe(list.length);
        for (const id of [...list, ...probes]) expect(reader.lookup(id)).toBe(docs.get(id));
      }),
      { numRuns: 100 },
    );
  });

  it('reads the head once and then one block per lookup, each checked once', () => {
    const list = Array.from({ length: 1000 }, (_, i) => `id${String((i * 7919) % 1000).padStart(4, '0')}`);
    const inner = bufferSource(encodeIdTable(list));
    const reads: number[] = [];
    const source: ByteSource = { ...inner, read: (p, n) => (reads.push(n), inner.read(p, n)) };
    const reader = new IdTableReader(source, 'ids.bin');
    reads.length = 0;
    expect(reader.lookup(list[5]!)).toBe(5);
    expect(reads).toEqual([idBlockSize(1000) * 20]);
    expect(reader.lookup(list[5]!)).toBe(5);
    expect(reads).toHaveLength(1);
  });

  it('refuses a block that does not match its checksum, and fences that do not match theirs', () => {
    const list = Array.from({ length: 300 }, (_, i) => `id${String(i).padStart(4, '0')}`);
    const file = encodeIdTable(list);
    const at = file.lastIndexOf(Buffer.from('id0250'));
    const bad = Buffer.from(file);
    bad[at + 5] = 0x31; // id0250 → id0251 in its block: a duplicate the checksum catches
    const reader = new IdTableReader(bufferSource(bad), 'ids.bin');
    expect(reader.lookup('id0001')).toBe(1);
    expect(() => reader.lookup('id0250')).toThrow(/ids.bin: block \d+ does not match its checksum/);
    const fences = Buffer.from(file);
    fences[file.indexOf(Buffer.from('id0000')) + 5]! ^= 1;
    expect(() => new IdTableReader(bufferSource(fences), 'ids.bin')).toThrow(/fences do not match their checksum/);
  });
});
