/**
 * Facet counts for GET /recipes?facets=…: for each requested facet, how many recipes of the whole
 * filtered set (before paging) hold each value; values with no recipe are left out.
 *
 * Counted from bitmaps only, never from records: unfiltered, a value's count is its bitmap's
 * cardinality (stored in the index directory); filtered, the matching set M is built once and each
 * value's count is |M ∩ value| (an intersection cardinality, no intersection built).
 */
import { and, andNot, andNotInPlace, cardinality, intersectionSize, or, release, type Bitmap } from '../format/bitmap.ts';
import type { Dataset } from '../data/dataset.ts';
import type { FacetCounts, FacetName, RecipeFilter } from './filter.ts';
import { plan } from './recipes.ts';

export function countFacets(ds: Dataset, f: RecipeFilter, names: readonly FacetName[], all: () => Bitmap): FacetCounts {
  const out: FacetCounts = {};
  if (names.length === 0) return out;
  const owned: Bitmap[] = [];
  try {
    const matching = matchingSet(ds, f, all, owned);
    for (const name of names) {
      const counts: Record<string, number> = {};
      const family = ds.families[name];
      for (const { key, cardinality } of family.keys()) {
        const n = matching === 'all' ? cardinality : matching === 'none' ? 0 : intersectionSize(matching, family.get(key)!);
        if (n > 0) counts[key] = n;
      }
      out[name] = counts;
    }
    return out;
  } finally {
    for (const b of owned) release(b);
  }
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
