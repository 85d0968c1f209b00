/**
 * The pantry part (FORMAT.md § 14 Pantry): one bitmap per counted-ingredient total T, so that the
 * runtime can group "docs holding exactly m pantry ids" by T with bitmap operations alone.
 */
import { encodeBitmapIndex } from '../../runtime/format/bitmap-index.ts';
import type { Bitmap } from '../../runtime/format/bitmap.ts';
import { PANTRY_TOTAL_KEY_WIDTH, PATHS } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { DocsByKey } from './growable.ts';
import type { RecipeFacts } from './recipe-facts.ts';
import type { PartWriter } from './types.ts';

/** The family name written in the header of pantry/by-total.bin. */
export const PANTRY_TOTAL_FAMILY = 'pantry-total';

/**
 * T of one recipe: its non-optional lines, deduplicated by canonical id, plus one for each
 * non-optional line without an id (such a line can never be matched, so it is always missing).
 * Optional lines never count.
 */
export function countedTotal(r: Pick<RecipeFacts, 'ingredients'>): number {
  const ids = new Set<string>();
  let unmatchable = 0;
  for (const line of r.ingredients) {
    if (line.optional) continue;
    if (line.id) ids.add(line.id);
    else unmatchable++;
  }
  return ids.size + unmatchable;
}

export function totalKey(t: number): string {
  const key = String(t);
  if (key.length > PANTRY_TOTAL_KEY_WIDTH) throw new Error(`a recipe counts ${t} ingredients; pantry/by-total.bin keys hold at most ${PANTRY_TOTAL_KEY_WIDTH} digits`);
  return key.padStart(PANTRY_TOTAL_KEY_WIDTH, '0');
}

/** key(T) → docs with that T; every doc is in exactly one bitmap (T = 0 included). */
export function totalBitmaps(recipes: readonly Recipe[]): Map<string, Bitmap> {
  const docsByKey = new DocsByKey();
  recipes.forEach((r, doc) => docsByKey.add(totalKey(countedTotal(r)), doc));
  return docsByKey.bitmaps();
}

export const pantryWriter: PartWriter = {
  name: 'pantry totals',
  begin({ emit }) {
    const docsByKey = new DocsByKey();
    return {
      add(doc, { facts }) {
        docsByKey.add(totalKey(countedTotal(facts)), doc);
      },
      finish() {
        emit(PATHS.pantryByTotal, encodeBitmapIndex(PANTRY_TOTAL_FAMILY, docsByKey.bitmaps()));
      },
    };
  },
};
