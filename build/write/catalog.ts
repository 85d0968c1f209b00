import { PATHS } from '../../runtime/format/constants.ts';
import { encodeBlob } from '../../runtime/format/blob.ts';
import type { CatalogBlob } from '../../runtime/format/catalog.ts';
import type { PartWriter } from './types.ts';

/** The ingredient catalog with recipe counts, and the name table the runtime resolves input with. */
export const catalogWriter: PartWriter = {
  name: 'ingredient catalog',
  write({ recipes, catalog, ingredientNames }) {
    const counts = new Map<string, number>();
    for (const r of recipes) {
      for (const id of new Set(r.ingredients.map((i) => i.id).filter((x): x is string => !!x))) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    const blob: CatalogBlob = {
      entries: catalog.map((e) => ({ ...e, recipeCount: counts.get(e.id) ?? 0 })),
      names: ingredientNames.map(([n, id]) => [n, id]),
    };
    return new Map([[PATHS.catalog, encodeBlob('catalog', blob)]]);
  },
};
