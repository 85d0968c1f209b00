import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../build/normalize/catalog.ts';
import { recipeId } from '../../../build/normalize/id.ts';
import { toRecipe } from '../../../build/normalize/recipe.ts';
import type { SourceRecord } from '../../../build/sources/types.ts';
import { assertRecipeShape } from '../../helpers/recipe-shape.ts';

const catalog: Catalog = {
  entries: [],
  match: (name) => (name.toLowerCase().includes('garlic') ? 'garlic' : undefined),
  get: () => undefined,
};

function record(recipe: SourceRecord['recipe'], hints: SourceRecord['hints'] = {}): SourceRecord {
  return { source: 'test', key: 'k1', recipe: { name: 'Soup', url: 'https://example.com/soup', ...recipe }, hints: { snapshotDate: '2024-01-02', ...hints } };
}

describe('toRecipe', () => {
  it('derives the id from source and key, not from the title', () => {
    const r = toRecipe(record({}), { catalog });
    expect(r.id).toBe(recipeId('test', 'k1'));
    expect(r.id).toMatch(/^[a-z2-7]{13}$/);
  });

  it('numbers instructions from 1 in order and mirrors them in text', () => {
    const r = toRecipe(record({ recipeInstructions: [{ '@type': 'HowToStep', text: 'Chop.' }, 'Boil.', { '@type': 'HowToStep', name: 'Serve.' }] }), { catalog });
    expect(r.instructions).toEqual([{ step: 1, text: 'Chop.' }, { step: 2, text: 'Boil.' }, { step: 3, text: 'Serve.' }]);
    expect(r.text.instructions).toEqual(['Chop.', 'Boil.', 'Serve.']);
  });

  it('strips HTML from ingredient lines and keeps text.ingredients equal to the display lines', () => {
    const r = toRecipe(record({ recipeIngredient: ['<b>2</b> cloves garlic &amp; salt', ' '] }), { catalog });
    expect(r.ingredients.map((i) => i.display)).toEqual(['2 cloves garlic & salt']);
    expect(r.text.ingredients).toEqual(['2 cloves garlic & salt']);
    expect(r.ingredients[0]?.id).toBe('garlic');
  });

  it('prefers structured ingredient hints over the parsed line but keeps the display as written', () => {
    const r = toRecipe(
      record({ recipeIngredient: ['50 ml Gin'] }, { ingredients: [{ display: '50 ml Gin', name: 'Gin', quantity: { value: 50, unit: 'ml' } }] }),
      { catalog },
    );
    expect(r.ingredients[0]).toMatchObject({ display: '50 ml Gin', name: 'Gin', quantity: { value: 50, unit: 'ml' } });
    expect(r.ingredients[0]).not.toHaveProperty('id');
  });

  it('reads per-serving nutrition as provided and keeps sodium in grams as published', () => {
    const r = toRecipe(record({ nutrition: { calories: '250 kcal', proteinContent: '12 g', sodiumContent: '1.2 g' } }), { catalog });
    expect(r.nutrition).toEqual({
      basis: { type: 'serving' },
      source: 'provided',
      calories: { unit: 'kcal', value: 250 },
      protein: { unit: 'g', value: 12 },
      sodium: { unit: 'g', value: 1.2 },
    });
  });

  it('marks a whole-dish estimate as basis recipe, source estimated', () => {
    const r = toRecipe(record({ nutrition: { calories: '815 kcal' } }, { nutritionBasis: 'recipe', nutritionSource: 'estimated' }), { catalog });
    expect(r.nutrition).toEqual({ basis: { type: 'recipe' }, source: 'estimated', calories: { unit: 'kcal', value: 815 } });
  });

  it('leaves nutrition empty when nothing was published', () => {
    expect(toRecipe(record({}), { catalog }).nutrition).toEqual({});
  });

  it('derives total time from prep and cook only when both are known', () => {
    expect(toRecipe(record({ prepTime: 'PT10M', cookTime: 'PT20M' }), { catalog }).times).toEqual({ prep: { seconds: 600 }, cook: { seconds: 1200 }, total: { seconds: 1800 } });
    expect(toRecipe(record({ prepTime: 'PT10M' }), { catalog }).times).toEqual({ prep: { seconds: 600 } });
  });

  it('reads a servings range and keeps the original text', () => {
    expect(toRecipe(record({ recipeYield: ['4-6 servings'] }), { catalog }).servings).toEqual({ quantity: 4, max: 6, original: '4-6 servings' });
    expect(toRecipe(record({}), { catalog }).servings).toEqual({ quantity: 1, original: '' });
  });

  it('takes dates from the recipe, then hints, then the snapshot date, never earlier updates', () => {
    expect(toRecipe(record({ datePublished: '2022-12-01T13:30:00+01:00' }), { catalog })).toMatchObject({ createdAt: '2022-12-01T12:30:00.000Z', updatedAt: '2022-12-01T12:30:00.000Z' });
    expect(toRecipe(record({}, { createdAt: '2021-01-01T00:00:00Z', updatedAt: '2023-05-05T10:00:00Z' }), { catalog })).toMatchObject({ createdAt: '2021-01-01T00:00:00.000Z', updatedAt: '2023-05-05T10:00:00.000Z' });
    expect(toRecipe(record({}), { catalog })).toMatchObject({ createdAt: '2024-01-02T00:00:00.000Z', updatedAt: '2024-01-02T00:00:00.000Z' });
    expect(toRecipe(record({ datePublished: '2024-01-01', dateModified: '2020-01-01' }), { catalog }).updatedAt).toBe('2024-01-01T00:00:00.000Z');
  });

  it('gives the author the site origin as url when the author has none', () => {
    expect(toRecipe(record({ author: 'Ann' }), { catalog }).author).toEqual({ name: 'Ann', url: 'https://example.com' });
    expect(toRecipe(record({ author: { '@type': 'Person', name: 'Bo', url: 'https://bo.example/' } }), { catalog }).author).toEqual({ name: 'Bo', url: 'https://bo.example/' });
    expect(toRecipe(record({ author: { '@id': '#x' } }), { catalog })).not.toHaveProperty('author');
  });

  it('keeps only absolute image URLs, the first as primary', () => {
    const r = toRecipe(record({ image: ['/rel.jpg', { '@type': 'ImageObject', url: 'https://a.example/1.jpg' }, 'https://a.example/2.jpg', 'https://a.example/1.jpg'] }), { catalog });
    expect(r.media.map((m) => [m.role, m.url])).toEqual([['primary', 'https://a.example/1.jpg'], ['gallery', 'https://a.example/2.jpg']]);
    expect(r.media[0]?.id).not.toBe(r.media[1]?.id);
  });

  it('splits keywords into distinct tags as written', () => {
    expect(toRecipe(record({ keywords: 'Soup, easy,soup , Quick' }), { catalog }).tags).toEqual(['Soup', 'easy', 'Quick']);
  });

  it('reads the language from hints first, then inLanguage', () => {
    expect(toRecipe(record({ inLanguage: 'pt_PT' }), { catalog }).language).toBe('pt');
    expect(toRecipe(record({ inLanguage: 'pt_PT' }, { language: 'de' }), { catalog }).language).toBe('de');
  });

  it('reads ratings and zeroes unknown ones', () => {
    expect(toRecipe(record({ aggregateRating: { ratingValue: '4.5', ratingCount: '12', reviewCount: 3 } }), { catalog }).rating).toEqual({ count: 12, reviewCount: 3, value: 4.5 });
    expect(toRecipe(record({}), { catalog }).rating).toEqual({ count: 0, reviewCount: 0, value: 0 });
  });

  it('produces a recipe that passes the shape check', () => {
    const r = toRecipe(record({ recipeIngredient: ['1 egg'], recipeInstructions: 'Boil.\nEat.', image: 'https://a.example/x.jpg', nutrition: { calories: 100 } }), { catalog });
    expect(() => assertRecipeShape(r)).not.toThrow();
  });
});
