/**
 * GET /recipes/{id}?units= over the REAL compiled dataset: US volumes of ingredients whose catalog
 * entry knows a density (Open Tandoor Data) are weighed in metric (issue 22, item 5).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { realApp } from '../../../helpers/real-app.ts';

let t: Awaited<ReturnType<typeof realApp>>;
beforeAll(async () => {
  t = await realApp();
});

/** Apple Cider Doughnuts (serves 10) and a brownie recipe (serves 24), as published. */
const DOUGHNUTS = 'd256xclpahv4h';
const BROWNIES = 'bzkchksd3qws3';

interface Line {
  display: string;
  adjustedDisplay: string;
  id?: string;
  quantity?: { unit: string; value: number };
}
async function lines(path: string): Promise<Map<string, Line>> {
  const r = await t.get(path);
  expect(r.status).toBe(200);
  return new Map((r.body.ingredients as Line[]).map((i) => [i.display, i]));
}
const rewritten = (m: Map<string, Line>, display: string) => [m.get(display)?.adjustedDisplay, m.get(display)?.quantity];

describe('GET /recipes/{id}?units=metric on real recipes', () => {
  it('weighs cups of flour, sugar and butter by their catalog densities (120 g a cup of flour)', async () => {
    const doughnuts = await lines(`/recipes/${DOUGHNUTS}?units=metric`);
    expect(rewritten(doughnuts, '2¼ cups all-purpose flour')).toEqual(['270 g all-purpose flour', { unit: 'g', value: 270 }]);
    expect(rewritten(doughnuts, '1½ cups sugar, divided')).toEqual(['280 g sugar, divided', { unit: 'g', value: 280 }]);
    const brownies = await lines(`/recipes/${BROWNIES}?units=metric`);
    expect(rewritten(brownies, '1 1/4 cup all-purpose flour')).toEqual(['150 g all-purpose flour', { unit: 'g', value: 150 }]);
    expect(rewritten(brownies, '3/4 cup butter or margarine')).toEqual(['170 g butter or margarine', { unit: 'g', value: 170 }]);
    expect(rewritten(brownies, '1 cup granulated sugar')).toEqual(['190 g granulated sugar', { unit: 'g', value: 190 }]);
  });

  it('keeps millilitres where no density is known, and spoons as spoons', async () => {
    const doughnuts = await lines(`/recipes/${DOUGHNUTS}?units=metric`);
    expect(rewritten(doughnuts, '⅔ cup sour cream')).toEqual(['160 ml sour cream', { unit: 'ml', value: 160 }]);
    expect(rewritten(doughnuts, '4 cups apple cider*')).toEqual(['945 ml apple cider*', { unit: 'ml', value: 945 }]);
    expect(rewritten(doughnuts, '2 tablespoons unsalted butter, softened')).toEqual(['2 tablespoons unsalted butter, softened', { unit: 'tbsp', value: 2 }]);
    expect(rewritten(doughnuts, '½ teaspoon kosher salt')).toEqual(['½ teaspoon kosher salt', { unit: 'tsp', value: 0.5 }]);
  });

  it('scales first, then weighs: twice the doughnuts take 540 g of flour', async () => {
    const doughnuts = await lines(`/recipes/${DOUGHNUTS}?servings=20&units=metric`);
    expect(rewritten(doughnuts, '2¼ cups all-purpose flour')).toEqual(['540 g all-purpose flour', { unit: 'g', value: 540 }]);
  });

  it('keeps cups in US units, and the stored bytes without units', async () => {
    const us = await lines(`/recipes/${DOUGHNUTS}?units=us`);
    expect(rewritten(us, '2¼ cups all-purpose flour')).toEqual(['2¼ cups all-purpose flour', { unit: 'cup', value: 2.25 }]);
    const res = await t.app.request(`/recipes/${DOUGHNUTS}`, { headers: { Authorization: `Bearer ${t.key}` } });
    expect(await res.text()).toBe(new TextDecoder().decode(t.engine.recordJson(t.engine.docById(DOUGHNUTS)!)));
  });

  it('still answers a bad units value with 400 INVALID_UNITS naming the parameter', async () => {
    const r = await t.get(`/recipes/${DOUGHNUTS}?units=imperial`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_UNITS');
    expect(r.body.error.message).toContain('units');
  });
});
