/**
 * Both implementations read and write the same RoaringFormatSpec bytes: the portable bytes equal
 * the native ones for the same values (run-optimised, as the project writes them), each reads the
 * other's bytes (run-optimised or not), both read the spec's two test bitmaps, and every bitmap
 * of the real dataset decodes to the same values in both.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import roaring from 'roaring';
import { describe, expect, inject, it } from 'vitest';
import { docSetArb, valuesArb } from '../../../../helpers/bitmap/arbitraries.ts';
import { implementations, native, portable, viewOf } from '../../../../helpers/bitmap/both.ts';
import { realBitmaps } from '../../../../helpers/bitmap/real-bitmaps.ts';

const SPEC_DATA = path.resolve(import.meta.dirname, '../../../../fixtures/roaring-format-spec');

/** The spec's test bitmaps hold the multiples of 1000 in [0, 100000), of 3 in [300000, 600000), and all of [700000, 800000). */
function specValues(): number[] {
  const out: number[] = [];
  for (let k = 0; k < 100000; k += 1000) out.push(k);
  for (let k = 100000; k < 200000; k++) out.push(3 * k);
  for (let k = 700000; k < 800000; k++) out.push(k);
  return out;
}

describe('portable and native bitmap bytes', () => {
  it('writes the same run-optimised bytes as the native module for the same values', () => {
    fc.assert(
      fc.property(valuesArb, (values) => {
        expect(portable.serializeBitmap(portable.bitmapOf(values))).toEqual(new Uint8Array(native.serializeBitmap(native.bitmapOf(values))));
      }),
      { numRuns: 80 },
    );
    // Array containers at the edge of the run choice: c values in r runs, around c = 2r.
    for (let runs = 1; runs <= 12; runs++)
      for (let extra = -2; extra <= 2; extra++) {
        const values: number[] = [];
        for (let r = 0; r < runs; r++) for (let k = 0; k < 2 + (r === 0 ? Math.max(extra, -1) : 0); k++) values.push(65536 + 10 * r + k);
        expect(portable.serializeBitmap(portable.bitmapOf(values))).toEqual(new Uint8Array(native.serializeBitmap(native.bitmapOf(values))));
      }
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(65535), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 40 }), (runs) => {
        const values = [...new Set(runs.flatMap(([start, len]) => Array.from({ length: len }, (_, k) => Math.min(65535, start + k))))].sort((a, b) => a - b);
        expect(portable.serializeBitmap(portable.bitmapOf(values))).toEqual(new Uint8Array(native.serializeBitmap(native.bitmapOf(values))));
      }),
      { numRuns: 200 },
    );
  });

  it('writes the same bytes for sets built by operations (ranges, complements, unions)', () => {
    // A run that ties with its array (3 values: 6 bytes either way), built as a range: written as the array by both.
    const tie = implementations.map(([, impl]) => {
      const x = impl.bitmapOf([]);
      impl.complementInPlace(x, 196611);
      impl.orInPlace(x, impl.bitmapOf([196608, 196609]));
      return [Array.from(impl.serializeBitmap(x)), Array.from(impl.serializeBitmap(impl.rangeBitmap(196611)))];
    });
    expect(tie[1]).toEqual(tie[0]);
    expect(tie[0]![0]).toEqual(tie[0]![1]);
    fc.assert(
      fc.property(fc.nat(3 * 65536 + 5), docSetArb(3 * 65536 + 5), docSetArb(3 * 65536 + 5), (end, a, b) => {
        const bytes = implementations.map(([, impl]) => {
          const x = impl.bitmapOf(a.filter((v) => v < end));
          impl.complementInPlace(x, end);
          impl.orInPlace(x, impl.bitmapOf(b));
          return [impl.serializeBitmap(x), impl.serializeBitmap(impl.rangeBitmap(end))].map((u) => Array.from(u));
        });
        expect(bytes[1]).toEqual(bytes[0]);
      }),
      { numRuns: 100 },
    );
  });

  it('reads the other implementation’s bytes, run-optimised or not, as copies and as views', () => {
    fc.assert(
      fc.property(valuesArb, fc.boolean(), (values, runs) => {
        const b = new roaring.RoaringBitmap32(values);
        if (runs) b.runOptimize();
        const nativeBytes: Uint8Array = b.serialize('portable');
        expect(portable.toArray(portable.deserializeBitmap(nativeBytes))).toEqual(values);
        expect(portable.toArray(viewOf(portable, nativeBytes))).toEqual(values);
        const portableBytes = portable.serializeBitmap(portable.bitmapOf(values));
        expect(native.toArray(native.deserializeBitmap(portableBytes))).toEqual(values);
        expect(native.toArray(viewOf(native, portableBytes))).toEqual(values);
      }),
      { numRuns: 60 },
    );
  });

  it('reads the RoaringFormatSpec test bitmaps, with and without runs, in both', () => {
    const expected = specValues();
    for (const file of ['bitmapwithoutruns.bin', 'bitmapwithruns.bin']) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(SPEC_DATA, file)));
      for (const [name, impl] of implementations) {
        expect({ name, file, values: impl.toArray(impl.deserializeBitmap(bytes)) }).toEqual({ name, file, values: expected });
        expect(impl.toArray(viewOf(impl, bytes))).toEqual(expected);
      }
    }
    // Written back run-optimised, the values give the spec's bytes with runs, in both.
    const withRuns = new Uint8Array(fs.readFileSync(path.join(SPEC_DATA, 'bitmapwithruns.bin')));
    for (const [, impl] of implementations) expect(new Uint8Array(impl.serializeBitmap(impl.bitmapOf(expected)))).toEqual(withRuns);
  });

  it('decodes every bitmap of the real dataset to the same values in both', () => {
    const found = realBitmaps(inject('realDataDir'));
    expect(found.length).toBeGreaterThan(1000);
    for (const { name, bytes, cardinality } of found) {
      const aligned = native.alignedBuffer(bytes.length);
      aligned.set(bytes);
      const values = native.toUint32Array(native.viewBitmap(aligned));
      expect({ name, size: values.length }).toEqual({ name, size: cardinality });
      expect({ name, same: portable.toUint32Array(portable.viewBitmap(aligned)) }).toEqual({ name, same: values });
      expect({ name, same: portable.toUint32Array(portable.deserializeBitmap(bytes)) }).toEqual({ name, same: values });
      // Written again from its values, the portable module gives the file's bytes.
      expect({ name, bytes: portable.serializeBitmap(portable.bitmapOf(values)) }).toEqual({ name, bytes: new Uint8Array(bytes) });
    }
  });
});
