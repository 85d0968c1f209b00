/** GET /pantry over HTTP (createApp with the fixture engine): shape, order and the SPEC errors. */
import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});

describe('GET /pantry', () => {
  it('answers the full recipes plus coverage, matchedIngredients and missingIngredients, best covered first', async () => {
    const r = await get(f, '/pantry?ingredients=rice,garlic', key);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body.pagination).toEqual({ limit: 4, offset: 0, total: 4 });
    const summary = r.body.recipes.map((x: any) => [x.title, x.coverage, x.matchedIngredients, x.missingIngredients]);
    expect(summary).toEqual([
      ['Plain rice', 1, ['rice'], []],
      ['Chicken rice', 0.6667, ['rice', 'garlic'], ['chicken']],
      ['Peanut noodles', 0.5, ['garlic'], ['peanut']],
      ['Tomato salad', 0.3333, ['garlic'], ['tomato', 'olive oil']],
    ]);
    // Every recipe is the stored record, unchanged, with the three fields appended.
    for (const x of r.body.recipes) {
      const { coverage, matchedIngredients, missingIngredients, ...recipe } = x;
      expect(recipe).toEqual(f.engine.record(f.engine.docById(x.id)!));
      expect(Object.keys(x).slice(-3)).toEqual(['coverage', 'matchedIngredients', 'missingIngredients']);
    }
  });

  it('pages with limit and offset and reports how many the response holds', async () => {
    const r = await get(f, '/pantry?ingredients=rice,garlic&limit=3&offset=2', key);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 2, total: 4 });
    expect(r.body.recipes.map((x: any) => x.title)).toEqual(['Peanut noodles', 'Tomato salad']);
  });

  it('returns what can be cooked now with maxMissing=0, and the other language on request', async () => {
    expect((await get(f, '/pantry?ingredients=rice,garlic&maxMissing=0', key)).body.recipes.map((x: any) => x.title)).toEqual(['Plain rice']);
    const sv = await get(f, '/pantry?ingredients=chicken%20thigh&language=sv', key);
    expect(sv.body.recipes.map((x: any) => [x.title, x.coverage, x.missingIngredients])).toEqual([['Kycklinggryta', 1, []]]);
  });

  it('answers 200 with total 0 for a pantry of unknown names', async () => {
    const r = await get(f, '/pantry?ingredients=unobtainium', key);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pagination: { limit: 0, offset: 0, total: 0 }, recipes: [] });
  });

  it('answers 400 with the exact SPEC messages', async () => {
    const cases: [string, string][] = [
      ['/pantry', "The 'ingredients' parameter is required. Send the ingredients you have, such as 'chicken,rice'."],
      ['/pantry?ingredients=rice&maxMissing=21', "The 'maxMissing' parameter must be a whole number between 0 and 20. Send how many ingredients you are willing to shop for, such as 1."],
      ['/pantry?ingredients=rice&limit=0', "The 'limit' parameter must be a whole number of at least 1; got '0'."],
      ['/pantry?ingredients=rice&language=eng', "The 'language' parameter must be a two-letter code such as 'en' or 'sv'; got 'eng'."],
    ];
    for (const [path, message] of cases) {
      const r = await get(f, path, key);
      expect(r.status, path).toBe(400);
      expect(r.body.error.message, path).toBe(message);
    }
    expect((await get(f, '/pantry?ingredients=rice&sort=new', key)).body.error.code).toBe('UNKNOWN_PARAMETER');
  });

  it('asks for a key like every other endpoint', async () => {
    expect((await get(f, '/pantry?ingredients=rice')).status).toBe(401);
  });
});
