/**
 * The bitmap engine against a plain oracle: random recipes, random filter combinations; total,
 * order and page contents must equal a straightforward array filter over the same records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFixture, catalogEntry } from '../../helpers/fixture-dataset.ts';
import { filterArb, INGREDIENTS, oracle, recipesArb } from '../../helpers/recipe-arbitraries.ts';

describe('recipe filtering (property)', () => {
  it('gives the oracle total, order and page for random recipes and filters', () => {
    fc.assert(
      fc.property(
        recipesArb(400),
        fc.array(fc.tuple(filterArb, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 60 })), { minLength: 1, maxLength: 15 }),
        (recipes, queries) => {
          const fx = buildFixture(recipes, INGREDIENTS.map((id) => catalogEntry(id)));
          try {
            for (const [filter, limit, offset] of queries) {
              const expected = oracle(fx.recipes, filter);
              const got = fx.engine.listRecipes(filter, { limit, offset });
              expect(got.total).toBe(expected.length);
              expect([...got.docs].map((d) => fx.recipes[d]!.id)).toEqual(expected.slice(offset, offset + limit).map((r) => r.id));
            }
          } finally {
            fx.cleanup();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
