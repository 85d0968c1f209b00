/**
 * Facet counts from bitmaps against a plain oracle: for random recipes, filters and facet lists,
 * each count equals the number of recipes of the filtered set (the filter oracle) holding the value,
 * by either counting path (intersections, the facet table) and by the one the engine chooses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { FACET_NAMES, type FacetCounts, type FacetName, type RecipeFilter } from '../../../runtime/query/filter.ts';
import { countFacets, type FacetPath } from '../../../runtime/query/facets.ts';
import { buildFacetTable } from '../../../runtime/query/facet-table.ts';
import { rangeBitmap } from '../../../runtime/format/bitmap.ts';
import { buildFixture, catalogEntry } from '../../helpers/fixture-dataset.ts';
import { filterArb, INGREDIENTS, oracle, recipesArb } from '../../helpers/recipe-arbitraries.ts';

const VALUES: Record<FacetName, (r: Recipe) => readonly string[]> = {
  cuisine: (r) => r.cuisines,
  course: (r) => r.courses,
  diet: (r) => r.diets,
  language: (r) => [r.language],
  category: (r) => r.categories,
  equipment: (r) => r.equipment ?? [],
};

/** Filters of at most three constraints, so that most match a good share of the recipes. */
const lightFilterArb: fc.Arbitrary<RecipeFilter> = fc
  .tuple(filterArb, fc.subarray(['category', 'cuisine', 'course', 'diet', 'language', 'ingredients', 'excludeIngredients', 'equipment', 'numeric'] as const, { maxLength: 3 }))
  .map(([f, keys]) => Object.fromEntries(keys.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as RecipeFilter);

/** Count over the records: each value of each matching recipe, once per recipe. */
function facetOracle(recipes: Recipe[], f: RecipeFilter, names: readonly FacetName[]): FacetCounts {
  const matching = oracle(recipes, f);
  const out: FacetCounts = {};
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const r of matching) for (const v of new Set(VALUES[name](r))) counts.set(v, (counts.get(v) ?? 0) + 1);
    out[name] = Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return out;
}

describe('facet counts (property)', () => {
  it('equal a count over the filtered records, for any filter and facet list, with zero counts left out', () => {
    fc.assert(
      fc.property(
        recipesArb(300),
        fc.array(fc.tuple(lightFilterArb, fc.subarray([...FACET_NAMES], { minLength: 1 })), { minLength: 1, maxLength: 12 }),
        (recipes, queries) => {
          const fx = buildFixture(recipes, INGREDIENTS.map((id) => catalogEntry(id)));
          // Counted from bitmaps: no record shard is ever opened.
          const shard = fx.dataset.shard;
          fx.dataset.shard = (n) => {
            throw new Error(`facets read record shard ${n}`);
          };
          try {
            const table = buildFacetTable(fx.dataset);
            const all = rangeBitmap(fx.dataset.recipeCount);
            const forced = (path: FacetPath) => (filter: RecipeFilter, names: readonly FacetName[]) =>
              countFacets(fx.dataset, filter, names, { all: () => all, table: () => table, pairs: () => table.pairs, path });
            for (const [filter, names] of queries) {
              const expected = facetOracle(fx.recipes, filter, names);
              for (const count of [fx.engine.facets, forced('intersections'), forced('table')]) {
                const got = count(filter, names);
                expect(got).toEqual(expected);
                // Same key order: facets as asked, values in code-unit order.
                expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
              }
            }
          } finally {
            fx.dataset.shard = shard;
            fx.cleanup();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
