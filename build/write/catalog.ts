import { PATHS } from '../../runtime/format/constants.ts';
import { encodeCatalog } from '../../runtime/format/catalog-file.ts';
import type { PartWriter } from './types.ts';

/** The ingredient catalog with recipe counts, and the name table the runtime resolves input with. */
export const catalogWriter: PartWriter = {
  name: 'ingredient catalog',
  begin({ catalog, ingredientNames, emit }) {
    // Per id: the recipes that use it, counted once each (`doc`: the last one counted; docs ascend).
    const counts = new Map<string, { recipes: number; doc: number }>();
    return {
      add(doc, { facts }) {
        for (const { id } of facts.ingredients) {
          if (!id) continue;
          let count = counts.get(id);
          if (count === undefined) counts.set(id, (count = { recipes: 0, doc: -1 }));
          if (count.doc !== doc) {
            count.doc = doc;
            count.recipes++;
          }
        }
      },
      finish() {
        const entries = catalog.map((e) => ({ ...e, recipeCount: counts.get(e.id)?.recipes ?? 0 }));
        emit(PATHS.catalog, encodeCatalog(entries, ingredientNames));
      },
    };
  },
};
