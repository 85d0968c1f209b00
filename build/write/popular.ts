import { PATHS } from '../../runtime/format/constants.ts';
import { encodeDocList } from '../../runtime/format/doc-list.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { PartWriter } from './types.ts';

/**
 * Prior weight of the Bayesian average, in votes (default 20, sensible range 5..200): a recipe
 * needs about this many ratings before its own mean outweighs the dataset's mean.
 */
export const POPULARITY_PRIOR_VOTES = 20;

export const POPULARITY_ORDER =
  `Bayesian average rating (C=${POPULARITY_PRIOR_VOTES} votes at the mean of all rated recipes) descending, ` +
  'then rating count descending, then newest first; recipes without ratings follow, newest first.';

/** Doc numbers in popularity order (FORMAT.md § 9 Popularity order), from each doc's rating count and value. */
export function popularityOrderOf(counts: Float64Array, values: Float64Array, docCount: number): number[] {
  const rated: { doc: number; n: number; v: number }[] = [];
  for (let doc = 0; doc < docCount; doc++) {
    const n = counts[doc]!;
    const v = values[doc]!;
    if (n > 0 && v > 0) rated.push({ doc, n, v });
  }
  const votes = rated.reduce((s, x) => s + x.n, 0);
  const mean = votes > 0 ? rated.reduce((s, x) => s + x.v * x.n, 0) / votes : 0;
  const score = (x: { n: number; v: number }) => (POPULARITY_PRIOR_VOTES * mean + x.v * x.n) / (POPULARITY_PRIOR_VOTES + x.n);
  const ranked = rated
    .map((x) => ({ ...x, s: score(x) }))
    .sort((a, b) => b.s - a.s || b.n - a.n || a.doc - b.doc)
    .map((x) => x.doc);
  const isRated = new Uint8Array(docCount);
  for (const doc of ranked) isRated[doc] = 1;
  for (let doc = 0; doc < docCount; doc++) if (!isRated[doc]) ranked.push(doc);
  return ranked;
}

export function popularityOrder(recipes: readonly Recipe[]): number[] {
  const counts = Float64Array.from(recipes, (r) => r.rating.count);
  const values = Float64Array.from(recipes, (r) => r.rating.value);
  return popularityOrderOf(counts, values, recipes.length);
}

export const popularWriter: PartWriter = {
  name: 'popularity order',
  begin({ recipeCount, emit }) {
    const counts = new Float64Array(recipeCount);
    const values = new Float64Array(recipeCount);
    let docCount = 0;
    return {
      add(doc, { facts }) {
        counts[doc] = facts.rating.count;
        values[doc] = facts.rating.value;
        docCount = doc + 1;
      },
      finish() {
        emit(PATHS.popular, encodeDocList('popular', POPULARITY_ORDER, popularityOrderOf(counts, values, docCount)));
      },
    };
  },
};
