import { PATHS, type BitmapFamily, BITMAP_FAMILIES } from '../../runtime/format/constants.ts';
import { encodeBitmapIndex } from '../../runtime/format/bitmap-index.ts';
import type { Bitmap } from '../../runtime/format/bitmap.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { RecipeFacts } from './recipe-facts.ts';
import { DocsByKey } from './growable.ts';
import type { PartWriter } from './types.ts';

/** The values each family indexes for one recipe (FORMAT.md § 6 Bitmap indexes). */
export const FAMILY_VALUES: Record<BitmapFamily, (r: Omit<RecipeFacts, 'numeric'>) => readonly string[]> = {
  category: (r) => r.categories,
  course: (r) => r.courses,
  cuisine: (r) => r.cuisines,
  diet: (r) => r.diets,
  equipment: (r) => r.equipment ?? [],
  ingredient: (r) => r.ingredients.filter((i) => !i.optional && i.id).map((i) => i.id!),
  'ingredient-any': (r) => r.ingredients.filter((i) => i.id).map((i) => i.id!),
  language: (r) => [r.language],
};

export function familyBitmaps(recipes: readonly Recipe[], family: BitmapFamily): Map<string, Bitmap> {
  const docsByKey = new DocsByKey();
  recipes.forEach((r, doc) => {
    for (const key of new Set(FAMILY_VALUES[family](r))) docsByKey.add(key, doc);
  });
  return docsByKey.bitmaps();
}

export const bitmapIndexesWriter: PartWriter = {
  name: 'bitmap indexes',
  begin({ emit }) {
    const families = BITMAP_FAMILIES.map((family) => ({ family, docsByKey: new DocsByKey() }));
    return {
      add(doc, { facts }) {
        // addOnce: a value twice in one recipe counts once, without a Set per recipe and family.
        for (const { family, docsByKey } of families) for (const key of FAMILY_VALUES[family](facts)) docsByKey.addOnce(key, doc);
      },
      finish() {
        for (const { family, docsByKey } of families) emit(PATHS.bitmapIndex(family), encodeBitmapIndex(family, docsByKey.bitmaps()));
      },
    };
  },
};
