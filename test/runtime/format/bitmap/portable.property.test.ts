/**
 * The portable implementation answers every operation as the native one does, on random sets with
 * array, bitset and run containers (owned bitmaps and views over serialised bytes alike).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../../../../runtime/format/bitmap/types.ts';
import { chunkValues, docSetArb, valuesArb } from '../../../helpers/bitmap/arbitraries.ts';
import { implementations, type Impl, viewOf } from '../../../helpers/bitmap/both.ts';

const RUNS = { numRuns: 40 };

/** The values as a bitmap of `impl`: owned, or a view over its run-optimised bytes. */
function build(impl: Impl, values: number[], view: boolean): Bitmap {
  const b = impl.bitmapOf(values);
  return view ? viewOf(impl, impl.serializeBitmap(b)) : b;
}

/** Runs `scenario` with each implementation and expects the same outcome from both. */
function same<T>(scenario: (impl: Impl) => T): void {
  expect(scenario(implementations[1]![1])).toEqual(scenario(implementations[0]![1]));
}

/** A bitmap's values as their count and a hash (FNV-1a over the u32 values): cheap to compare when large. */
function list(impl: Impl, b: Bitmap): [number, number] {
  const values = impl.toUint32Array(b);
  let h = 0x811c9dc5;
  for (let i = 0; i < values.length; i++) h = Math.imul(h ^ values[i]!, 0x01000193);
  return [values.length, h >>> 0];
}

describe('the portable bitmaps against the native ones', () => {
  it('hold the same values, counts and members, and page by rank alike', () => {
    fc.assert(
      fc.property(valuesArb, fc.boolean(), fc.nat(300_000), fc.nat(5000), (values, view, offset, limit) => {
        const probes = [0, 1, 65535, 65536, 2 ** 32 - 1, ...values.slice(0, 5), (values[0] ?? 7) + 1];
        same((impl) => {
          const b = build(impl, values, view);
          return {
            values: list(impl, b),
            size: impl.cardinality(b),
            has: probes.map((v) => impl.has(b, v)),
            page: Array.from(impl.page(b, offset % (values.length + 3), limit)),
            all: Array.from(impl.toUint32Array(b, new Uint32Array(values.length + 2))),
            frozen: impl.isFrozen(b),
          };
        });
      }),
      RUNS,
    );
  });

  it('combine two or more sets (and, or, andNot, intersect, xor) alike', () => {
    fc.assert(
      fc.property(fc.array(valuesArb, { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (sets, views) => {
        same((impl) => {
          const bs = sets.map((s, i) => build(impl, s, views[i]!));
          const [a, b = impl.emptyBitmap()] = bs;
          return {
            and: list(impl, impl.and(bs)),
            or: list(impl, impl.or(bs)),
            orOfNone: list(impl, impl.or([])),
            andNot: list(impl, impl.andNot(a!, b)),
            intersect: list(impl, impl.intersect(a!, b)),
            xor: list(impl, impl.xor(a!, b)),
            size2: impl.intersectionSize(a!, b),
            size3: impl.intersectionSize3(a!, b, bs[2] ?? a!),
            inputs: bs.map((x) => list(impl, x)),
          };
        });
      }),
      RUNS,
    );
  });

  it('change a workspace in place alike, leaving the sets it was copied from unchanged', () => {
    const step = fc.record({ op: fc.constantFrom('and', 'andNot', 'or', 'xor', 'copy', 'clear', 'add', 'complement'), with: fc.nat(3), value: fc.nat(5 * 65536) });
    fc.assert(
      fc.property(fc.array(docSetArb(5 * 65536 + 77), { minLength: 4, maxLength: 4 }), fc.array(step, { maxLength: 8 }), fc.boolean(), (sets, steps, views) => {
        same((impl) => {
          const inputs = sets.map((s, i) => build(impl, s, views && i % 2 === 0));
          const target = impl.emptyBitmap();
          const other = impl.emptyBitmap();
          impl.copyInto(other, inputs[0]!);
          const before = impl.emptyBitmap();
          const trace: [number, number][] = [];
          for (const s of steps) {
            const x = inputs[s.with]!;
            impl.copyInto(before, target); // must keep these values while target changes
            if (s.op === 'and') impl.andInPlace(target, x);
            else if (s.op === 'andNot') impl.andNotInPlace(target, x);
            else if (s.op === 'or') impl.orInPlace(target, x);
            else if (s.op === 'xor') impl.xorInPlace(target, x);
            else if (s.op === 'copy') impl.copyInto(target, x);
            else if (s.op === 'clear') impl.clear(target);
            else if (s.op === 'add') impl.add(target, s.value);
            else impl.complementInPlace(target, impl.chunkedEnd([target, x]));
            impl.orInPlace(other, target);
            trace.push(list(impl, target), list(impl, other), list(impl, before));
          }
          return { trace, inputs: inputs.map((x) => list(impl, x)) };
        });
      }),
      RUNS,
    );
  });

  it('meet dense chunks with runs at the same keys alike, in place or not (bitset-runs.ts)', () => {
    const shaped = (shapes: string[]) =>
      fc.array(fc.record({ key: fc.integer({ min: 0, max: 2 }), shape: fc.constantFrom(...shapes), seed: fc.integer({ min: 1, max: 2 ** 30 }) }), { minLength: 1, maxLength: 3 }).map((cs) => [...new Set(cs.flatMap((c) => chunkValues(c.key, c.shape, c.seed)))].sort((a, b) => a - b));
    fc.assert(
      fc.property(shaped(['dense']), shaped(['few short runs', 'runs', 'full', 'short runs']), (dense, runs) => {
        same((impl) => {
          // Runs as the index files hold them (run-optimised bytes); the dense side owned, so that in-place operations reuse its words.
          const r = build(impl, runs, true);
          const inPlace = (op: 'andInPlace' | 'andNotInPlace' | 'orInPlace') => {
            const t = impl.bitmapOf(dense);
            impl[op](t, r);
            return list(impl, t);
          };
          const d = build(impl, dense, true);
          return {
            and: list(impl, impl.and([d, r])),
            andNot: list(impl, impl.andNot(d, r)),
            runsNot: list(impl, impl.andNot(r, d)),
            or: list(impl, impl.or([d, r])),
            xor: list(impl, impl.xor(d, r)),
            size: [impl.intersectionSize(d, r), impl.intersectionSize(r, d)],
            inPlace: [inPlace('andInPlace'), inPlace('andNotInPlace'), inPlace('orInPlace')],
          };
        });
      }),
      RUNS,
    );
  });

  it('build ranges, stripes and complements alike', () => {
    fc.assert(
      fc.property(fc.nat(4 * 65536 + 3), fc.constantFrom<0 | 1>(0, 1), docSetArb(4 * 65536 + 3), (end, phase, values) => {
        same((impl) => {
          const inside = impl.bitmapOf(values.filter((v) => v < end));
          impl.complementInPlace(inside, end);
          return {
            range: list(impl, impl.rangeBitmap(end)),
            striped: list(impl, impl.stripedBitmap(end, phase)),
            complement: list(impl, inside),
            end: impl.chunkedEnd([impl.bitmapOf(values), impl.emptyBitmap()]),
          };
        });
      }),
      { numRuns: 30 },
    );
  });

  it('page a combination and the first values of intersections alike', () => {
    fc.assert(
      fc.property(
        docSetArb(6 * 65536),
        fc.array(docSetArb(6 * 65536), { maxLength: 3 }),
        fc.option(docSetArb(6 * 65536), { nil: undefined }),
        fc.nat(100_000),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (base, ands, not, offset, limit, maxChunks, views) => {
          same((impl) => {
            const b = build(impl, base, views);
            const as = ands.map((s) => build(impl, s, views));
            const n = not === undefined ? undefined : build(impl, not, views);
            // Disjoint a_i: base split by value parity into two sides, each paired with a set.
            const pairs = as.map((x, i) => [impl.and([b, impl.stripedBitmap(6 * 65536, (i % 2) as 0 | 1)]), x] as const).slice(0, 2);
            return {
              page: Array.from(impl.pageOfCombination(b, as, n, offset % (base.length + 2), limit)),
              first: impl.firstOfIntersections(pairs, limit, maxChunks),
            };
          });
        },
      ),
      RUNS,
    );
  });

  it('build from distinct values in any order alike', () => {
    fc.assert(
      fc.property(valuesArb, fc.integer({ min: 1, max: 2 ** 30 }), (values, seed) => {
        const shuffled = values.slice();
        let x = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          x = (x * 1103515245 + 12345) & 0x7fffffff;
          const j = x % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        same((impl) => list(impl, impl.bitmapOfDistinct(Uint32Array.from(shuffled))));
      }),
      { numRuns: 30 },
    );
  });

  it('refuse to change a frozen bitmap, in both', () => {
    for (const [, impl] of implementations) {
      const b = impl.bitmapOf([1, 2, 3]);
      impl.freeze(b);
      expect(impl.isFrozen(b)).toBe(true);
      expect(() => impl.add(b, 9)).toThrow();
      expect(() => impl.orInPlace(b, impl.bitmapOf([7]))).toThrow();
      const view = viewOf(impl, impl.serializeBitmap(impl.bitmapOf([5])));
      expect(() => impl.andInPlace(view, impl.emptyBitmap())).toThrow();
    }
  });
});
