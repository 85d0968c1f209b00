/**
 * Facet counts for GET /recipes?facets=…: for each requested facet, how many recipes of the whole
 * filtered set (before paging) hold each value; values with no recipe are left out.
 *
 * Counted from bitmaps only, never from records: unfiltered, a value's count is its bitmap's
 * cardinality (stored in the index directory); filtered, the matching set M is built once and
 * counted one of two ways, whichever costs less for this M and these facets (`choosePath`):
 * - intersections: each value's count is |M ∩ value| (an intersection cardinality, nothing built),
 *   a cost per value of every requested family;
 * - the facet table (facet-table.ts, the facet bitmaps transposed once): M's docs are listed and
 *   each doc's values counted, a cost per doc of M whatever the number of values.
 */
import { and, andNot, andNotInPlace, cardinality, intersectionSize, or, release, toUint32Array, type Bitmap } from '../format/bitmap.ts';
import type { Dataset } from '../data/dataset.ts';
import type { FacetCounts, FacetName, RecipeFilter } from './filter.ts';
import { countThroughTable, type FacetTable } from './facet-table.ts';
import { plan } from './recipes.ts';

export type FacetPath = 'intersections' | 'table';

/**
 * While M is sparse (CRoaring holds its 2^16-doc chunks as arrays of 16-bit values), an
 * intersection cardinality costs about |M| per value, however small the value (the arrays are
 * merged), and the table costs about |M| × (pairs per doc + 1), whatever the number of values. So
 * for a sparse M the table wins once the requested families hold more than (pairs per doc + 1) ×
 * TABLE_COST values. A dense M (bitset chunks) makes each intersection cheap (popcounts, or one
 * lookup per doc of the value): intersections, always.
 * TABLE_COST: default 10, sensible range 6–20, from the break-even points measured at 1M
 * (test/bench/facet-paths.ts; test/bench/REPORT.md, 2026-11-28). At 1M it gives the table to
 * requests with equipment, category or all six on a sparse set, intersections to the small families.
 */
const TABLE_COST = 10;
/** Above this share of the docs, M's 2^16-doc chunks are mostly bitsets. */
const SPARSE_SHARE = 1 / 16;

export interface FacetSources {
  /** Every doc, for a filter of exclusions only. */
  all: () => Bitmap;
  /** The facet table, built on first use. */
  table: () => FacetTable;
  /** (doc, value) pairs of the six families: the table's length, known without building it. */
  pairs: () => number;
  /** Forces one path (tests compare both with the oracle). */
  path?: FacetPath;
}

export function countFacets(ds: Dataset, f: RecipeFilter, names: readonly FacetName[], src: FacetSources): FacetCounts {
  const out: FacetCounts = {};
  if (names.length === 0) return out;
  const owned: Bitmap[] = [];
  try {
    const matching = matchingSet(ds, f, src.all, owned);
    if (matching === 'all' || matching === 'none') {
      for (const name of names) out[name] = fromCardinalities(ds, name, matching === 'all');
      return out;
    }
    const size = cardinality(matching);
    const path = src.path ?? choosePath(ds, names, size, src.pairs());
    if (path === 'intersections') {
      for (const name of names) out[name] = byIntersections(ds, name, matching);
      return out;
    }
    const table = src.table();
    const counts = new Uint32Array(table.keys.length);
    countThroughTable(table, toUint32Array(matching), counts);
    for (const name of names) {
      const family: Record<string, number> = {};
      const start = table.first[name];
      const end = start + ds.families[name].keys().length;
      // Ids follow the index's key order, which is the answer's order.
      for (let id = start; id < end; id++) if (counts[id]! > 0) family[table.keys[id]!] = counts[id]!;
      out[name] = family;
    }
    return out;
  } finally {
    for (const b of owned) release(b);
  }
}

/** The cheaper path for a matching set of `size` docs (see TABLE_COST). */
export function choosePath(ds: Dataset, names: readonly FacetName[], size: number, pairs: number): FacetPath {
  if (size > ds.recipeCount * SPARSE_SHARE) return 'intersections';
  let values = 0;
  for (const name of names) values += ds.families[name].keys().length;
  return values > (pairs / Math.max(1, ds.recipeCount) + 1) * TABLE_COST ? 'table' : 'intersections';
}

function fromCardinalities(ds: Dataset, name: FacetName, all: boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  if (all) for (const { key, cardinality: c } of ds.families[name].keys()) if (c > 0) counts[key] = c;
  return counts;
}

function byIntersections(ds: Dataset, name: FacetName, matching: Bitmap): Record<string, number> {
  const counts: Record<string, number> = {};
  const family = ds.families[name];
  for (const { key } of family.keys()) {
    const n = intersectionSize(matching, family.get(key)!);
    if (n > 0) counts[key] = n;
  }
  return counts;
}

/** The filtered set as one bitmap ('all': no constraint, 'none': nothing); bitmaps built here go to `owned`. */
function matchingSet(ds: Dataset, f: RecipeFilter, all: () => Bitmap, owned: Bitmap[]): Bitmap | 'all' | 'none' {
  const q = plan(ds, f);
  if (q.impossible) return 'none';
  if (q.required.length === 0 && q.excluded.length === 0) return 'all';
  const not = q.excluded.length === 0 ? undefined : own(owned, or(q.excluded));
  if (q.required.length === 0) return own(owned, andNot(all(), not!));
  // One required bitmap and no exclusion: the index's own bitmap, read as it is.
  if (q.required.length === 1 && not === undefined) return q.required[0]!;
  const m = own(owned, and(q.required));
  if (not !== undefined) andNotInPlace(m, not);
  return cardinality(m) === 0 ? 'none' : m;
}

function own(owned: Bitmap[], b: Bitmap): Bitmap {
  owned.push(b);
  return b;
}
