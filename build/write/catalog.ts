import { PATHS } from '../../runtime/format/constants.ts';
import { encodeBlob } from '../../runtime/format/blob.ts';
import type { CatalogBlob } from '../../runtime/format/catalog.ts';
import type { PartWriter } from './types.ts';

/** The ingredient catalog with recipe counts, and the name table the runtime resolves input with. */
export const catalogWriter: PartWriter = {
  name: 'ingredient catalog',
  begin({ catalog, ingredientNames, emit }) {
    const counts = new Map<string, number>();
    return {
      add(_doc, { facts }) {
        for (const id of new Set(facts.ingredients.map((i) => i.id).filter((x): x is string => !!x))) {
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      },
      finish() {
        const blob: CatalogBlob = {
          entries: catalog.map((e) => ({ ...e, recipeCount: counts.get(e.id) ?? 0 })),
          names: ingredientNames.map(([n, id]) => [n, id]),
        };
        emit(PATHS.catalog, encodeBlob('catalog', blob));
      },
    };
  },
};
