/**
 * Part writers that count a value once per recipe however often the recipe holds it (the bitmap
 * indexes, the catalog's recipe counts), against the plain definitions: a Set of each recipe's
 * values.
 */
import { describe, expect, it } from 'vitest';
import { bitmapIndexesWriter, familyBitmaps } from '../../../build/write/bitmap-indexes.ts';
import { catalogWriter } from '../../../build/write/catalog.ts';
import { writePart } from '../../../build/write/write-dataset.ts';
import { encodeBitmapIndex } from '../../../runtime/format/bitmap-index.ts';
import type { CatalogEntry } from '../../../runtime/format/catalog.ts';
import { CatalogReader } from '../../../runtime/format/catalog-file.ts';
import { bufferSource } from '../../../runtime/format/shard.ts';
import { BITMAP_FAMILIES, PATHS } from '../../../runtime/format/constants.ts';
import type { Ingredient } from '../../../runtime/format/recipe.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const line = (id: string | undefined, optional = false): Ingredient => ({ display: id ?? 'x', name: id ?? 'x', optional, ...(id ? { id } : {}) });
// Values repeated within a recipe, in recipes next to each other and apart.
const recipes = Array.from({ length: 40 }, (_, i) =>
  makeRecipe({
    id: `r${String(i).padStart(3, '0')}`,
    language: i % 3 ? 'en' : 'de',
    ingredients: [line('salt'), line(i % 2 ? 'salt' : 'egg', i % 4 === 1), line(undefined), line(i % 5 ? 'egg' : undefined), line('salt', true)],
    categories: i % 3 ? ['soup', 'soup'] : ['main-course'],
    diets: i % 2 ? ['vegan', 'vegetarian', 'vegan'] : [],
    equipment: i % 7 ? ['oven', 'pot', 'oven'] : undefined,
  }),
);
const catalog = ['salt', 'egg', 'flour'].map((id) => ({ id, name: id }) as unknown as CatalogEntry);

describe('writers that count a value once per recipe', () => {
  it('bitmap indexes: the bitmaps of each recipe’s set of values', () => {
    const files = writePart(bitmapIndexesWriter, { recipes, catalog: [], ingredientNames: [] });
    for (const family of BITMAP_FAMILIES) {
      expect(files.get(PATHS.bitmapIndex(family))!.equals(Buffer.from(encodeBitmapIndex(family, familyBitmaps(recipes, family))))).toBe(true);
    }
  });

  it('catalog: an entry’s recipe count is the recipes that name it, each once', () => {
    const files = writePart(catalogWriter, { recipes, catalog, ingredientNames: [] });
    const reader = new CatalogReader(bufferSource(files.get(PATHS.catalog)!), 'catalog');
    const expected = (id: string) => recipes.filter((r) => r.ingredients.some((i) => i.id === id)).length;
    const ids = catalog.map((e) => e.id);
    expect(reader.entriesById(ids).map((e) => [e.id, e.recipeCount])).toEqual(ids.map((id) => [id, expected(id)]));
  });
});
