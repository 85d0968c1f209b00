import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeNumericIndex, NumericIndexReader } from '../../../runtime/format/numeric-index.ts';
import { add, alignedBuffer, cardinality, has, toArray } from '../../../runtime/format/bitmap.ts';

function open(bytes: Buffer): NumericIndexReader {
  const aligned = alignedBuffer(bytes.length);
  aligned.set(bytes);
  return new NumericIndexReader(Buffer.from(aligned.buffer, aligned.byteOffset, aligned.byteLength), 'test');
}

describe('numeric index', () => {
  it('answers "<= bound" and ">= bound" exactly at every bound, between and beyond breakpoints', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -5, max: 60 }), { nil: undefined }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (values, gap) => {
          const index = open(encodeNumericIndex('f', 'u', values, gap));
          for (let bound = -7; bound <= 62; bound++) {
            const le = values.flatMap((v, doc) => (v !== undefined && v <= bound ? [doc] : []));
            const ge = values.flatMap((v, doc) => (v !== undefined && v >= bound ? [doc] : []));
            expect(toArray(index.le(bound))).toEqual(le);
            expect(toArray(index.ge(bound))).toEqual(ge);
          }
          expect(cardinality(index.has())).toBe(values.filter((v) => v !== undefined).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers repeated bounds in any order (through its cache of recent bounds) exactly, and a kept answer cannot be modified', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }), { minLength: 500, maxLength: 3000 }),
        fc.array(fc.integer({ min: -2, max: 402 }), { minLength: 20, maxLength: 80 }),
        (values, bounds) => {
          const index = open(encodeNumericIndex('f', 'u', values, 700));
          for (const bound of [...bounds, ...bounds.slice().reverse()]) {
            const le = values.flatMap((v, doc) => (v !== undefined && v <= bound ? [doc] : []));
            const ge = values.flatMap((v, doc) => (v !== undefined && v >= bound ? [doc] : []));
            expect(toArray(index.le(bound))).toEqual(le);
            expect(toArray(index.ge(bound))).toEqual(ge);
          }
        },
      ),
      { numRuns: 40 },
    );
    const index = open(encodeNumericIndex('f', 'u', Array.from({ length: 2000 }, (_, i) => i % 300), 700));
    const kept = index.le(150);
    expect(index.le(150)).toBe(kept);
    expect(() => add(kept, 1999)).toThrow();
    expect(has(index.le(150), 1999)).toBe(false);
    const above = index.ge(150);
    expect(index.ge(150)).toBe(above);
    expect(() => add(above, 0)).toThrow();
    expect(has(index.ge(150), 0)).toBe(false);
    expect(cardinality(index.has())).toBe(2000);
  });

  it('refuses a key that is not a 32-bit integer', () => {
    expect(() => encodeNumericIndex('f', 'u', [1.5])).toThrow(/not a 32-bit integer/);
    expect(() => encodeNumericIndex('f', 'u', [2 ** 31])).toThrow(/not a 32-bit integer/);
  });
});
