import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';
import { COURSES, CUISINES, DIETS } from '../../../../runtime/format/vocabulary.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});

describe('GET /vocabularies', () => {
  it("serves course, diet and cuisine exactly as SPEC.md lists them, data vocabularies and every preset's rule", async () => {
    const r = await get(f, '/vocabularies', key);
    expect(r.status).toBe(200);
    expect(r.body.course).toEqual([...COURSES]);
    expect(r.body.course).toHaveLength(10);
    expect(r.body.diet).toEqual([...DIETS]);
    expect(r.body.cuisine).toEqual([...CUISINES]);
    expect(r.body.cuisine).toHaveLength(55);
    expect(r.body.equipment).toContainEqual({ slug: 'wok', recipeCount: 1 });
    expect(r.body.language).toContainEqual({ code: 'sv', recipeCount: 1 });
    expect(r.body.presets.nutrition.map((p: { name: string }) => p.name)).toEqual(['high-fiber', 'high-protein', 'low-calorie', 'low-sodium']);
    expect(r.body.presets.time).toContainEqual({ name: 'under-15', field: 'totalTime', op: 'le', bound: 899, unit: 'seconds', description: 'total time strictly below 15 minutes' });
  });
});
