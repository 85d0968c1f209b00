import { PATHS, type BitmapFamily, BITMAP_FAMILIES } from '../../runtime/format/constants.ts';
import { encodeBitmapIndex } from '../../runtime/format/bitmap-index.ts';
import { bitmapOf, type Bitmap } from '../../runtime/format/bitmap.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { PartWriter } from './types.ts';

/** The values each family indexes for one recipe (FORMAT.md § Bitmap indexes). */
export const FAMILY_VALUES: Record<BitmapFamily, (r: Recipe) => readonly string[]> = {
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
  const docsByKey = new Map<string, number[]>();
  recipes.forEach((r, doc) => {
    for (const key of new Set(FAMILY_VALUES[family](r))) {
      let docs = docsByKey.get(key);
      if (!docs) docsByKey.set(key, (docs = []));
      docs.push(doc);
    }
  });
  return new Map([...docsByKey].map(([k, docs]) => [k, bitmapOf(docs)]));
}

export const bitmapIndexesWriter: PartWriter = {
  name: 'bitmap indexes',
  write({ recipes }) {
    const files = new Map<string, Buffer>();
    for (const family of BITMAP_FAMILIES) {
      files.set(PATHS.bitmapIndex(family), encodeBitmapIndex(family, familyBitmaps(recipes, family)));
    }
    return files;
  },
};
