/**
 * Bitmap index files read by range (FORMAT.md § 6) against plain oracles: the sets they were
 * written from, the ranges a reader touches, and a byte flipped anywhere.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitmapIndexReader, encodeBitmapIndex, FIRST_READ_BYTES } from '../../../runtime/format/bitmap-index.ts';
import { bitmapOf, toArray } from '../../../runtime/format/bitmap.ts';
import { alignUp, FormatError } from '../../../runtime/format/container.ts';
import { bufferSource, type ByteSource } from '../../../runtime/format/shard.ts';

/** Keys to sorted distinct docs (some empty: left out of the file). */
const indexes = fc.dictionary(fc.string({ unit: fc.constantFrom('a', 'b', 'é'), minLength: 1, maxLength: 4 }), fc.uniqueArray(fc.nat(70_000), { maxLength: 300 }).map((d) => d.sort((a, b) => a - b)), { maxKeys: 12 });

const fileOf = (sets: Record<string, number[]>) => encodeBitmapIndex('test', new Map(Object.entries(sets).map(([k, d]) => [k, bitmapOf(d)])));

/** A source that records every byte range read and hands out copies at odd addresses (as a fetched block may be). */
function recording(file: Uint8Array): { source: ByteSource; reads: [number, number][] } {
  const reads: [number, number][] = [];
  const inner = bufferSource(file);
  return {
    reads,
    source: {
      size: file.length,
      read(p, n) {
        reads.push([p, Math.min(p + n, file.length)]);
        const odd = new Uint8Array(n + 1);
        odd.set(inner.read(p, n), 1);
        return odd.subarray(1, 1 + Math.min(n, file.length - p));
      },
      readInto: inner.readInto,
    },
  };
}

const payloadStart = (file: Uint8Array) => alignUp(12 + new DataView(file.buffer, file.byteOffset).getUint32(8, true));

describe('BitmapIndexReader', () => {
  it('gives every written set by key, lists the non-empty keys with their counts, and nothing for other keys', () => {
    fc.assert(
      fc.property(indexes, fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'é'), maxLength: 4 }), { maxLength: 6 }), (sets, probes) => {
        const reader = new BitmapIndexReader(recording(fileOf(sets)).source, 'test.bin');
        const kept = Object.entries(sets).filter(([, d]) => d.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        expect(reader.keys()).toEqual(kept.map(([key, d]) => ({ key, cardinality: d.length })));
        for (const k of [...Object.keys(sets), ...probes]) {
          const want = sets[k] ?? [];
          expect(want.length === 0 ? reader.get(k) : toArray(reader.get(k)!)).toEqual(want.length === 0 ? undefined : want);
        }
        const keys = [...probes, ...Object.keys(sets)];
        expect(reader.getMany(keys).map((b) => (b ? toArray(b) : undefined))).toEqual(keys.map((k) => (sets[k]?.length ? sets[k] : undefined)));
      }),
      { numRuns: 150 },
    );
  });

  it('reads the head for the keys and counts, then only the bitmaps asked for, each once', () => {
    // Enough keys that the head outgrows the first read.
    const sets = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`key-${String(i).padStart(4, '0')}`, [i, i + 1000]]));
    const file = fileOf(sets);
    const head = payloadStart(file) + 4;
    expect(head).toBeGreaterThan(FIRST_READ_BYTES);
    const { source, reads } = recording(file);
    const reader = new BitmapIndexReader(source, 'test.bin');
    expect(reader.keys().length).toBe(600);
    expect(reads.every(([, end]) => end <= head)).toBe(true);
    const before = reads.length;
    reader.getMany(['key-0007', 'key-0007']);
    reader.get('key-0007');
    expect(reads.length).toBe(before + 1);
    const [start, end] = reads[before]!;
    expect(start).toBeGreaterThanOrEqual(head);
    expect(end - start).toBeLessThan(64);
  });

  it('reads a small index whole in its first read', () => {
    const file = fileOf({ a: [1, 2, 3], b: [5], c: [7, 9] });
    const { source, reads } = recording(file);
    new BitmapIndexReader(source, 'test.bin').keys();
    expect(reads).toEqual([[0, file.length]]);
  });

  it('refuses a changed byte anywhere in the head or in the bitmap it reads, naming the file', () => {
    const file = fileOf({ a: [1, 2, 3], b: [5, 70_000], c: [7, 9] });
    const clean = new BitmapIndexReader(bufferSource(file), 'x.bin');
    let refusedAny = false;
    for (let at = 12; at < file.length; at++) {
      const bad = Uint8Array.from(file);
      bad[at] = bad[at]! ^ 0x10;
      let reader: BitmapIndexReader;
      try {
        reader = new BitmapIndexReader(bufferSource(bad), 'x.bin');
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
        expect((e as Error).message).toContain('x.bin');
        continue;
      }
      // The head was intact: a flip in a bitmap is refused when that bitmap is read; one in padding changes nothing.
      let refused = false;
      try {
        reader.checkAll();
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
        expect((e as Error).message).toMatch(/x\.bin: the bitmap of "[abc]"/);
        refused = true;
      }
      if (!refused) expect(['a', 'b', 'c'].map((k) => toArray(reader.get(k)!))).toEqual(['a', 'b', 'c'].map((k) => toArray(clean.get(k)!)));
      else refusedAny = true;
    }
    expect(refusedAny).toBe(true);
  });
});
