/** GET /pantry in the query core: SPEC.md § GET /pantry, rule by rule, over a small fixture. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Ingredient, Recipe } from '../../../../runtime/format/recipe.ts';
import { ApiError } from '../../../../runtime/errors.ts';
import { parsePantryQuery } from '../../../../runtime/query/pantry/params.ts';
import { coverageOf, type PantryQuery } from '../../../../runtime/query/pantry/pantry.ts';
import { buildFixture, catalogEntry } from '../../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';

const line = (name: string, id?: string, optional = false): Ingredient => ({ display: name, name, optional, ...(id && { id }) });
const day = (d: number) => `2024-03-${String(d).padStart(2, '0')}T00:00:00.000Z`;

const RECIPES: Recipe[] = [
  makeRecipe({ id: 'garlic-rice', createdAt: day(10), ingredients: [line('long-grain rice', 'rice'), line('garlic cloves', 'garlic')] }),
  makeRecipe({ id: 'chicken-rice', createdAt: day(9), ingredients: [line('chicken thighs', 'chicken'), line('rice', 'rice'), line('garlic', 'garlic')] }),
  makeRecipe({ id: 'mystery-rice', createdAt: day(8), ingredients: [line('rice', 'rice'), line('secret spice')] }),
  makeRecipe({
    id: 'salad',
    createdAt: day(7),
    ingredients: [line('ripe tomatoes', 'tomato'), line('olive oil', 'olive-oil'), line('basil leaves', 'basil', true), line('sea salt', 'salt')],
  }),
  makeRecipe({ id: 'kycklinggryta', createdAt: day(6), language: 'sv', ingredients: [line('kycklingfilé', 'chicken'), line('ris', 'rice')] }),
  makeRecipe({ id: 'garlic-twice', createdAt: day(5), ingredients: [line('garlic', 'garlic'), line('garlic powder', 'garlic'), line('salt', 'salt')] }),
  makeRecipe({ id: 'optional-rice', createdAt: day(4), ingredients: [line('rice', 'rice', true), line('tomato', 'tomato')] }),
  makeRecipe({ id: 'plain-rice', createdAt: day(1), ingredients: [line('white rice', 'rice')] }),
];
const CATALOG = [
  catalogEntry('chicken', { en: ['chicken'], sv: ['kyckling'] }),
  catalogEntry('rice', { en: ['rice'], sv: ['ris'] }),
  catalogEntry('garlic'),
  catalogEntry('olive-oil', { en: ['olive oil'] }),
  catalogEntry('tomato', { en: ['tomato', 'tomatoes'] }),
  catalogEntry('basil'),
  catalogEntry('salt'),
  catalogEntry('water'),
  catalogEntry('black-pepper', { en: ['black pepper', 'pepper'] }),
];

const fx = buildFixture(RECIPES, CATALOG);
afterAll(() => fx.cleanup());

const parse = (qs: string): PantryQuery => parsePantryQuery(new URLSearchParams(qs), (n) => fx.engine.resolveIngredient(n));
const run = (qs: string) => {
  const page = fx.engine.pantry(parse(qs));
  return { total: page.total, results: page.results.map((r) => ({ ...r, id: fx.recipes[r.doc]!.id })) };
};
const ids = (qs: string) => run(qs).results.map((r) => r.id);
const apiCode = (f: () => unknown): { code: string; message: string } => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected an ApiError');
};

describe('GET /pantry parameters', () => {
  it('answers a missing or blank ingredients parameter with the exact SPEC message', () => {
    for (const qs of ['', 'ingredients=', 'ingredients=%20%20', 'limit=5']) {
      expect(apiCode(() => parse(qs))).toEqual({
        code: 'PANTRY_INGREDIENTS_REQUIRED',
        message: "The 'ingredients' parameter is required. Send the ingredients you have, such as 'chicken,rice'.",
      });
    }
  });

  it('rejects a malformed list, more than 20 items or an item over 80 characters', () => {
    for (const raw of ['rice,,garlic', ',rice', Array.from({ length: 21 }, (_, i) => `x${i}`).join(','), 'a'.repeat(81)]) {
      expect(apiCode(() => parse(`ingredients=${raw}`)).code).toBe('INVALID_LIST');
    }
    expect(parse(`ingredients=${Array.from({ length: 20 }, (_, i) => `x${i}`).join(',')}`).ingredients).toEqual([]);
  });

  it('answers a bad maxMissing with the exact SPEC message and accepts 0 to 20', () => {
    for (const raw of ['-1', '21', '1.5', 'abc', '', ' 1', '1e1', '99999999999']) {
      expect(apiCode(() => parse(`ingredients=rice&maxMissing=${encodeURIComponent(raw)}`))).toEqual({
        code: 'INVALID_MAX_MISSING',
        message: "The 'maxMissing' parameter must be a whole number between 0 and 20. Send how many ingredients you are willing to shop for, such as 1.",
      });
    }
    expect(parse('ingredients=rice&maxMissing=0').maxMissing).toBe(0);
    expect(parse('ingredients=rice&maxMissing=20').maxMissing).toBe(20);
    expect(parse('ingredients=rice').maxMissing).toBeUndefined();
  });

  it('defaults language to en, limit to 20 and offset to 0, and caps limit at 100', () => {
    expect(parse('ingredients=rice')).toMatchObject({ language: 'en', limit: 20, offset: 0, assumeStaples: false });
    expect(parse('ingredients=rice&limit=500').limit).toBe(100);
    expect(apiCode(() => parse('ingredients=rice&limit=0'))).toEqual({ code: 'INVALID_LIMIT', message: "The 'limit' parameter must be a whole number of at least 1; got '0'." });
    expect(apiCode(() => parse('ingredients=rice&language=english')).message).toBe(
      "The 'language' parameter must be a two-letter code such as 'en' or 'sv'; got 'english'.",
    );
    expect(apiCode(() => parse('ingredients=rice&offset=-1')).code).toBe('INVALID_NUMBER');
  });

  it('rejects unknown parameters and a non-boolean assumeStaples', () => {
    expect(apiCode(() => parse('ingredients=rice&ingredient=rice')).code).toBe('UNKNOWN_PARAMETER');
    expect(apiCode(() => parse('ingredients=rice&assumeStaples=yes'))).toEqual({
      code: 'INVALID_BOOLEAN',
      message: "The 'assumeStaples' parameter must be 'true' or 'false'; got 'yes'.",
    });
  });

  it('resolves hyphen, space and case alike, any catalog language, and drops duplicates', () => {
    expect(parse('ingredients=Olive Oil,olive-oil,OLIVE_oil').ingredients).toEqual(['olive-oil']);
    expect(parse('ingredients=kyckling,RIS').ingredients).toEqual(['chicken', 'rice']);
    expect(parse('ingredients=olive').ingredients).toEqual([]); // no substring matching
  });
});

describe('GET /pantry ranking', () => {
  it('orders by coverage, then fewer missing, then newest, and only returns recipes using a pantry ingredient', () => {
    const got = run('ingredients=rice,garlic');
    expect(got.total).toBe(5);
    // garlic-rice and plain-rice are fully covered (newest first), chicken-rice 2/3, then two at 1/2.
    expect(got.results.map((r) => [r.id, r.coverage])).toEqual([
      ['garlic-rice', 1],
      ['plain-rice', 1],
      ['chicken-rice', 0.6667],
      ['mystery-rice', 0.5],
      ['garlic-twice', 0.5],
    ]);
  });

  it('ranks fewer missing first when coverage ties, even above a newer recipe', () => {
    const tie = buildFixture(
      [
        makeRecipe({ id: 'two-of-four', createdAt: day(20), ingredients: [line('rice', 'rice'), line('garlic', 'garlic'), line('tomato', 'tomato'), line('basil', 'basil')] }),
        makeRecipe({ id: 'one-of-two', createdAt: day(2), ingredients: [line('rice', 'rice'), line('tomato', 'tomato')] }),
      ],
      CATALOG,
    );
    try {
      const page = tie.engine.pantry(parsePantryQuery(new URLSearchParams('ingredients=rice,garlic'), (n) => tie.engine.resolveIngredient(n)));
      expect(page.results.map((r) => [tie.recipes[r.doc]!.id, r.coverage, r.missingIngredients.length])).toEqual([
        ['one-of-two', 0.5, 1],
        ['two-of-four', 0.5, 2],
      ]);
    } finally {
      tie.cleanup();
    }
  });

  it('ranks the fully covered recipe that uses more of the pantry first, even above a newer one (issue 21 item 6)', () => {
    const tie = buildFixture(
      [
        makeRecipe({ id: 'ghee', createdAt: day(20), ingredients: [line('butter', 'butter')] }),
        makeRecipe({ id: 'boiled-eggs', createdAt: day(15), ingredients: [line('eggs', 'egg')] }),
        makeRecipe({ id: 'crepes', createdAt: day(3), ingredients: [line('eggs', 'egg'), line('flour', 'flour'), line('milk', 'milk'), line('butter', 'butter')] }),
        makeRecipe({ id: 'omelette', createdAt: day(2), ingredients: [line('eggs', 'egg'), line('butter', 'butter')] }),
      ],
        [...CATALOG, catalogEntry('egg', { en: ['egg', 'eggs'] }), catalogEntry('flour'), catalogEntry('milk'), catalogEntry('butter'), catalogEntry('sugar')],
    );
    try {
      const q = parsePantryQuery(new URLSearchParams('ingredients=egg,flour,milk,butter,sugar&maxMissing=0'), (n) => tie.engine.resolveIngredient(n));
      const page = tie.engine.pantry(q);
      expect(page.results.map((r) => [tie.recipes[r.doc]!.id, r.coverage, r.matchedIngredients.length])).toEqual([
        ['crepes', 1, 4],
        ['omelette', 1, 2],
        ['ghee', 1, 1],
        ['boiled-eggs', 1, 1],
      ]);
    } finally {
      tie.cleanup();
    }
  });

  it('lists matched and missing ingredients as the recipe names them, in recipe order', () => {
    const got = run('ingredients=rice,garlic').results;
    expect(got.find((r) => r.id === 'chicken-rice')).toMatchObject({ matchedIngredients: ['rice', 'garlic'], missingIngredients: ['chicken thighs'] });
    expect(got.find((r) => r.id === 'garlic-rice')).toMatchObject({ matchedIngredients: ['long-grain rice', 'garlic cloves'], missingIngredients: [] });
  });

  it('counts two lines with the same canonical id once', () => {
    const r = run('ingredients=garlic').results.find((x) => x.id === 'garlic-twice')!;
    expect(r).toMatchObject({ coverage: 0.5, matchedIngredients: ['garlic', 'garlic powder'], missingIngredients: ['salt'] });
  });

  it('counts an ingredient line with no canonical id as missing: it can never be matched', () => {
    const r = run('ingredients=rice').results.find((x) => x.id === 'mystery-rice')!;
    expect(r).toMatchObject({ coverage: 0.5, matchedIngredients: ['rice'], missingIngredients: ['secret spice'] });
  });

  it('never counts optional lines against a recipe, lists a covered optional line as matched, and ignores optional-only uses', () => {
    const salad = run('ingredients=tomato,basil').results.find((x) => x.id === 'salad')!;
    expect(salad).toMatchObject({ coverage: 0.3333, matchedIngredients: ['ripe tomatoes', 'basil leaves'], missingIngredients: ['olive oil', 'sea salt'] });
    expect(ids('ingredients=basil')).toEqual([]);
    expect(ids('ingredients=rice')).not.toContain('optional-rice');
  });

  it('returns with maxMissing=0 exactly the recipes that can be cooked now', () => {
    const got = run('ingredients=rice,garlic&maxMissing=0');
    expect(got.results.map((r) => r.id)).toEqual(['garlic-rice', 'plain-rice']);
    expect(got.results.every((r) => r.missingIngredients.length === 0)).toBe(true);
    expect(run('ingredients=rice,garlic&maxMissing=1').total).toBe(5);
  });

  it('keeps only English recipes by default and the given language otherwise, across catalog languages', () => {
    expect(ids('ingredients=kyckling')).toEqual(['chicken-rice']);
    const sv = run('ingredients=kyckling,ris&language=sv').results;
    expect(sv).toEqual([expect.objectContaining({ id: 'kycklinggryta', coverage: 1, matchedIngredients: ['kycklingfilé', 'ris'], missingIngredients: [] })]);
    expect(run('ingredients=rice&language=fr').total).toBe(0);
  });

  it('treats hyphen, space and case alike in names', () => {
    expect(ids('ingredients=Olive Oil')).toEqual(ids('ingredients=olive-oil'));
    expect(ids('ingredients=OLIVE oil')).toEqual(['salad']);
  });

  it('answers total 0 for a pantry of unknown names', () => {
    expect(run('ingredients=unobtainium,dragon fruit')).toEqual({ total: 0, results: [] });
  });

  it('pages join without gaps or duplicates', () => {
    const all = ids('ingredients=rice,garlic&limit=100');
    for (const limit of [1, 2, 3]) {
      const joined: string[] = [];
      for (let offset = 0; offset < all.length + limit; offset += limit) joined.push(...ids(`ingredients=rice,garlic&limit=${limit}&offset=${offset}`));
      expect(joined).toEqual(all);
    }
    expect(run('ingredients=rice,garlic&offset=99')).toEqual({ total: 5, results: [] });
  });

  it('with assumeStaples=true counts water, salt and black pepper as available, but staples alone never qualify a recipe', () => {
    const salad = run('ingredients=tomato,olive oil&assumeStaples=true').results.find((x) => x.id === 'salad')!;
    expect(salad).toMatchObject({ coverage: 1, matchedIngredients: ['ripe tomatoes', 'olive oil', 'sea salt'], missingIngredients: [] });
    expect(run('ingredients=tomato,olive oil').results.find((x) => x.id === 'salad')!.coverage).toBe(0.6667);
    expect(ids('ingredients=rice&assumeStaples=true')).not.toContain('garlic-twice');
    expect(ids('ingredients=garlic&assumeStaples=true&maxMissing=0')).toEqual(['garlic-twice']);
  });
});

describe('coverage', () => {
  it('is matched over counted ingredients, rounded to 4 decimals, and 0 for a recipe with nothing counted', () => {
    expect(coverageOf(2, 3)).toBe(0.6667);
    expect(coverageOf(1, 8)).toBe(0.125);
    expect(coverageOf(0, 0)).toBe(0);
  });
});
