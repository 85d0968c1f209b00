import { describe, expect, it } from 'vitest';
import { toRecipe } from '../../../../../build/normalize/recipe.ts';
import { evidenceOf, featuresOf, viewOf, wordsOf } from '../../../../../build/normalize/vocab/label-model/features.ts';
import { realCatalog, realRecord } from '../../../../helpers/label-records.ts';

const evidence = (source: string, key: string) => evidenceOf(toRecipe(realRecord(source, key), { catalog: realCatalog(), inferLabels: false }), source);

describe('the evidence the label model sees', () => {
  it('sees an Epicurious recipe plain: title words, ingredients, diets, language and the title rules, no source', () => {
    const e = evidence('epicurious', '1740'); // Chewy Chocolate Chip Cookies
    expect(viewOf(e)).toBe('plain');
    const f = featuresOf('courses', e);
    expect(f).toEqual(expect.arrayContaining(['t:chewy', 't:cookies', 'i:brown-sugar', 'i:vanilla-extract', 'l:en', 'r:dessert']));
    expect(f.filter((x) => /^[sckh]:/.test(x))).toEqual([]);
    expect(featuresOf('courses', evidence('epicurious', '3305'))).toEqual(expect.arrayContaining(['d:vegetarian', 't:gratin', 'r:side-dish'])); // Classic Potato Gratin
  });

  it('sees a recipe with categories whole: its categories, their words, the source and the site', () => {
    const e = evidence('recipe-scrapers', '101cookbooks.com/onehundredonecookbooks_1'); // Broccoli Soup with Coconut Milk
    expect(viewOf(e)).toBe('full');
    expect(featuresOf('cuisines', e)).toEqual(expect.arrayContaining(['c:lunch', 'k:soup', 's:recipe-scrapers', 'h:101cookbooks.com', 'i:coconut-milk', 't:broccoli']));
  });

  it("reads Chinese titles by characters and their pairs, and fires HowToCook's source rule as a feature", () => {
    expect(wordsOf('宫保鸡丁')).toEqual(['宫', '宫保', '保', '保鸡', '鸡', '鸡丁', '丁']);
    const f = featuresOf('cuisines', evidence('howtocook', 'meat_dish/宫保鸡丁/宫保鸡丁'));
    expect(f).toEqual(expect.arrayContaining(['t:宫保', 'c:meat-dish', 's:howtocook', 'l:zh', 'r:chinese', 'i:sichuan-pepper']));
  });

  it('lists each feature once, sorted, the same for the same recipe', () => {
    const f = featuresOf('courses', evidence('epicurious', '5145'));
    expect(f).toEqual([...new Set(f)].sort());
    expect(featuresOf('courses', evidence('epicurious', '5145'))).toEqual(f);
  });
});
