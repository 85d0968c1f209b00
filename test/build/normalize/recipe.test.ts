import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveDiets } from '../../../build/normalize/diets.ts';
import { catalogFromEntries, type Catalog } from '../../../build/normalize/catalog.ts';
import { addLines, shareLines, takeNewLines, toIngredients } from '../../../build/normalize/ingredients.ts';
import type { CatalogEntry } from '../../../runtime/format/catalog.ts';
import { base32, recipeId } from '../../../build/normalize/id.ts';
import { inferredOf, recipeLabels, toRecipe } from '../../../build/normalize/recipe.ts';
import type { SourceRecord } from '../../../build/sources/types.ts';
import { assertRecipeShape } from '../../helpers/recipe-shape.ts';
import { realCatalog, realRecord } from '../../helpers/label-records.ts';

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

describe('toRecipe memos', () => {
  const LABELS = ['Main Course', 'main course, Dessert', 'Italian', 'Italienisch', 'vegan', 'Vegetarisch', 'Soup', 'https://schema.org/VeganDiet', '', 'Beilage'];
  const labels = fc.oneof(fc.constant(undefined), fc.constantFrom(...LABELS), fc.array(fc.constantFrom(...LABELS), { maxLength: 3 }));

  it('derives categories, courses, cuisines, tags and diets from the labels as without its memo, whatever came before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ category: labels, keywords: labels, cuisine: labels, diet: labels, hintLabels: labels, hintDiets: labels, language: fc.constantFrom('en', 'de', 'fr') }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          // Each row twice: the second time from the memo.
          for (const row of [...rows, ...rows]) {
            const hints = { snapshotDate: '2024-01-02', language: row.language, labels: [row.hintLabels ?? []].flat(), diets: [row.hintDiets ?? []].flat() };
            const raw = { recipeCategory: row.category, keywords: row.keywords, recipeCuisine: row.cuisine, suitableForDiet: row.diet } as SourceRecord['recipe'];
            // Inference off: this is about the labels' memo; an empty course or cuisine filled by the label model is tested apart.
            const r = toRecipe(record(raw, hints), { catalog, inferLabels: false });
            const want = recipeLabels({ name: 'Soup', url: 'https://example.com/soup', ...raw }, hints, row.language);
            expect({ categories: r.categories, courses: r.courses, cuisines: r.cuisines, tags: r.tags }).toEqual({
              categories: want.categories,
              courses: want.courses,
              cuisines: want.cuisines,
              tags: want.tags,
            });
            expect(r.diets).toEqual(deriveDiets([], want.diets, catalog));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads a HowToStep as its text unless that is blank, then its name, the same every time', () => {
    for (let n = 0; n < 2; n++) {
      const r = toRecipe(record({ recipeInstructions: [{ '@type': 'HowToStep', text: '  ', name: 'Named.' }, { '@type': 'HowToStep', text: '<br>', name: 'Dropped.' }, { '@type': 'HowToStep', text: 'A &amp; B  ' }] }), { catalog });
      expect(r.text.instructions).toEqual(['Named.', 'A & B']);
    }
  });
});

describe('recipe ids', () => {
  it('are the first 13 base32 characters of the SHA-256 of source:key', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (source, key) => {
        const full = base32(createHash('sha256').update(`${source}:${key}`, 'utf8').digest());
        expect(recipeId(source, key)).toBe(full.slice(0, 13));
      }),
    );
  });
});

describe('ingredient lines shared between threads', () => {
  it('gives a thread the same ingredients from another thread\'s parses as from its own', () => {
    const entries = [{ id: 'garlic', names: { en: ['garlic'] } }, { id: 'salt', names: { en: ['salt'], de: ['Salz'] } }] as unknown as CatalogEntry[];
    const [a, b, c] = [catalogFromEntries(entries), catalogFromEntries(entries), catalogFromEntries(entries)];
    const lines = ['2 cloves garlic, minced', '1 tsp salt', '  ', '1 (14 oz) can tomatoes', '<b>Salt</b> to taste'];
    shareLines();
    takeNewLines();
    const own = toIngredients(lines, undefined, 'en', a);
    const shared = takeNewLines();
    expect(shared.map(([language, raw]) => [language, raw])).toEqual(lines.map((l) => ['en', l]));
    // As between threads: cloned, then memoised on the other side.
    addLines(b, structuredClone(shared));
    const given = toIngredients(lines, undefined, 'en', b);
    const computed = toIngredients(lines, undefined, 'en', c);
    expect(takeNewLines().map(([, raw]) => raw)).toEqual(lines); // c parsed them itself; b did not
    expect(given).toEqual(computed);
    expect(given.map((i) => JSON.stringify(i))).toEqual(computed.map((i) => JSON.stringify(i)));
    expect(given.every((i) => Object.isFrozen(i) && (i.quantity === undefined || Object.isFrozen(i.quantity)))).toBe(true);
  });
});

describe('toRecipe inferred courses and cuisines (issue 21 item 3)', () => {
  const compile = (source: string, key: string) => toRecipe(realRecord(source, key), { catalog: realCatalog() });

  // Every real recipe without a course or a cuisine of its own is hand-labelled; the model and the
  // rule label recipes sources add later. `added` is a real record under a new key: such a recipe.
  const added = (source: string, key: string) => toRecipe({ ...realRecord(source, key), key: `${key}#added` }, { catalog: realCatalog() });

  it('fills an empty course and cuisine of a recipe no one labelled by the label model, and says from what', () => {
    const cookies = added('epicurious', '181'); // Trail Mix Cookies
    expect(cookies.courses).toEqual(['dessert']);
    expect(inferredOf(cookies)).toContainEqual({ field: 'courses', labels: ['dessert'], origin: 'model: ingredients' });
    const shrimp = added('howtocook', 'aquatic/白灼虾/白灼虾');
    expect(shrimp.cuisines).toEqual(['asian', 'chinese']);
    expect(inferredOf(shrimp)).toContainEqual({ field: 'cuisines', labels: ['chinese'], origin: 'model: ingredients' });
  });

  it('ships the hand labels of a recipe in the labelled sample as they are, before the model, and says so', () => {
    const r = compile('epicurious', '1740'); // Chewy Chocolate Chip Cookies: labelled by hand
    expect([r.courses, r.cuisines]).toEqual([['dessert'], ['american']]);
    expect(inferredOf(r)).toEqual([
      { field: 'courses', labels: ['dessert'], origin: 'hand' },
      { field: 'cuisines', labels: ['american'], origin: 'hand' },
    ]);
  });

  it('leaves a field empty where the hand labels are empty, though the model would fill it', () => {
    const rec = realRecord('epicurious', '181'); // Trail Mix Cookies, which the model calls a dessert
    const id = toRecipe(rec, { catalog: realCatalog(), inferLabels: false }).id;
    const r = toRecipe(rec, { catalog: realCatalog(), handLabels: new Map([[id, { courses: [], cuisines: [] }]]) });
    expect([r.courses, r.cuisines, inferredOf(r)]).toEqual([[], [], []]);
  });

  it("keeps the recipe's own labels: inference only fills an empty field", () => {
    const r = compile('recipe-scrapers', '101cookbooks.com/onehundredonecookbooks_1'); // Broccoli Soup with Coconut Milk
    expect([r.courses, r.cuisines]).toEqual([['lunch'], ['american']]);
    expect(inferredOf(r)).toEqual([]);
  });

  it('labels a HowToCook dish chinese by the source rule when the model infers no cuisine; its own course stays', () => {
    const none = { classes: [], thresholds: [], bias: [], weights: {}, implies: {} };
    const labelModel = { trainedOn: { courses: 0, cuisines: 0 }, courses: { full: none, plain: none }, cuisines: { full: none, plain: none } };
    const r = toRecipe({ ...realRecord('howtocook', 'breakfast/茶叶蛋'), key: 'breakfast/茶叶蛋#added' }, { catalog: realCatalog(), labelModel });
    expect([r.courses, r.cuisines]).toEqual([['breakfast'], ['chinese']]);
    expect(inferredOf(r)).toEqual([{ field: 'cuisines', labels: ['chinese'], origin: 'rule: source' }]);
    // The shipped model reads the rule as one of its features, and infers chinese (and asian) itself.
    expect(inferredOf(added('howtocook', 'breakfast/茶叶蛋')).map((x) => [x.labels[0], x.origin])).toEqual([
      ['asian', 'model: ingredients'],
      ['chinese', 'model: ingredients'],
    ]);
  });

  it('infers nothing with inference off (what the model learns from)', () => {
    const r = toRecipe(realRecord('epicurious', '1740'), { catalog: realCatalog(), inferLabels: false });
    expect([r.courses, r.cuisines, inferredOf(r)]).toEqual([[], [], []]);
  });
});
