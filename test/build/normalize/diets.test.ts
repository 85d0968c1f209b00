import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../runtime/format/catalog.ts';
import { catalogFromEntries } from '../../../build/normalize/catalog.ts';
import { deriveDiets } from '../../../build/normalize/diets.ts';

const all = { vegan: true, vegetarian: true, pescatarian: true, dairyFree: true, glutenFree: true };
const entry = (id: string, facts: Partial<CatalogEntry>): CatalogEntry => ({ id, name: id, names: { en: [id] }, sources: ['curated'], recipeCount: 0, ...facts });
const catalog = catalogFromEntries([
  entry('rice', all),
  entry('tomato', all),
  entry('butter', { vegan: false, vegetarian: true, pescatarian: true, dairyFree: false, glutenFree: true }),
  entry('salmon', { vegan: false, vegetarian: false, pescatarian: true, dairyFree: true, glutenFree: true }),
  entry('mystery', {}),
]);

describe('deriveDiets', () => {
  it('lists every diet all ingredients suit', () => {
    expect(deriveDiets(['rice', 'tomato'], [], catalog)).toEqual(['dairy-free', 'gluten-free', 'pescatarian', 'vegan', 'vegetarian']);
  });
  it('never lists vegan when one ingredient is not vegan, even when labelled', () => {
    expect(deriveDiets(['rice', 'butter'], ['vegan', 'https://schema.org/VeganDiet'], catalog)).not.toContain('vegan');
  });
  it('does not list a diet when an ingredient line has no id', () => {
    expect(deriveDiets(['rice', undefined], [], catalog)).toEqual([]);
  });
  it('does not list a diet when an ingredient has an unknown flag', () => {
    expect(deriveDiets(['rice', 'mystery'], [], catalog)).toEqual([]);
  });
  it('makes a diet known from an explicit label in another language', () => {
    expect(deriveDiets(['rice', undefined], ['Vegetarisch', 'glutenfri'], catalog)).toEqual(['gluten-free', 'vegetarian']);
    expect(deriveDiets(['rice', undefined], ['https://schema.org/VeganDiet'], catalog)).toEqual(['vegan']);
  });
  it('lists pescatarian for fish', () => {
    expect(deriveDiets(['salmon', 'rice'], [], catalog)).toEqual(['dairy-free', 'gluten-free', 'pescatarian']);
  });
});
