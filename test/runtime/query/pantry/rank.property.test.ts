/**
 * The bitmap-only pantry ranking (runtime/query/pantry/rank.ts) against plain per-doc oracles, over
 * synthetic sets spread across several 2^16-doc chunks, with every kind of input the counter
 * treats differently: tiny (added on its own), array chunks (complemented first), dense and
 * nearly full chunks, empty chunks, repeated inputs and frozen views. The fixture and real
 * datasets of pantry.property.test.ts are too small to reach most of these paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitmapOf,
  chunkedEnd,
  complementInPlace,
  copyInto,
  cardinality,
  emptyBitmap,
  firstOfIntersections,
  or,
  stripedBitmap,
  toArray,
  type Bitmap,
} from '../../../../runtime/format/bitmap.ts';
import { asBitmap, mulberry32 } from '../../../helpers/bitmaps.ts';
import { compareGroups, countSlices, PantryWorkspace, rankPantry, type PantrySource, type RankRequest } from '../../../../runtime/query/pantry/rank.ts';

const CHUNK = 65536;

/** Per-chunk densities: empty, tiny, array chunks (below and near 4,096 a chunk), bitsets, nearly and fully full. */
const DENSITIES = [0, 0.0004, 0.01, 0.055, 0.08, 0.3, 0.6, 0.97, 1];

function randomSet(rand: () => number, span: number, densities: readonly number[]): number[] {
  const out: number[] = [];
  for (let v = 0; v < span; v++) if (rand() < densities[Math.floor(v / CHUNK)]!) out.push(v);
  return out;
}

/** A slice as the set it stands for (the counter may store it complemented). */
function trueSlice(ws: PantryWorkspace, k: number): Bitmap {
  const b = emptyBitmap();
  copyInto(b, ws.counter.slices[k]!);
  if (ws.counter.complemented[k]) complementInPlace(b, ws.counter.end);
  return b;
}

describe('bitmap primitives of the pantry counter', () => {
  it('complements within [0, end), finds the end of the last chunk used and stripes every other value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.array(fc.constantFrom(...DENSITIES), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (seed, densities, frozen) => {
          const rand = mulberry32(seed);
          const span = densities.length * CHUNK - Math.floor(rand() * 1000);
          const values = randomSet(rand, span, densities);
          const b = asBitmap(values, frozen);
          const end = chunkedEnd([b, emptyBitmap()]);
          expect(end).toBe(values.length === 0 ? 0 : (Math.floor(values[values.length - 1]! / CHUNK) + 1) * CHUNK);
          const owned = emptyBitmap();
          copyInto(owned, b);
          const limit = Math.max(end, span);
          complementInPlace(owned, limit);
          const inB = new Set(values);
          const expected: number[] = [];
          for (let v = 0; v < limit; v++) if (!inB.has(v)) expected.push(v);
          expect(toArray(owned)).toEqual(expected);
          expect(toArray(b)).toEqual(values); // the input is untouched
          for (const phase of [0, 1] as const) {
            const s = stripedBitmap(span, phase);
            expect(cardinality(s)).toBe(Math.max(0, Math.ceil((span - phase) / 2)));
            expect(toArray(s).every((v, i) => v === phase + 2 * i)).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('reads the first values of a union of disjoint intersections chunk by chunk, or says it stopped early', () => {
    const seen = { complete: 0, early: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.array(fc.tuple(fc.array(fc.constantFrom(...DENSITIES), { minLength: 4, maxLength: 4 }), fc.array(fc.constantFrom(...DENSITIES), { minLength: 4, maxLength: 4 })), {
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 30000 }),
        fc.integer({ min: 1, max: 5 }),
        (seed, specs, limit, maxChunks) => {
          const rand = mulberry32(seed);
          const span = 4 * CHUNK - Math.floor(rand() * 1000);
          // Disjoint a_i: each value goes to at most one pair's a.
          const owner = new Int8Array(span).fill(-1);
          const as: number[][] = specs.map(() => []);
          const bs = specs.map(([, densities]) => new Set(randomSet(rand, span, densities)));
          for (let v = 0; v < span; v++) {
            const i = Math.floor(rand() * (specs.length + 1));
            if (i < specs.length && rand() < specs[i]![0][Math.floor(v / CHUNK)]!) {
              owner[v] = i;
              as[i]!.push(v);
            }
          }
          const union: number[] = [];
          for (let v = 0; v < span; v++) if (owner[v]! >= 0 && bs[owner[v]!]!.has(v)) union.push(v);
          const pairs = specs.map((_, i) => [asBitmap(as[i]!, rand() < 0.5), asBitmap([...bs[i]!].sort((x, y) => x - y), rand() < 0.5)] as const);
          const got = firstOfIntersections(pairs, limit, maxChunks);
          expect(got.values).toEqual(union.slice(0, got.values.length));
          expect(got.pair).toEqual(got.values.map((v) => owner[v]));
          expect(got.values.length).toBeLessThanOrEqual(limit);
          if (got.complete) expect(got.values.length).toBe(Math.min(limit, union.length));
          if (maxChunks >= 4) expect(got.complete).toBe(true);
          seen[got.complete ? 'complete' : 'early']++;
        },
      ),
      // 80 runs: both outcomes below must each come up more than 3 times (with 30, 'early' came up
      // 3 times or fewer in about one run in 30, a flaky failure, not a defect of the code).
      { numRuns: 80 },
    );
    expect(seen.complete).toBeGreaterThan(3);
    expect(seen.early).toBeGreaterThan(3);
  });
});

describe('pantry counter (bit-sliced counts)', () => {
  const ws = new PantryWorkspace(); // reused across runs and universes, as the engine does

  it('counts, per doc, how many inputs hold it, and the union of the first inputs, across chunks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ densities: fc.array(fc.constantFrom(...DENSITIES), { minLength: 4, maxLength: 4 }), frozen: fc.boolean(), repeat: fc.boolean() }), {
          minLength: 1,
          maxLength: 31,
        }),
        fc.nat(31),
        (seed, chunks, specs, split) => {
          const rand = mulberry32(seed);
          const span = chunks * CHUNK - Math.floor(rand() * 1000);
          const inputs: Bitmap[] = [];
          const lists: number[][] = [];
          for (const spec of specs) {
            if (spec.repeat && inputs.length > 0) {
              const i = Math.floor(rand() * inputs.length);
              inputs.push(inputs[i]!);
              lists.push(lists[i]!);
              continue;
            }
            const values = randomSet(rand, span, spec.densities);
            lists.push(values);
            inputs.push(asBitmap(values, spec.frozen));
          }
          const cut = Math.min(split, inputs.length);
          const first = inputs.slice(0, cut);
          const rest = inputs.slice(cut);
          const union = emptyBitmap();
          const used = countSlices(ws, first, rest, union);

          const expected = new Uint8Array(span);
          for (const list of lists) for (const v of list) expected[v]!++;
          const got = new Uint8Array(Math.max(span, ws.counter.end));
          for (let k = 0; k < used; k++) for (const v of toArray(trueSlice(ws, k))) got[v]! += 1 << k;
          expect(Buffer.from(got.subarray(span)).every((x) => x === 0)).toBe(true);
          expect(Buffer.compare(Buffer.from(got.subarray(0, span)), Buffer.from(expected))).toBe(0);
          const max = expected.reduce((a, b) => Math.max(a, b), 0);
          expect(used).toBe(max === 0 ? 0 : 32 - Math.clz32(max));
          expect(toArray(union)).toEqual(toArray(or(first)));
          inputs.forEach((b, i) => expect(cardinality(b)).toBe(lists[i]!.length)); // inputs are never written
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses more than 31 inputs', () => {
    const x = bitmapOf([1, 2, 3]);
    expect(() => countSlices(ws, Array.from({ length: 32 }, () => x))).toThrow(RangeError);
  });
});

interface Synthetic {
  source: PantrySource;
  ids: string[];
  /** Per doc: language, counted total T, and the ids it uses. */
  english: Uint8Array;
  totals: Uint8Array;
  uses: Map<string, Set<number>>;
  n: number;
}

/** Docs using ids at the densities above (per chunk), with T ≥ the ids a doc uses, 80% English. */
function synthesize(seed: number, n: number): Synthetic {
  const rand = mulberry32(seed);
  const ids = Array.from({ length: 36 }, (_, i) => `id-${i}`);
  const chunks = Math.ceil(n / CHUNK);
  const perId = ids.map(() => Array.from({ length: chunks }, () => DENSITIES[Math.floor(rand() * DENSITIES.length)]!));
  const uses = new Map(ids.map((id) => [id, new Set<number>()]));
  const english = new Uint8Array(n);
  const totals = new Uint8Array(n);
  const byTotal = new Map<number, number[]>();
  const en: number[] = [];
  const sv: number[] = [];
  for (let doc = 0; doc < n; doc++) {
    let used = 0;
    ids.forEach((id, i) => {
      if (rand() < perId[i]![Math.floor(doc / CHUNK)]! * 0.5) {
        uses.get(id)!.add(doc);
        used++;
      }
    });
    const t = used + Math.floor(rand() * rand() * 6);
    totals[doc] = t;
    if (!byTotal.has(t)) byTotal.set(t, []);
    byTotal.get(t)!.push(doc);
    english[doc] = rand() < 0.8 ? 1 : 0;
    (english[doc] ? en : sv).push(doc);
  }
  const bitmaps = new Map([...uses].map(([id, docs]) => [id, asBitmap([...docs], rand() < 0.5)]));
  const totalList = [...byTotal].sort((a, b) => a[0] - b[0]).map(([total, docs]) => ({ total, docs: asBitmap(docs, true) }));
  const langs = new Map([
    ['en', asBitmap(en, true)],
    ['sv', asBitmap(sv, false)],
  ]);
  return {
    ids,
    english,
    totals,
    uses,
    n,
    source: {
      ingredient: (id) => bitmaps.get(id),
      language: (code) => langs.get(code),
      totals: totalList,
      atMost: (t) => or(totalList.filter((x) => x.total <= t).map((x) => x.docs)),
    },
  };
}

/** SPEC order over plain per-doc counts. */
function oracle(s: Synthetic, q: RankRequest): { total: number; docs: { doc: number; matched: number; total: number }[] } {
  const available = new Set([...q.ids, ...q.staples]);
  const rows: { doc: number; matched: number; total: number }[] = [];
  for (let doc = 0; doc < s.n; doc++) {
    if ((q.language === 'en') !== (s.english[doc] === 1)) continue;
    if (!q.ids.some((id) => s.uses.get(id)?.has(doc))) continue;
    const m = [...available].filter((id) => s.uses.get(id)?.has(doc)).length;
    const t = s.totals[doc]!;
    if (q.maxMissing !== undefined && t - m > q.maxMissing) continue;
    rows.push({ doc, matched: m, total: t });
  }
  // Plain keys, not compareGroups: coverage descending, missing ascending, matched descending, newest first.
  rows.sort((a, b) => b.matched / b.total - a.matched / a.total || a.total - a.matched - (b.total - b.matched) || b.matched - a.matched || a.doc - b.doc);
  return { total: rows.length, docs: rows.slice(q.offset, q.offset + q.limit) };
}

describe('pantry ranking over bitmaps (property, synthetic data across chunks)', () => {
  const sets = [synthesize(7, 3 * CHUNK - 321), synthesize(11, CHUNK + 4000)];
  const ws = new PantryWorkspace();

  it('equals a per-doc oracle: totals, order, every page, staples and maxMissing', () => {
    fc.assert(
      fc.property(
        fc.nat(1),
        fc.array(fc.nat(35), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(35), { maxLength: 3 }),
        fc.constantFrom('en', 'en', 'sv'),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        fc.oneof(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1.05, noNaN: true })),
        fc.integer({ min: 1, max: 100 }),
        (which, idIdx, stapleIdx, language, maxMissing, where, limit) => {
          const s = sets[which]!;
          const ids = [...new Set(idIdx.map((i) => s.ids[i]!))];
          const staples = [...new Set(stapleIdx.map((i) => s.ids[i]!))];
          const base: RankRequest = { ids, staples, language, offset: 0, limit, ...(maxMissing !== undefined && { maxMissing }) };
          const all = oracle(s, { ...base, limit: s.n });
          // Offsets: the first pages, or anywhere up to just past the end.
          const offset = Number.isInteger(where) ? where : Math.floor(where * all.total);
          const q = { ...base, offset };
          const got = rankPantry(s.source, ws, q);
          expect(got.total).toBe(all.total);
          expect(got.docs).toEqual(all.docs.slice(offset, offset + limit));
        },
      ),
      { numRuns: 60 },
    );
  });
});
