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

/** Pumpkin Pie I (serves 8), the burrito of "2 cups (300 g) flour" (serves 6), Kubaneh (serves 12), a minestrone (serves 4). */
const PUMPKIN_PIE = '2pyszawnm5rko';
const BURRITO = 'duwifspf2lu4i';
const KUBANEH = '4fst35ehsv7pc';
const MINESTRONE = '55lb7qgqc32xk';
const POPSICLES = 'ktd5li5qqzx3d';

describe('GET /recipes/{id}?units= takes the author’s own amount of the target system (real recipes)', () => {
  it('reads a cup line that gives its grams or millilitres as those, printed once', async () => {
    const burrito = await lines(`/recipes/${BURRITO}?units=metric`);
    expect(rewritten(burrito, '2 cups (300 g) all-purpose flour')).toEqual(['300 g all-purpose flour', { unit: 'g', value: 300 }]);
    expect(rewritten(burrito, '1 cup (240 ml) water')).toEqual(['240 ml water', { unit: 'ml', value: 240 }]);
    const pie = await lines(`/recipes/${PUMPKIN_PIE}?units=metric`);
    // Milk has a catalog density: the author's millilitres still win over a weighed 490 g.
    expect(rewritten(pie, '2 cups (480 ml) milk, scalded')).toEqual(['480 ml milk, scalded', { unit: 'ml', value: 480 }]);
    expect(rewritten(pie, '⅛ cup (30 g) sugar')).toEqual(['30 g sugar', { unit: 'g', value: 30 }]);
  });

  it('takes the metric one of several amounts in a group, and the US one the other way', async () => {
    const metric = await lines(`/recipes/${MINESTRONE}?units=metric`);
    expect(rewritten(metric, '6 cups (1.5 litres/50 fl oz) chicken or vegetable stock')).toEqual(['1.5 l chicken or vegetable stock', { unit: 'l', value: 1.5 }]);
    expect(rewritten(metric, '¼ cup (4g/¼ oz) mint leaves')).toEqual(['4 g mint leaves', { unit: 'g', value: 4 }]);
    const us = await lines(`/recipes/${MINESTRONE}?units=us`);
    expect(rewritten(us, '250g (8¾ oz) broccoli, cut into small florets')).toEqual(['8 3/4 oz broccoli, cut into small florets', { unit: 'oz', value: 8.75 }]);
  });

  it('in US units, takes the author’s spoons and cups for grams, qualifier included', async () => {
    const us = await lines(`/recipes/${KUBANEH}?units=us`);
    expect(rewritten(us, '8g salt (1 1/2 tsp)')).toEqual(['1 1/2 tsp salt', { unit: 'tsp', value: 1.5 }]);
    expect(rewritten(us, '100g bread flour (3/4 cup)')).toEqual(['3/4 cup bread flour', { unit: 'cup', value: 0.75 }]);
    expect(rewritten(us, '450g bread flour (scant 3 1/2 cups)')).toEqual(['scant 3 1/2 cups bread flour', { unit: 'cup', value: 3.5 }]);
    // No second amount: converted as before.
    expect(rewritten(us, '240g sweet stiff starter (from above)')).toEqual(['8 1/2 oz sweet stiff starter (from above)', { unit: 'oz', value: 8.5 }]);
  });

  it('scales the author’s amount by servings in its own unit', async () => {
    const burrito = await lines(`/recipes/${BURRITO}?units=metric&servings=12`);
    expect(rewritten(burrito, '2 cups (300 g) all-purpose flour')).toEqual(['600 g all-purpose flour', { unit: 'g', value: 600 }]);
    expect(rewritten(burrito, '2lbs (900 g) boneless chicken thighs')).toEqual(['1800 g boneless chicken thighs', { unit: 'g', value: 1800 }]);
    const us = await lines(`/recipes/${KUBANEH}?units=us&servings=6`);
    expect(rewritten(us, '8g salt (1 1/2 tsp)')).toEqual(['3/4 tsp salt', { unit: 'tsp', value: 0.75 }]);
  });

  it('converts as before where the second amount does not agree, is of the line’s own system, or units is absent', async () => {
    const popsicles = await lines(`/recipes/${POPSICLES}?units=metric`);
    expect(rewritten(popsicles, '1/4 cup (180ml) water')).toEqual(['59 ml (180ml) water', { unit: 'ml', value: 59 }]);
    const us = await lines(`/recipes/${BURRITO}?units=us`);
    expect(rewritten(us, '2 cups (300 g) all-purpose flour')).toEqual(['2 cups (300 g) all-purpose flour', { unit: 'cup', value: 2 }]);
    const scaled = await lines(`/recipes/${BURRITO}?servings=12`);
    expect(rewritten(scaled, '2 cups (300 g) all-purpose flour')).toEqual(['4 cups (300 g) all-purpose flour', { unit: 'cup', value: 4 }]);
    const res = await t.app.request(`/recipes/${BURRITO}`, { headers: { Authorization: `Bearer ${t.key}` } });
    expect(await res.text()).toBe(new TextDecoder().decode(t.engine.recordJson(t.engine.docById(BURRITO)!)));
  });

  it('moves the taken amount to the front without printing it twice, in place of the amount it replaces, on every real line', async () => {
    const { authorAmount } = await import('../../../../runtime/query/convert/author-amount.ts');
    const { AMOUNT_SOURCE, amountOf } = await import('../../../../runtime/query/convert/written-amount.ts');
    const amounts = (line: string) => [...line.matchAll(new RegExp(AMOUNT_SOURCE, 'giu'))].flatMap((m) => amountOf(m[1]!, m[2]!) ?? []).map((a) => `${Math.round(a.value * 1000) / 1000} ${a.unit}`);
    let taken = 0;
    for (const recipe of t.all.filter((r) => r.ingredients.some((i) => i.note !== undefined && /\d/.test(i.note)))) {
      for (const units of ['metric', 'us'] as const) {
        const used = recipe.ingredients.map((i) => authorAmount(i, units));
        if (used.every((u) => u === undefined)) continue;
        const m = await lines(`/recipes/${recipe.id}?units=${units}`);
        recipe.ingredients.forEach((i, k) => {
          const u = used[k];
          if (u === undefined) return;
          taken++;
          const line = m.get(i.display)!;
          const value = Math.round(u.amount.value * 1000) / 1000;
          const q = `${value} ${u.amount.unit}`;
          expect(line.quantity, i.display).toEqual({ unit: u.amount.unit, value, ...(u.amount.max === undefined ? {} : { max: u.amount.max }) });
          // The author's amount moved to the front (not printed twice), the amount it replaces gone once.
          const printed = amounts(line.adjustedDisplay);
          const written = amounts(i.display);
          const first = `${Math.round(i.quantity!.value * 1000) / 1000} ${i.quantity!.unit}`;
          const count = (list: string[], a: string) => list.filter((x) => x === a).length;
          const why = `${i.display} → ${line.adjustedDisplay}`;
          expect(printed[0], why).toBe(q);
          expect(count(printed, q), why).toBe(count(written, q));
          // (A first amount written "1-1/2 ounces" does not read as one: nothing of it to count.)
          expect(count(printed, first), why).toBe(Math.max(0, count(written, first) - 1));
        });
      }
    }
    expect(taken).toBeGreaterThan(500);
  });
});
