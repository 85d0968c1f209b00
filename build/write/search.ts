/**
 * The search index part writer (FORMAT.md § 15): one SearchIndexBuilder (search/builder.ts) adds
 * every recipe and encodes the file at the end. With worker threads the index is built from the
 * search spill instead (build/threads/search-thread.ts), to the same bytes.
 */
import { PATHS } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { SearchIndexData } from '../../runtime/format/search-index.ts';
import { SearchIndexBuilder } from './search/builder.ts';
import type { PartWriter } from './types.ts';

/** The index of `recipes` (docs in that order) as arrays: for tests and the evaluation scripts. */
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
