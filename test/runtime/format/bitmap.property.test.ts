/**
 * The counting and paging helpers of the bitmap adapter against a plain oracle, over values
 * spread across several 2^16-value chunks (array, bitset and run containers) so chunk
 * boundaries, empty chunks and pages that straddle chunks all occur.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { and, bitmapOf, bitmapOfDistinct, cardinality, intersectionSize, intersectionSize3, pageOfCombination, toArray } from '../../../runtime/format/bitmap.ts';
import { asBitmap } from '../../helpers/bitmaps.ts';

const SPAN = 5 * 65536 + 1234;

/** A random set: a density per chunk (some empty, some sparse, some dense) plus a few runs. */
const setArb = fc
  .record({
    densities: fc.array(fc.constantFrom(0, 0.0005, 0.02, 0.3, 0.9), { minLength: 6, maxLength: 6 }),
    runs: fc.array(fc.tuple(fc.integer({ min: 0, max: SPAN - 1 }), fc.integer({ min: 1, max: 20000 })), { maxLength: 2 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
  })
  .map(({ densities, runs, seed }) => {
    let x = seed;
    const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const out = new Set<number>();
    for (let v = 0; v < SPAN; v++) if (rnd() < densities[v >>> 16]!) out.add(v);
    for (const [start, len] of runs) for (let v = start; v < Math.min(SPAN, start + len); v++) out.add(v);
    return [...out].sort((a, b) => a - b);
  });

describe('bitmap counting and paging', () => {
  it('pages (base ∩ and) ∖ not by rank exactly like filtering arrays, across chunks', () => {
    fc.assert(
      fc.property(
        setArb,
        fc.array(setArb, { maxLength: 2 }),
        fc.option(setArb, { nil: undefined }),
        fc.integer({ min: 0, max: 200000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        (base, ands, not, offsetSeed, limit, frozen) => {
          const inAll = ands.map((a) => new Set(a));
          const notSet = new Set(not ?? []);
          const expected = base.filter((v) => inAll.every((s) => s.has(v)) && !notSet.has(v));
          const offset = expected.length === 0 ? offsetSeed % 3 : offsetSeed % (expected.length + 2);
          const got = pageOfCombination(
            asBitmap(base, frozen),
            ands.map((a) => asBitmap(a, frozen)),
            not === undefined ? undefined : asBitmap(not, frozen),
            offset,
            limit,
          );
          expect(Array.from(got)).toEqual(expected.slice(offset, offset + limit));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('intersects and counts (two and three sets) like the oracle', () => {
    fc.assert(
      fc.property(fc.array(setArb, { minLength: 1, maxLength: 3 }), fc.boolean(), (sets, frozen) => {
        const all = sets.map((s) => new Set(s));
        const expected = sets[0]!.filter((v) => all.every((s) => s.has(v)));
        const bitmaps = sets.map((s) => asBitmap(s, frozen));
        expect(toArray(and(bitmaps))).toEqual(expected);
        if (sets.length === 2) expect(intersectionSize(bitmaps[0]!, bitmaps[1]!)).toBe(expected.length);
        if (sets.length === 3) expect(intersectionSize3(bitmaps[0]!, bitmaps[1]!, bitmaps[2]!)).toBe(expected.length);
      }),
      { numRuns: 30 },
    );
  });

  it('builds a bitmap from distinct values in any order (array and bitset containers, high values)', () => {
    fc.assert(
      fc.property(setArb, fc.integer({ min: 0, max: 2 ** 32 - SPAN - 1 }), fc.integer({ min: 1, max: 2 ** 30 }), (set, shift, seed) => {
        const values = set.map((v) => v + (seed % 2 === 0 ? 0 : shift));
        // Fisher–Yates with a seeded generator: the order the values arrive in must not matter.
        let x = seed;
        for (let i = values.length - 1; i > 0; i--) {
          x = (x * 1103515245 + 12345) & 0x7fffffff;
          const j = x % (i + 1);
          [values[i], values[j]] = [values[j]!, values[i]!];
        }
        const got = bitmapOfDistinct(Uint32Array.from(values));
        expect(cardinality(got)).toBe(set.length);
        expect(toArray(got)).toEqual(values.slice().sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });
});
