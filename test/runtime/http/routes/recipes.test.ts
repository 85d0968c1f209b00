import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';
import { RECIPES } from '../../../helpers/fake-engine.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});
const list = (q: string) => get(f, `/recipes${q}`, key);
const expect400 = async (q: string, message: string) => {
  const r = await list(q);
  expect(r.status, q).toBe(400);
  expect(r.body.error.message, q).toBe(message);
};

describe('GET /recipes', () => {
  it('lists recipes newest first with the pagination object', async () => {
    const r = await list('');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.pagination).toEqual({ limit: RECIPES.length, offset: 0, total: RECIPES.length });
    const dates = r.body.recipes.map((x: { createdAt: string }) => x.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('serves each recipe exactly as the engine stored it', async () => {
    const r = await list('?limit=1');
    expect(r.body.recipes[0]).toEqual(RECIPES.find((x) => x.id === r.body.recipes[0].id));
  });

  it('reports in pagination.limit how many recipes the response holds, also on the last page', async () => {
    const r = await list('?limit=2&offset=4');
    expect(r.body.pagination).toEqual({ limit: 1, offset: 4, total: 5 });
    expect(r.body.recipes).toHaveLength(1);
    const past = await list('?offset=50');
    expect(past.body.pagination).toEqual({ limit: 0, offset: 50, total: 5 });
  });

  it('caps limit at 100 instead of failing', async () => {
    const r = await list('?limit=5000');
    expect(r.status).toBe(200);
    expect(f.engine.lastFilter).toEqual({});
    expect(f.engine.lastPage).toEqual({ limit: 100, offset: 0 });
    expect((await list('?limit=100')).status).toBe(200);
    expect(f.engine.lastPage?.limit).toBe(100);
    await list('');
    expect(f.engine.lastPage).toEqual({ limit: 20, offset: 0 });
    const huge = await list('?limit=99999999999999999999999');
    expect(huge.status).toBe(200);
  });

  it.each(['0', '-1', 'abc', '1.5', '', ' 5', '1e3', '+3'])('rejects limit=%j with the exact message', async (v) => {
    await expect400(`?limit=${encodeURIComponent(v)}`, `The 'limit' parameter must be a whole number of at least 1; got '${v}'.`);
  });

  it.each(['-1', 'x', '2.5', ''])('rejects offset=%j', async (v) => {
    await expect400(`?offset=${encodeURIComponent(v)}`, `The 'offset' parameter must be a whole number of at least 0; got '${v}'.`);
  });

  it.each([
    ['cuisine', 'xyz'],
    ['cuisine', 'Italian'],
    ['course', 'supper'],
    ['diet', 'keto'],
  ])('rejects %s=%s naming the parameter, the value and GET /vocabularies', async (p, v) => {
    await expect400(`?${p}=${v}`, `Unknown ${p} '${v}'. The allowed values are listed by GET /vocabularies.`);
  });

  it.each(['english', 'e', '12', 'e1', ''])('rejects language=%j', async (v) => {
    await expect400(`?language=${v}`, `The 'language' parameter must be a two-letter code such as 'en' or 'sv'; got '${v}'.`);
  });

  it.each([
    ['category', 'Main Course'],
    ['category', 'MAIN'],
    ['category', 'main_course'],
    ['category', '-main'],
    ['ingredient', 'Chicken Thigh'],
    ['ingredient', ''],
  ])('rejects %s=%j as not a slug', async (p, v) => {
    await expect400(`?${p}=${encodeURIComponent(v)}`, `The '${p}' parameter must be a slug such as 'main-course' or 'chicken-thigh'; got '${v}'.`);
  });

  it.each(['ingredients', 'excludeIngredients', 'equipment'])('rejects a malformed or empty %s list, listing what is accepted', async (p) => {
    for (const v of ['', 'a,,b', ',a', 'a,', ' , ', 'x'.repeat(81), Array.from({ length: 21 }, (_, i) => `i${i}`).join(',')]) {
      const r = await list(`?${p}=${encodeURIComponent(v)}`);
      expect(r.status, v).toBe(400);
      expect(r.body.error.message).toMatch(new RegExp(`^The '${p}' parameter must be a comma-separated list of 1 to 20 names, each at most 80 characters`));
    }
  });

  it('accepts 20 items of 80 characters', async () => {
    const v = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(80, 'x')).join(',');
    expect((await list(`?equipment=${v}`)).status).toBe(200);
  });

  it.each([
    ['maxTotalMinutes', '0', 'of at least 1'],
    ['maxCookMinutes', '10081', 'from 1 to 10080'],
    ['maxCalories', '0', 'from 1 to 10000'],
    ['maxCalories', '10001', 'from 1 to 10000'],
    ['minProtein', '1001', 'from 1 to 1000'],
    ['maxSodium', '100001', 'from 1 to 100000'],
    ['minFiber', '201', 'from 1 to 200'],
    ['minFiber', '2.5', 'from 1 to 200'],
    ['maxCalories', 'lots', 'from 1 to 10000'],
  ])('rejects %s=%s out of range', async (p, v, range) => {
    await expect400(`?${p}=${v}`, `The '${p}' parameter must be a whole number ${range}; got '${v}'.`);
  });

  it('rejects an unknown nutrition preset listing the accepted values', async () => {
    await expect400('?nutrition=high-fiber,low-fat', "Unknown nutrition preset 'low-fat'. The accepted values are high-fiber, high-protein, low-calorie, low-sodium.");
  });

  it('rejects an unknown time preset listing the accepted values', async () => {
    await expect400('?time=quick', "Unknown time preset 'quick'. The accepted values are under-15, under-30, weekend.");
  });

  it('rejects time=weekend with maxTotalMinutes below 60', async () => {
    await expect400('?time=weekend&maxTotalMinutes=59', "The 'time' preset 'weekend' means at least 60 minutes, so 'maxTotalMinutes' must be at least 60 with it; got '59'.");
    expect((await list('?time=weekend&maxTotalMinutes=60')).status).toBe(200);
  });

  it('rejects unknown parameter names, naming them', async () => {
    const r = await list('?cuisine=thai&colour=red&size=2');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^Unknown parameters 'colour', 'size'\. The accepted parameters are category, course, cuisine/);
    expect(r.body.error.code).toBe('UNKNOWN_PARAMETER');
  });

  it('rejects a repeated parameter', async () => {
    const r = await list('?cuisine=thai&cuisine=italian');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("The 'cuisine' parameter was given more than once; send it once (lists are comma-separated).");
  });

  it('answers 400, not 500, to a malformed percent-encoding', async () => {
    for (const q of ['?cuisine=%zz', '?cuisine=%E0%A4%A', '?%ff=1', '?limit=%']) {
      const r = await list(q);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe('MALFORMED_QUERY');
    }
  });

  it('caps echoed values at 100 characters', async () => {
    const r = await list(`?cuisine=${'a'.repeat(5000)}`);
    expect(r.body.error.message).toBe(`Unknown cuisine '${'a'.repeat(100)}…'. The allowed values are listed by GET /vocabularies.`);
  });

  it('filters by cuisine, course, diet, category, language', async () => {
    const ids = async (q: string) => (await list(q)).body.recipes.map((x: { id: string }) => x.id);
    expect(await ids('?cuisine=italian')).toEqual(['r0000000000a2']);
    expect(await ids('?course=dinner&language=sv')).toEqual(['r0000000000a3']);
    expect(await ids('?diet=vegan')).toEqual(['r0000000000a5', 'r0000000000a2']);
    expect(await ids('?category=noodles')).toEqual(['r0000000000a4']);
    expect(await ids('?language=EN&cuisine=swedish')).toEqual([]);
  });

  it('resolves ingredient names, normalising case and spaces, and ignores duplicates', async () => {
    await list('?ingredients=Olive%20Oil,olive-oil,GARLIC');
    expect(f.engine.lastFilter?.ingredients).toEqual(['olive-oil', 'garlic']);
    const r = await list('?ingredients=Olive%20Oil,garlic');
    expect(r.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2']);
  });

  it('yields no matches for an unknown required ingredient and excludes nothing for an unknown excluded one', async () => {
    const none = await list('?ingredients=garlic,unobtainium');
    expect(none.body.pagination.total).toBe(0);
    const all = await list('?excludeIngredients=unobtainium');
    expect(all.body.pagination.total).toBe(5);
    const ex = await list('?excludeIngredients=tomatoes');
    expect(ex.body.pagination.total).toBe(3); // optional tomato excluded too
  });

  it('combines ingredient with ingredients', async () => {
    const r = await list('?ingredient=chicken&ingredients=rice');
    expect(r.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a1']);
    expect((await list('?ingredient=unknown-thing')).body.pagination.total).toBe(0);
  });

  it('requires every listed equipment item, normalising names to slugs', async () => {
    const r = await list('?equipment=Dutch%20Oven,oven');
    expect(r.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a3']);
    expect((await list('?equipment=laser')).body.pagination.total).toBe(0);
  });

  it('applies numeric bounds in the indexed units (minutes → seconds, sodium in mg)', async () => {
    await list('?maxTotalMinutes=25&maxCookMinutes=20');
    expect(f.engine.lastFilter?.numeric).toEqual([
      { field: 'totalTime', op: 'le', bound: 1500 },
      { field: 'cookTime', op: 'le', bound: 1200 },
    ]);
    const r = await list('?maxTotalMinutes=25');
    expect(r.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2', 'r0000000000a1']);
    const sodium = await list('?maxSodium=100');
    expect(sodium.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2']); // 0.1 g = 100 mg
  });

  it('applies both a preset and an explicit bound, so the tighter wins', async () => {
    const r = await list('?nutrition=low-calorie&maxCalories=200');
    expect(r.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2']);
    const loose = await list('?nutrition=low-calorie&maxCalories=5000');
    expect(loose.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a3', 'r0000000000a2']);
    const t = await list('?time=under-30&maxTotalMinutes=10');
    expect(t.body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2']);
  });

  it('applies time presets strictly (under-15 excludes exactly 15 minutes; weekend includes 60)', async () => {
    expect((await list('?time=under-15')).body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a2']);
    expect((await list('?time=weekend')).body.recipes.map((x: { id: string }) => x.id)).toEqual(['r0000000000a4', 'r0000000000a3']);
  });
});

describe('GET /recipes/{id}', () => {
  it('returns one recipe by id', async () => {
    const r = await get(f, '/recipes/r0000000000a3', key);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(RECIPES[2]);
  });

  it('answers 404 "Recipe not found." for an unknown id, including odd encodings', async () => {
    for (const id of ['nope', '%zz', '..%2F..%2Fetc', 'r0000000000a3%00']) {
      const r = await get(f, `/recipes/${id}`, key);
      expect(r.status, id).toBe(404);
      expect(r.body).toEqual({ error: { message: 'Recipe not found.', code: 'RECIPE_NOT_FOUND' } });
    }
  });

  it('rejects query parameters on a single recipe other than servings and units', async () => {
    const r = await get(f, '/recipes/r0000000000a3?fields=title', key);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('UNKNOWN_PARAMETER');
    expect(r.body.error.message).toContain('The accepted parameters are servings, units.');
  });
});

describe('GET /recipes/{id}?servings=&units=', () => {
  const one = (q: string) => get(f, `/recipes/r0000000000a3${q}`, key);

  it('answers the stored record bytes exactly when neither parameter is given', async () => {
    const doc = f.engine.docById('r0000000000a3')!;
    expect((await one('')).text).toBe(new TextDecoder().decode(f.engine.recordJson(doc)));
  });

  it('scales to the servings asked and adds adjustedDisplay beside each display', async () => {
    const r = await one('?servings=8&units=metric');
    expect(r.status).toBe(200);
    expect(r.body.servings).toEqual({ quantity: 8, original: '4' });
    for (const i of r.body.ingredients) expect(i.adjustedDisplay).toBe(i.display);
    const { servings, ingredients, ...rest } = r.body;
    const { servings: s0, ingredients: i0, ...stored } = RECIPES[2]!;
    expect(rest).toEqual(stored);
  });

  it.each([
    ['servings=0', 'INVALID_SERVINGS'], ['servings=-2', 'INVALID_SERVINGS'], ['servings=abc', 'INVALID_SERVINGS'],
    ['servings=1001', 'INVALID_SERVINGS'], ['servings=1e3', 'INVALID_SERVINGS'], ['servings=', 'INVALID_SERVINGS'],
    ['servings=Infinity', 'INVALID_SERVINGS'], ['units=imperial', 'INVALID_UNITS'], ['units=', 'INVALID_UNITS'], ['units=US', 'INVALID_UNITS'],
  ])('answers 400 naming the parameter for %s', async (q, code) => {
    const r = await one(`?${q}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toContain(`'${q.split('=')[0]}'`);
  });

  it('accepts fractional servings such as 2.5', async () => {
    const r = await one('?servings=2.5');
    expect(r.status).toBe(200);
    expect(r.body.servings.quantity).toBe(2.5);
  });

  it('checks the parameters before the id, like every other route (a bad value on an unknown id is 400)', async () => {
    expect((await get(f, '/recipes/nope?units=x', key)).status).toBe(400);
    expect((await get(f, '/recipes/nope?units=us', key)).status).toBe(404);
  });
});

describe('GET /recipes?facets=', () => {
  it('adds counts over the whole filtered set, before paging, with zero counts left out', async () => {
    const r = await list('?facets=cuisine,diet,language&ingredient=garlic&limit=1');
    expect(r.status).toBe(200);
    expect(r.body.recipes).toHaveLength(1);
    expect(r.body.pagination.total).toBe(3);
    expect(r.body.facets).toEqual({
      cuisine: { chinese: 1, italian: 1, thai: 1 },
      diet: { 'dairy-free': 1, 'gluten-free': 1, vegan: 1, vegetarian: 2 },
      language: { en: 3 },
    });
    expect(Object.keys(r.body)).toEqual(['pagination', 'recipes', 'facets']);
  });

  it('counts every recipe when unfiltered, and answers empty counts when nothing matches', async () => {
    const all = await list('?facets=equipment,category');
    expect(all.body.facets).toEqual({
      equipment: { bowl: 1, 'dutch-oven': 1, oven: 1, pot: 1, wok: 1 },
      category: { 'main-course': 1, noodles: 1, salad: 1 },
    });
    const none = await list('?facets=cuisine&ingredients=unobtainium');
    expect(none.body.facets).toEqual({ cuisine: {} });
  });

  it('leaves the answer as it was without facets, and ignores a repeated facet name', async () => {
    expect((await list('?cuisine=thai')).body.facets).toBeUndefined();
    expect((await list('?facets=course,course')).body.facets).toEqual({ course: { dinner: 2, lunch: 1, 'main-course': 1, 'side-dish': 2 } });
  });

  it('answers 400 listing the accepted names for an unknown facet, and for an empty list', async () => {
    await expect400('?facets=cuisine,colour', "Unknown facet 'colour'. The accepted facets are cuisine, course, diet, language, category, equipment.");
    expect((await list('?facets=')).body.error.code).toBe('INVALID_LIST');
    expect((await list('?facets=cuisine,,diet')).body.error.code).toBe('INVALID_LIST');
  });
});
