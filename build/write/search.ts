/**
 * Compiles the search index (FORMAT.md § 15): every recipe's searchable fields are analysed
 * (runtime/format/text: normalise, tokenise, stem by the recipe's language) into per-field term
 * frequencies, accumulated doc by doc in typed arrays, then written as a sorted term dictionary
 * with column postings. Deterministic: terms sorted by code units, postings by doc, no Map-order
 * or locale dependence.
 */
import { PATHS } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { SearchIndexData } from '../../runtime/format/search-index.ts';
import { SearchIndexBuilder } from './search/builder.ts';
import type { PartWriter } from './types.ts';

export function buildSearchIndex(recipes: readonly Recipe[]): SearchIndexData {
  const builder = new SearchIndexBuilder(recipes.length);
  recipes.forEach((r, doc) => builder.add(doc, r));
  return builder.data();
}

export const searchWriter: PartWriter = {
  name: 'search index',
  begin({ recipeCount, emit }) {
    const builder = new SearchIndexBuilder(recipeCount);
    return {
      add: (doc, entry) => builder.add(doc, entry.recipe()),
      finish: () => emit(PATHS.searchIndex, builder.encode()),
    };
  },
};
