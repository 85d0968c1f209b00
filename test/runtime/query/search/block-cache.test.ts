/** Decoded blocks (runtime/query/search/block-cache.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { byTfDescending } from '../../../../runtime/query/search/block-cache.ts';


describe('decoded blocks', () => {
  it('orders a block by tf~ descending (the scan visits the postings above its threshold only)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: 0, max: 1000, noNaN: true }), { maxLength: 300 }), (values) => {
        const xs = Float32Array.from(values);
        const order = Array.from(byTfDescending(xs));
        expect([...order].sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
        for (let k = 1; k < order.length; k++) expect(xs[order[k - 1]!]!).toBeGreaterThanOrEqual(xs[order[k]!]!);
      }),
    );
  });
});
