/** The pantry part writer (FORMAT.md § 14): counted totals and pantry/by-total.bin. */
import { describe, expect, it } from 'vitest';
import { BitmapIndexReader } from '../../../runtime/format/bitmap-index.ts';
import { bufferSource } from '../../../runtime/format/shard.ts';
import { toArray } from '../../../runtime/format/bitmap.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import type { Ingredient } from '../../../runtime/format/recipe.ts';
import { countedTotal, PANTRY_TOTAL_FAMILY, pantryWriter, totalKey } from '../../../build/write/pantry.ts';
import { PART_WRITERS, writePart } from '../../../build/write/write-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const line = (name: string, id?: string, optional = false): Ingredient => ({ display: name, name, optional, ...(id && { id }) });

const RECIPES = [
  makeRecipe({ id: 'a', ingredients: [line('rice', 'rice'), line('garlic', 'garlic')] }),
  makeRecipe({ id: 'b', ingredients: [line('garlic', 'garlic'), line('garlic powder', 'garlic'), line('salt', 'salt')] }),
  makeRecipe({ id: 'c', ingredients: [line('basil', 'basil', true), line('secret spice'), line('love')] }),
  makeRecipe({ id: 'd', ingredients: [line('parsley', 'parsley', true)] }),
  makeRecipe({ id: 'e', ingredients: Array.from({ length: 12 }, (_, i) => line(`x${i}`, `x${i}`)) }),
];

describe('pantry writer', () => {
  it('counts non-optional lines once per canonical id and once per line without an id', () => {
    expect(RECIPES.map(countedTotal)).toEqual([2, 2, 2, 0, 12]);
  });

  it('zero-pads keys so that key order is numeric order, and refuses totals over 9999', () => {
    expect(totalKey(7)).toBe('0007');
    expect(totalKey(12) > totalKey(7)).toBe(true);
    expect(() => totalKey(10_000)).toThrow(/at most 4 digits/);
  });

  it('writes pantry/by-total.bin with every doc in exactly one bitmap', () => {
    const files = writePart(pantryWriter, { recipes: RECIPES, catalog: [], ingredientNames: [] });
    expect([...files.keys()]).toEqual([PATHS.pantryByTotal]);
    const reader = new BitmapIndexReader(bufferSource(files.get(PATHS.pantryByTotal)!), PATHS.pantryByTotal);
    expect(reader.family).toBe(PANTRY_TOTAL_FAMILY);
    expect(reader.keys()).toEqual([
      { key: '0000', cardinality: 1 },
      { key: '0002', cardinality: 3 },
      { key: '0012', cardinality: 1 },
    ]);
    expect(toArray(reader.get('0002')!)).toEqual([0, 1, 2]);
    expect(toArray(reader.get('0000')!)).toEqual([3]);
  });

  it('is registered once among the part writers and writes the same bytes twice', () => {
    expect(PART_WRITERS.filter((w) => w === pantryWriter)).toHaveLength(1);
    const ctx = { recipes: RECIPES, catalog: [], ingredientNames: [] };
    expect(writePart(pantryWriter, ctx).get(PATHS.pantryByTotal)!.equals(writePart(pantryWriter, ctx).get(PATHS.pantryByTotal)!)).toBe(true);
  });
});
