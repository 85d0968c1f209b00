/**
 * Which way facets are counted (runtime/query/facets.ts choosePath); the counts themselves are held
 * to the oracle by facets.property.test.ts, on both paths.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { choosePath } from '../../../runtime/query/facets.ts';
import { buildFixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

// 320 recipes, 200 categories: 640 (doc, value) pairs with the language, 2 per doc.
const fx = buildFixture(Array.from({ length: 320 }, (_, i) => makeRecipe({ id: `r${i}`, categories: [`c${String(i % 200).padStart(3, '0')}`] })));
afterAll(() => fx.cleanup());
const PAIRS = 640;

describe('choosePath', () => {
  it('counts a sparse set through the table when the facets asked hold many values', () => {
    expect(choosePath(fx.dataset, ['category'], 10, PAIRS)).toBe('table');
    expect(choosePath(fx.dataset, ['language', 'category'], 20, PAIRS)).toBe('table');
  });

  it('counts by intersections when the facets asked hold few values, whatever the set', () => {
    expect(choosePath(fx.dataset, ['language'], 10, PAIRS)).toBe('intersections');
    expect(choosePath(fx.dataset, ['cuisine', 'course', 'diet'], 1, PAIRS)).toBe('intersections');
  });

  it('counts a dense set (over 1/16 of the docs) by intersections, however many values', () => {
    expect(choosePath(fx.dataset, ['category'], 21, PAIRS)).toBe('intersections');
    expect(choosePath(fx.dataset, ['category'], 320, PAIRS)).toBe('intersections');
  });
});
