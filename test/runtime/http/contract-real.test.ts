/**
 * SPEC.md row by row over the REAL compiled dataset, in process with app.request(); every
 * response body is also checked against the served OpenAPI document.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { NUMERIC_KEYS } from '../../../runtime/format/numeric-keys.ts';
import { COURSES, CUISINES, DIETS } from '../../../runtime/format/vocabulary.ts';
import { assertHeadersMatchOpenApi, assertMatchesOpenApi } from '../../helpers/openapi-validator.ts';
import { realApp } from '../../helpers/real-app.ts';

let t: Awaited<ReturnType<typeof realApp>>;
beforeAll(async () => {
  t = await realApp();
});

/** GET, then check the body against the OpenAPI schema of `apiPath` for the status received. */
async function call(path: string, apiPath = path.split('?')[0]!) {
  const r = await t.get(path);
  assertMatchesOpenApi(apiPath, r.status, r.body);
  return r;
}
const ids = (body: { recipes: Recipe[] }) => body.recipes.map((r) => r.id);
const oracle = (pred: (r: Recipe) => boolean) => t.all.filter(pred);

describe('GET /recipes over the real dataset', () => {
  it('lists every recipe newest first with a pagination object', async () => {
    const r = await call('/recipes');
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ limit: 20, offset: 0, total: t.all.length });
    expect(ids(r.body)).toEqual(t.all.slice(0, 20).map((x) => x.id));
    const times = r.body.recipes.map((x: Recipe) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('walks a whole filtered list by offset without gaps or duplicates', async () => {
    const expected = oracle((x) => x.language === 'de').map((x) => x.id);
    const seen: string[] = [];
    for (let offset = 0; ; offset += 7) {
      const r = await call(`/recipes?language=de&limit=7&offset=${offset}`);
      expect(r.body.pagination.total).toBe(expected.length);
      if (offset >= r.body.pagination.total) break;
      expect(r.body.pagination.limit).toBe(r.body.recipes.length);
      seen.push(...ids(r.body));
    }
    expect(seen).toEqual(expected);
  });

  it.each([
    ['cuisine=italian', (x: Recipe) => x.cuisines.includes('italian')],
    ['course=dessert', (x: Recipe) => x.courses.includes('dessert')],
    ['diet=vegetarian', (x: Recipe) => x.diets.includes('vegetarian')],
    ['language=zh', (x: Recipe) => x.language === 'zh'],
    ['equipment=oven', (x: Recipe) => !!x.equipment?.includes('oven')],
    ['ingredient=garlic', (x: Recipe) => x.ingredients.some((i) => i.id === 'garlic' && !i.optional)],
    ['ingredients=garlic,onion', (x: Recipe) => ['garlic', 'onion'].every((id) => x.ingredients.some((i) => i.id === id && !i.optional))],
    ['excludeIngredients=garlic', (x: Recipe) => !x.ingredients.some((i) => i.id === 'garlic')],
    ['maxTotalMinutes=30', (x: Recipe) => (x.times.total?.seconds ?? Infinity) <= 1800],
    ['maxCookMinutes=20', (x: Recipe) => (x.times.cook?.seconds ?? Infinity) <= 1200],
    ['maxCalories=400', (x: Recipe) => (NUMERIC_KEYS.calories.key(x) ?? Infinity) <= 400],
    ['minProtein=20', (x: Recipe) => (NUMERIC_KEYS.protein.key(x) ?? -1) >= 20],
    ['maxSodium=500', (x: Recipe) => (NUMERIC_KEYS.sodium.key(x) ?? Infinity) <= 500],
    ['minFiber=5', (x: Recipe) => (NUMERIC_KEYS.fiber.key(x) ?? -1) >= 5],
    ['time=under-30', (x: Recipe) => (x.times.total?.seconds ?? Infinity) < 1800],
    ['time=weekend', (x: Recipe) => (x.times.total?.seconds ?? -1) >= 3600],
    ['nutrition=low-calorie,high-protein', (x: Recipe) => (NUMERIC_KEYS.calories.key(x) ?? Infinity) <= 400 && (NUMERIC_KEYS.protein.key(x) ?? -1) >= 20],
    ['nutrition=low-calorie&maxCalories=300', (x: Recipe) => (NUMERIC_KEYS.calories.key(x) ?? Infinity) <= 300],
    ['cuisine=italian&course=main-course&maxTotalMinutes=60', (x: Recipe) => x.cuisines.includes('italian') && x.courses.includes('main-course') && (x.times.total?.seconds ?? Infinity) <= 3600],
  ])('filters %s exactly as the rule says, before paging', async (query, pred) => {
    const expected = oracle(pred);
    const r = await call(`/recipes?${query}&limit=100`, '/recipes');
    expect(r.status).toBe(200);
    expect(r.body.pagination.total).toBe(expected.length);
    expect(ids(r.body)).toEqual(expected.slice(0, 100).map((x) => x.id));
  });

  it('caps limit at 100 and rejects limits below 1 or not whole', async () => {
    expect((await call('/recipes?limit=1000')).body.pagination.limit).toBe(100);
    for (const v of ['0', '-1', '2.5', 'abc', '']) {
      const r = await call(`/recipes?limit=${v}`, '/recipes');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(`The 'limit' parameter must be a whole number of at least 1; got '${v}'.`);
    }
  });

  it('answers the exact 400 messages of SPEC.md for closed vocabularies, language and slugs', async () => {
    expect((await call('/recipes?cuisine=klingon')).body.error.message).toBe("Unknown cuisine 'klingon'. The allowed values are listed by GET /vocabularies.");
    expect((await call('/recipes?course=second-breakfast')).body.error.message).toBe("Unknown course 'second-breakfast'. The allowed values are listed by GET /vocabularies.");
    expect((await call('/recipes?diet=keto')).body.error.message).toBe("Unknown diet 'keto'. The allowed values are listed by GET /vocabularies.");
    expect((await call('/recipes?language=english')).body.error.message).toBe("The 'language' parameter must be a two-letter code such as 'en' or 'sv'; got 'english'.");
    expect((await call('/recipes?category=Main%20Course')).body.error.message).toBe("The 'category' parameter must be a slug such as 'main-course' or 'chicken-thigh'; got 'Main Course'.");
  });

  it('rejects unknown presets and weekend with a short maxTotalMinutes, listing what is accepted', async () => {
    const n = await call('/recipes?nutrition=low-fat');
    expect(n.status).toBe(400);
    expect(n.body.error.message).toMatch(/high-fiber.*high-protein.*low-calorie.*low-sodium/);
    const tm = await call('/recipes?time=overnight');
    expect(tm.status).toBe(400);
    expect(tm.body.error.message).toMatch(/under-15.*under-30.*weekend/);
    expect((await call('/recipes?time=weekend&maxTotalMinutes=59')).status).toBe(400);
    expect((await call('/recipes?time=weekend&maxTotalMinutes=60')).status).toBe(200);
  });

  it('matches nothing for unknown ingredient names and excludes nothing for unknown exclusions', async () => {
    expect((await call('/recipes?ingredients=unobtainium')).body.pagination.total).toBe(0);
    expect((await call('/recipes?excludeIngredients=unobtainium')).body.pagination.total).toBe(t.all.length);
    expect((await call('/recipes?equipment=time-machine')).body.pagination.total).toBe(0);
  });

  it('rejects malformed lists and unknown parameters with a 400', async () => {
    for (const q of ['ingredients=', 'ingredients=a,,b', 'excludeIngredients=', 'equipment=', `ingredients=${'x'.repeat(81)}`, `ingredients=${Array(21).fill('salt').join(',')}`, 'colour=red']) {
      expect((await call(`/recipes?${q}`, '/recipes')).status, q).toBe(400);
    }
  });
});

describe('the other endpoints over the real dataset', () => {
  it('returns one recipe by id, equal to its list entry, and 404 for an unknown id', async () => {
    const first = t.all[0]!;
    const r = await call(`/recipes/${first.id}`, '/recipes/{id}');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(first);
    const missing = await call('/recipes/doesnotexist1', '/recipes/{id}');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Recipe not found.');
  });

  it('answers an unknown path with the 404 envelope', async () => {
    const r = await t.get('/nope');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: expect.objectContaining({ message: 'No such endpoint. See /docs for the available routes.' }) });
  });

  it('pages /popular like /recipes, rated recipes first', async () => {
    const r = await call('/popular?limit=5&offset=0');
    expect(r.body.pagination).toEqual({ limit: 5, offset: 0, total: t.all.length });
    expect(r.body.recipes.every((x: Recipe) => x.rating.count > 0)).toBe(true);
    expect((await call('/popular?limit=500')).body.pagination.limit).toBe(100);
  });

  it('serves the closed vocabularies exactly as SPEC.md lists them', async () => {
    const r = await call('/vocabularies');
    expect(r.body.course).toEqual([...COURSES]);
    expect(r.body.diet).toEqual([...DIETS]);
    expect(r.body.cuisine).toEqual([...CUISINES]);
    expect(r.body.category.length).toBeGreaterThan(10);
  });

  it('lists canonical ingredients with recipe counts and finds them by prefix in any language', async () => {
    const r = await call('/ingredients?q=garl');
    expect(r.status).toBe(200);
    const garlic = r.body.ingredients.find((i: { id: string }) => i.id === 'garlic');
    expect(garlic.recipeCount).toBe(oracle((x) => x.ingredients.some((i) => i.id === 'garlic')).length);
  });
});

describe('GET /pantry over the real dataset', () => {
  type PantryRecipe = Recipe & { coverage: number; matchedIngredients: string[]; missingIngredients: string[] };

  it('requires ingredients, with the exact message of SPEC.md', async () => {
    for (const q of ['', '?ingredients=', '?language=en']) {
      const r = await call(`/pantry${q}`, '/pantry');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe("The 'ingredients' parameter is required. Send the ingredients you have, such as 'chicken,rice'.");
    }
  });

  it('rejects a maxMissing that is not a whole number from 0 to 20, with the exact message', async () => {
    for (const v of ['-1', '21', '1.5', 'abc', '']) {
      const r = await call(`/pantry?ingredients=rice&maxMissing=${v}`, '/pantry');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe("The 'maxMissing' parameter must be a whole number between 0 and 20. Send how many ingredients you are willing to shop for, such as 1.");
    }
  });

  it('ranks by coverage, then fewer missing, only English recipes by default, each using a pantry ingredient', async () => {
    const r = await call('/pantry?ingredients=chicken,rice,garlic,onion&limit=100');
    expect(r.status).toBe(200);
    const recipes = r.body.recipes as PantryRecipe[];
    expect(recipes.length).toBeGreaterThan(0);
    for (const [i, x] of recipes.entries()) {
      expect(x.language).toBe('en');
      expect(x.coverage).toBeGreaterThan(0);
      expect(x.coverage).toBeLessThanOrEqual(1);
      expect(x.matchedIngredients.length).toBeGreaterThan(0);
      const prev = recipes[i - 1];
      if (prev) {
        expect(prev.coverage).toBeGreaterThanOrEqual(x.coverage);
        if (prev.coverage === x.coverage) expect(prev.missingIngredients.length).toBeLessThanOrEqual(x.missingIngredients.length);
      }
    }
  });

  it('returns exactly what can be cooked now with maxMissing=0', async () => {
    const r = await call('/pantry?ingredients=gin,lime-juice,simple-syrup,vodka,lemon-juice,sugar,water,ice&maxMissing=0&limit=100');
    for (const x of r.body.recipes as PantryRecipe[]) {
      expect(x.missingIngredients).toEqual([]);
      expect(x.coverage).toBe(1);
    }
  });

  it('joins pages without gaps or duplicates', async () => {
    const all = await call('/pantry?ingredients=garlic,butter&limit=100');
    const total = all.body.pagination.total as number;
    const walked: string[] = [];
    for (let offset = 0; offset < Math.min(total, 60); offset += 9) {
      const r = await call(`/pantry?ingredients=garlic,butter&limit=9&offset=${offset}`, '/pantry');
      expect(r.body.pagination.total).toBe(total);
      walked.push(...ids(r.body));
    }
    expect(walked).toEqual(ids(all.body).slice(0, walked.length));
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('caps limit at 100, answers 200 with no matches for an all-unknown pantry, and honours language', async () => {
    expect((await call('/pantry?ingredients=rice&limit=1000')).body.pagination.limit).toBeLessThanOrEqual(100);
    expect((await call('/pantry?ingredients=unobtainium')).body.pagination.total).toBe(0);
    const zh = await call('/pantry?ingredients=%E5%A4%A7%E8%92%9C&language=zh');
    expect(zh.body.recipes.every((x: Recipe) => x.language === 'zh')).toBe(true);
  });
});

describe('GET /search over the real dataset', () => {
  it('requires a non-empty query, with the exact message of SPEC.md', async () => {
    for (const q of ['', '?query=', '?query=%20%20']) {
      const r = await call(`/search${q}`, '/search');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('The query parameter is required.');
    }
  });

  it('returns 10 results by default, at most 50, no pagination object, and rejects offset', async () => {
    const r = await call('/search?query=chicken');
    expect(r.status).toBe(200);
    expect(r.body.recipes.length).toBe(10);
    expect(r.body.pagination).toBeUndefined();
    expect((await call('/search?query=chicken&limit=500')).body.recipes.length).toBe(50);
    expect((await call('/search?query=chicken&limit=0')).body.error.message).toBe("The 'limit' parameter must be a whole number of at least 1; got '0'.");
    expect((await call('/search?query=chicken&offset=10')).status).toBe(400);
  });

  it('finds a recipe by its exact title first, and by its title with a typo in the top 3', async () => {
    const target = t.all.find((x) => x.language === 'en' && /^[A-Za-z]+ [A-Za-z]+ [A-Za-z]{7,}$/.test(x.title))!;
    const exact = await call(`/search?query=${encodeURIComponent(target.title)}`);
    expect(exact.body.recipes[0].id).toBe(target.id);
    const word = target.title.split(' ')[2]!;
    const typo = target.title.replace(word, word.slice(0, 3) + word.slice(4));
    const fuzzy = await call(`/search?query=${encodeURIComponent(typo)}`);
    expect(ids(fuzzy.body).slice(0, 3)).toContain(target.id);
  });

  it('ranks scores best first', async () => {
    const r = await call('/search?query=tomato%20soup&limit=50');
    const scores = r.body.recipes.map((x: { score: number }) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('validators and headers over the real dataset', () => {
  it('sends the documented headers on every 200 and answers its ETag with a documented 304', async () => {
    const id = t.all[0]!.id;
    const paths = ['/recipes?cuisine=italian', `/recipes/${id}`, '/pantry?ingredients=garlic,onion', '/search?query=chicken', '/popular', '/ingredients?q=to', '/vocabularies'];
    for (const path of paths) {
      const apiPath = path.startsWith('/recipes/') ? '/recipes/{id}' : path.split('?')[0]!;
      const r = await call(path, apiPath);
      expect(r.status, path).toBe(200);
      assertHeadersMatchOpenApi(apiPath, 200, r.headers);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const again = await t.get(path, { 'If-None-Match': r.headers.get('etag')! });
      expect(again.status, path).toBe(304);
      expect(again.body).toBeUndefined();
      assertHeadersMatchOpenApi(apiPath, 304, again.headers);
    }
  });
});

describe('facet counts over the real dataset', () => {
  it('counts each value over the whole filtered set, as a count over the records does', async () => {
    const names = ['cuisine', 'course', 'diet', 'language', 'category', 'equipment'] as const;
    const values = (x: Recipe, name: (typeof names)[number]): readonly string[] =>
      ({ cuisine: x.cuisines, course: x.courses, diet: x.diets, language: [x.language], category: x.categories, equipment: x.equipment ?? [] })[name];
    for (const [q, pred] of [
      ['', () => true],
      ['&language=en&maxTotalMinutes=60', (x: Recipe) => x.language === 'en' && (x.times.total?.seconds ?? Infinity) <= 3600],
    ] as const) {
      const r = await call(`/recipes?facets=${names.join(',')}&limit=1${q}`, '/recipes');
      expect(r.status).toBe(200);
      const matching = t.all.filter(pred);
      for (const name of names) {
        const expected: Record<string, number> = {};
        for (const x of matching) for (const v of new Set(values(x, name))) expected[v] = (expected[v] ?? 0) + 1;
        expect(r.body.facets[name], `${name}${q}`).toEqual(expected);
      }
    }
  });
});

describe('servings and units over the real dataset', () => {
  const METRIC = new Set(['g', 'kg', 'ml', 'l', 'tsp', 'tbsp', 'mg', 'dkg', 'cl', 'dl']);
  const US = new Set(['oz', 'lb', 'tsp', 'tbsp', 'cup', 'fl oz', 'pint', 'quart', 'gallon']);

  it('documents adjustedDisplay in the served Ingredient schema', async () => {
    const doc = (await t.get('/openapi.json')).body;
    expect(JSON.stringify(doc.components.schemas.Recipe)).toContain('"adjustedDisplay"');
  });

  it('scales and converts every quantity, keeps display as written and matches the OpenAPI document', async () => {
    const served = t.all.filter((r) => r.servings.original !== '' && r.ingredients.some((i) => i.quantity !== undefined)).slice(0, 40);
    expect(served.length).toBeGreaterThan(10);
    for (const recipe of served) {
      for (const units of ['metric', 'us'] as const) {
        const servings = recipe.servings.quantity * 2;
        const r = await call(`/recipes/${recipe.id}?servings=${servings}&units=${units}`, '/recipes/{id}');
        expect(r.status).toBe(200);
        expect(r.body.servings).toEqual({ quantity: servings, original: recipe.servings.original });
        expect(r.body.text).toEqual(recipe.text);
        recipe.ingredients.forEach((before, k) => {
          const after = r.body.ingredients[k];
          expect(after.display).toBe(before.display);
          expect(typeof after.adjustedDisplay).toBe('string');
          if (before.quantity === undefined) return expect(after.quantity).toBeUndefined();
          const inSystem = units === 'metric' ? METRIC : US;
          if (METRIC.has(before.quantity.unit) || US.has(before.quantity.unit)) expect(inSystem.has(after.quantity.unit), `${before.display} → ${after.quantity.unit}`).toBe(true);
          else expect(after.quantity).toEqual({ ...before.quantity, value: after.quantity.value, ...(after.quantity.max === undefined ? {} : { max: after.quantity.max }) });
          if (before.quantity.unit === after.quantity.unit) expect(after.quantity.value).toBeGreaterThanOrEqual(before.quantity.value);
        });
      }
    }
  });

  it('answers 400 SERVINGS_UNKNOWN for servings on a recipe without servings, and still converts its units', async () => {
    const recipe = t.all.find((r) => r.servings.original === '')!;
    const r = await call(`/recipes/${recipe.id}?servings=2`, '/recipes/{id}');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('SERVINGS_UNKNOWN');
    expect(r.body.error.message).toContain("'servings'");
    expect((await call(`/recipes/${recipe.id}?units=us`, '/recipes/{id}')).status).toBe(200);
  });

  it('serves the stored bytes when neither parameter is given', async () => {
    const recipe = t.all[3]!;
    const res = await t.app.request(`/recipes/${recipe.id}`, { headers: { Authorization: `Bearer ${t.key}` } });
    const stored = t.engine.recordJson(t.engine.docById(recipe.id)!);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength))).toBe(true);
  });
});
