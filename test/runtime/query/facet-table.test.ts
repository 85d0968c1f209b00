/**
 * The facet bitmaps transposed (runtime/query/facet-table.ts): each doc lists exactly the values
 * whose bitmap holds it, and counting through the table equals counting the records.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildFacetTable, countThroughTable } from '../../../runtime/query/facet-table.ts';
import { FACET_NAMES } from '../../../runtime/query/filter.ts';
import { buildFixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const fx = buildFixture([
  makeRecipe({ id: 'a', createdAt: '2024-01-04T00:00:00.000Z', cuisines: ['italian', 'french'], courses: ['dessert'], diets: ['vegan'], categories: ['cake'], equipment: ['oven'] }),
  makeRecipe({ id: 'b', createdAt: '2024-01-03T00:00:00.000Z', cuisines: ['italian'], language: 'de' }),
  makeRecipe({ id: 'c', createdAt: '2024-01-02T00:00:00.000Z', courses: ['dessert'], equipment: ['oven', 'whisk'] }),
  makeRecipe({ id: 'd', createdAt: '2024-01-01T00:00:00.000Z' }),
]);
afterAll(() => fx.cleanup());

/** Each doc's values as `family:key`, sorted. */
function valuesOf(doc: number): string[] {
  const t = buildFacetTable(fx.dataset);
  const family = (id: number) => FACET_NAMES.filter((n) => t.first[n] <= id).pop()!;
  return Array.from(t.values.subarray(t.offsets[doc], t.offsets[doc + 1]), (id) => `${family(id)}:${t.keys[id]}`).sort();
}

describe('facet table', () => {
  it('lists for each doc exactly the facet values its recipe holds, languages included', () => {
    const doc = (id: string) => fx.recipes.findIndex((r) => r.id === id);
    expect(valuesOf(doc('a'))).toEqual(['category:cake', 'course:dessert', 'cuisine:french', 'cuisine:italian', 'diet:vegan', 'equipment:oven', 'language:en']);
    expect(valuesOf(doc('b'))).toEqual(['cuisine:italian', 'language:de']);
    expect(valuesOf(doc('c'))).toEqual(['course:dessert', 'equipment:oven', 'equipment:whisk', 'language:en']);
    expect(valuesOf(doc('d'))).toEqual(['language:en']);
  });

  it('counts over a set of docs each value once per doc holding it, and zeroes the counts it is given', () => {
    const t = buildFacetTable(fx.dataset);
    expect(t.pairs).toBe(7 + 2 + 4 + 1);
    const counts = new Uint32Array(t.keys.length).fill(9);
    const docs = Uint32Array.from(['a', 'b', 'c'].map((id) => fx.recipes.findIndex((r) => r.id === id)));
    countThroughTable(t, docs, counts);
    const named = Object.fromEntries([...counts].map((n, id) => [`${FACET_NAMES.filter((f) => t.first[f] <= id).pop()}:${t.keys[id]}`, n]));
    expect(named).toEqual({
      'cuisine:french': 1, 'cuisine:italian': 2, 'course:dessert': 2, 'diet:vegan': 1,
      'language:de': 1, 'language:en': 2, 'category:cake': 1, 'equipment:oven': 2, 'equipment:whisk': 1,
    });
  });
});
