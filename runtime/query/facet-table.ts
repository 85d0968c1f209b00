/**
 * The six facet families transposed: for each doc, the ids of the facet values it holds. Built
 * once per dataset from the bitmap indexes themselves (never from records), on the first filtered
 * facet query that needs it.
 *
 * Why: counting a facet value over a sparse filtered set M by an intersection cardinality costs
 * about |M| per value, whatever the count, so such an M pays for every value of every family asked
 * (hundreds, most of them counting 0). Through this table the same counts cost |M| × (values per
 * doc), whatever the number of values. facets.ts picks the cheaper of the two per query; the
 * figures are in test/bench/REPORT.md (2026-11-28).
 *
 * Memory: a Uint32 offset per doc and a Uint16 (Uint32 past 65,535 values) per (doc, value) pair.
 */
import { cardinality, toUint32Array, type Bitmap } from '../format/bitmap.ts';
import type { Dataset } from '../data/dataset.ts';
import { FACET_NAMES, type FacetName } from './filter.ts';
import { prefetchBitmaps } from './prefetch.ts';

export interface FacetTable {
  /** Doc d holds the value ids values[offsets[d] .. offsets[d + 1]). */
  offsets: Uint32Array;
  values: Uint16Array | Uint32Array;
  /** Value id → its key; a family's ids are [first[family], first[family] + keys of it). */
  keys: string[];
  first: Record<FacetName, number>;
  /** Every (doc, value) pair: the table's length. */
  pairs: number;
}

export function buildFacetTable(ds: Dataset): FacetTable {
  const keys: string[] = [];
  const bitmaps: Bitmap[] = [];
  const first = {} as Record<FacetName, number>;
  prefetchBitmaps(ds, [], FACET_NAMES.map((name) => () => ds.families[name].checkAll()));
  for (const name of FACET_NAMES) {
    first[name] = keys.length;
    for (const { key } of ds.families[name].keys()) {
      keys.push(key);
      bitmaps.push(ds.families[name].get(key)!);
    }
  }
  const n = ds.recipeCount;
  const offsets = new Uint32Array(n + 1);
  let largest = 0;
  for (const b of bitmaps) largest = Math.max(largest, cardinality(b));
  // One buffer for every bitmap's docs: no allocation per value.
  const buffer = new Uint32Array(largest);
  for (const b of bitmaps) {
    const docs = toUint32Array(b, buffer);
    for (let i = 0; i < docs.length; i++) offsets[docs[i]! + 1]!++;
  }
  for (let d = 0; d < n; d++) offsets[d + 1]! += offsets[d]!;
  const pairs = offsets[n]!;
  const values = keys.length <= 0x10000 ? new Uint16Array(pairs) : new Uint32Array(pairs);
  const fill = offsets.slice(0, n);
  for (let id = 0; id < bitmaps.length; id++) {
    const docs = toUint32Array(bitmaps[id]!, buffer);
    for (let i = 0; i < docs.length; i++) values[fill[docs[i]!]!++] = id;
  }
  return { offsets, values, keys, first, pairs };
}

/** How many docs of `docs` hold each value id (`counts`, indexed by value id, is zeroed first). */
export function countThroughTable(t: FacetTable, docs: Uint32Array, counts: Uint32Array): void {
  counts.fill(0);
  const { offsets, values } = t;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    for (let k = offsets[d]!, end = offsets[d + 1]!; k < end; k++) counts[values[k]!]!++;
  }
}
