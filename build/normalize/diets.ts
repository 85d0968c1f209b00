// STUB — owned by the catalog helper; replace wholesale (keep the exported signature).
import type { Catalog } from './catalog.ts';

/**
 * Diet slugs (dairy-free, gluten-free, pescatarian, vegan, vegetarian) the recipe is known to suit,
 * from its ingredients' canonical ids and the source's explicit labels. Unknown → not listed.
 */
export function deriveDiets(_ingredientIds: (string | undefined)[], _labels: string[], _catalog: Catalog): string[] {
  return [];
}
