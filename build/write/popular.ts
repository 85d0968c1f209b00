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

/** Doc numbers in popularity order (FORMAT.md § Popularity). */
export function popularityOrder(recipes: readonly Recipe[]): number[] {
  const rated = recipes.map((r, doc) => ({ doc, n: r.rating.count, v: r.rating.value })).filter((x) => x.n > 0 && x.v > 0);
  const votes = rated.reduce((s, x) => s + x.n, 0);
  const mean = votes > 0 ? rated.reduce((s, x) => s + x.v * x.n, 0) / votes : 0;
  const score = (x: { n: number; v: number }) => (POPULARITY_PRIOR_VOTES * mean + x.v * x.n) / (POPULARITY_PRIOR_VOTES + x.n);
  const ranked = rated
    .map((x) => ({ ...x, s: score(x) }))
    .sort((a, b) => b.s - a.s || b.n - a.n || a.doc - b.doc)
    .map((x) => x.doc);
  const ratedSet = new Set(ranked);
  for (let doc = 0; doc < recipes.length; doc++) if (!ratedSet.has(doc)) ranked.push(doc);
  return ranked;
}

export const popularWriter: PartWriter = {
  name: 'popularity order',
  write({ recipes }) {
    return new Map([[PATHS.popular, encodeDocList('popular', POPULARITY_ORDER, popularityOrder(recipes))]]);
  },
};
