import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});

describe('GET /ingredients', () => {
  it('lists canonical ingredients with ids, names and recipe counts, paged', async () => {
    const r = await get(f, '/ingredients?limit=2&offset=1', key);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 1, total: 7 });
    expect(r.body.ingredients[0]).toEqual({ id: 'chicken-thigh', name: 'chicken thigh', names: { en: ['chicken thigh', 'chicken thighs'] }, parent: 'chicken', recipeCount: 1 });
  });

  it('looks names up by prefix', async () => {
    const r = await get(f, '/ingredients?q=Chick', key);
    expect(r.body.ingredients.map((i: { id: string }) => i.id)).toEqual(['chicken', 'chicken-thigh']);
  });

  it('rejects an empty or over-long q', async () => {
    expect((await get(f, '/ingredients?q=', key)).status).toBe(400);
    expect((await get(f, `/ingredients?q=${'a'.repeat(81)}`, key)).status).toBe(400);
  });
});
