/** Searches and selections over typed arrays (runtime/query/search/arrays.ts), against sorts. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestBlocks, distinctSorted, kthSmallest } from '../../../../runtime/query/search/arrays.ts';


describe('typed-array helpers', () => {
  it('lists seeds ascending and once (distinctSorted), and selects the k-th smallest score (kthSmallest), as a sort would', () => {
    const docs = fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 300 });
    fc.assert(
      fc.property(docs, docs, (head, rest) => {
        const values = [...[...new Set(head)].sort((a, b) => a - b), ...rest]; // an ascending run, then any
        expect(Array.from(distinctSorted(values))).toEqual([...new Set(values)].sort((a, b) => a - b));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 1, maxLength: 300 }), fc.nat(), (values, at) => {
        const k = at % values.length;
        expect(kthSmallest(Float64Array.from(values), values.length, k)).toBe([...values].sort((a, b) => a - b)[k]);
      }),
    );
  });

  it('picks the k best blocks by bound, largest first and the lower block on ties (seeding), as a sort would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 300 }), fc.integer({ min: 1, max: 70 }), (maxes, k) => {
        const oracle = maxes.map((_, b) => b).sort((x, y) => maxes[y]! - maxes[x]! || x - y).slice(0, k);
        expect(bestBlocks(Float32Array.from(maxes), k)).toEqual(oracle);
      }),
    );
  });
});
