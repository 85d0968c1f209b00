/** The search file planned from the summaries of builders of doc ranges (file-plan.ts) and put together from their postings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndexBuilder } from '../../../../build/write/search/builder.ts';
import { finishSearchFile, planSearchFile, searchFileBlocks, writeSearchFileHead } from '../../../../build/write/search/file-plan.ts';
import type { Recipe } from '../../../../runtime/format/recipe.ts';
import { SEARCH_BLOCK_SIZE } from '../../../../runtime/format/search-index.ts';
import { encodeWhole, manyRecipes, recipesOf, text } from '../../../helpers/search-recipes.ts';

/** The file of builders of docs [bounds[p], bounds[p + 1]), put together as the search threads do (on this thread). */
function encodeParts(recipes: readonly Recipe[], bounds: readonly number[]): Buffer {
  const builders = bounds.slice(1).map((to, p) => {
    const from = bounds[p]!;
    const b = new SearchIndexBuilder(to - from, from);
    for (let doc = from; doc < to; doc++) b.add(doc, recipes[doc]!);
    return b;
  });
  const plan = planSearchFile(builders.map((b) => b.summary()));
  const out = Buffer.alloc(plan.size);
  writeSearchFileHead(out, plan);
  const others = builders.map((b, p) => {
    const blocks = p === 0 ? searchFileBlocks(out, plan) : new Uint32Array(2 * plan.blockCount);
    b.scatter(out, plan.placements[p]!, blocks);
    return blocks;
  });
  finishSearchFile(out, plan, others.slice(1));
  return out;
}

describe('search file plan', () => {
  it('gives the same file from builders of doc ranges as from one builder, wherever the ranges split the docs', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { maxLength: 4 }), (texts, cuts) => {
        const recipes = recipesOf(texts);
        const bounds = [0, ...cuts.map((c) => c % (recipes.length + 1)).sort((a, b) => a - b), recipes.length];
        expect(encodeParts(recipes, bounds).equals(encodeWhole(recipes))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same file from builders of doc ranges when terms have several blocks and a range ends inside a block and a language run', () => {
    const recipes = manyRecipes(3 * SEARCH_BLOCK_SIZE + 17);
    const whole = encodeWhole(recipes);
    for (const bounds of [[0, 150, recipes.length], [0, 1, 129, 200, recipes.length], [0, 0, 257, recipes.length, recipes.length], [0, recipes.length]]) {
      expect(encodeParts(recipes, bounds).equals(whole)).toBe(true);
    }
  });
});
