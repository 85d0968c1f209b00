import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ingredient, Recipe } from '../../../../runtime/format/recipe.ts';
import { adjustRecipe } from '../../../../runtime/query/convert/adjust-recipe.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';

const UNITS = ['g', 'kg', 'ml', 'l', 'tsp', 'tbsp', 'cup', 'oz', 'lb', 'fl oz', '', 'clove', 'pinch'];
const ingredientArb: fc.Arbitrary<Ingredient> = fc
  .record({ unit: fc.constantFrom(...UNITS), value: fc.double({ min: 0.1, max: 2000, noNaN: true }), amount: fc.boolean(), name: fc.constantFrom('flour', 'milk', 'eggs') })
  .map(({ unit, value, amount, name }) => (amount ? { display: `${value} ${unit} ${name}`, name, optional: false, quantity: { unit, value } } : { display: `${name}, to taste`, name, optional: false }));
const recipeArb: fc.Arbitrary<Recipe> = fc
  .record({ ingredients: fc.array(ingredientArb, { maxLength: 8 }), serves: fc.integer({ min: 1, max: 12 }) })
  .map(({ ingredients, serves }) => makeRecipe({ id: 'r1', ingredients, servings: { quantity: serves, max: serves + 2, original: `${serves}-${serves + 2} servings` } }));
const unitsArb = fc.constantFrom(undefined, 'metric' as const, 'us' as const);

/**
 * Lines that give a second amount, "2 cups (300 g) flour" or "250 g/9 oz butter", with that amount
 * in `note` as the parser leaves it, and the plain oracle of the rule (README § GET /recipes/{id}).
 */
const SIZE: Record<string, number> = { g: 1, kg: 1000, ml: 1, l: 1000, oz: 28.349523125, lb: 453.59237, cup: 236.5882365, 'fl oz': 29.5735295625, tsp: 4.92892159375, tbsp: 14.78676478125 };
const MASS = new Set(['g', 'kg', 'oz', 'lb']);
const WORDS: Record<string, string[]> = { g: ['g', 'grams'], kg: ['kg'], ml: ['ml', 'mL'], l: ['l', 'litres'], oz: ['oz', 'ounces'], lb: ['lb', 'pounds'], cup: ['cup', 'cups'], 'fl oz': ['fl oz'], tsp: ['teaspoons', 'tsp'], tbsp: ['Tbsp', 'tablespoons'] };
const CONVERTED = { metric: ['cup', 'oz', 'lb', 'fl oz'], us: ['g', 'kg', 'ml', 'l'] };
const TARGET = { metric: ['g', 'kg', 'ml', 'l'], us: ['oz', 'lb', 'cup', 'fl oz', 'tsp', 'tbsp'] };
const twoAmountsArb = fc.constantFrom('metric' as const, 'us' as const).chain((system) => fc.record({
  system: fc.constant(system),
  a: fc.constantFrom(...CONVERTED[system]),
  b: fc.constantFrom(...TARGET[system]),
  aValue: fc.integer({ min: 1, max: 20 }),
  // How the second amount relates to the first: a factor on the same kind, grams per ml across kinds.
  ratio: fc.double({ min: 0.01, max: 4, noNaN: true }),
  words: fc.tuple(fc.nat(), fc.nat()),
  slash: fc.boolean(),
  servings: fc.constantFrom(undefined, 2, 4, 6, 10),
  name: fc.constantFrom('flour', 'whole milk', 'sugar'),
}));
/** Does the oracle take the second amount? Same kind within 1.5×; a weight against a volume at 0.03 to 2 g/ml; no spoon in metric. */
function oracleTakes(system: string, a: string, aValue: number, b: string, bValue: number): boolean {
  if (system === 'metric' && (b === 'tsp' || b === 'tbsp')) return false;
  const ratio = (bValue * SIZE[b]!) / (aValue * SIZE[a]!);
  if (MASS.has(a) === MASS.has(b)) return ratio >= 1 / 1.5 && ratio <= 1.5;
  const gramsPerMl = MASS.has(b) ? ratio : 1 / ratio;
  return gramsPerMl >= 0.03 && gramsPerMl <= 2;
}

describe('adjustRecipe', () => {
  it('scaling to the recipe’s own servings changes no quantity and no line', () => {
    fc.assert(fc.property(recipeArb, (r) => {
      const out = adjustRecipe(r, { servings: r.servings.quantity });
      expect(out.ingredients.map(({ adjustedDisplay, ...rest }) => [adjustedDisplay, rest])).toEqual(r.ingredients.map((i) => [i.display, i]));
    }));
  });

  it('keeps every field but the quantities, the added adjustedDisplay and the servings as published', () => {
    fc.assert(fc.property(recipeArb, fc.double({ min: 0.5, max: 100, noNaN: true }), unitsArb, (r, servings, units) => {
      const out = adjustRecipe(r, { servings, units });
      const { ingredients, servings: s, ...rest } = out;
      const { ingredients: before, servings: s0, ...restBefore } = r;
      expect(rest).toEqual(restBefore);
      expect(s).toEqual({ quantity: servings, original: s0.original });
      ingredients.forEach((i, k) => {
        const { adjustedDisplay, quantity, ...other } = i;
        const { quantity: q0, ...otherBefore } = before[k]!;
        expect(other).toEqual(otherBefore);
        expect(typeof adjustedDisplay).toBe('string');
        expect(quantity === undefined).toBe(q0 === undefined);
        if (q0 === undefined) expect(adjustedDisplay).toBe(i.display);
      });
    }));
  });

  it('puts adjustedDisplay right after display, so the answer reads like the stored record', () => {
    const r = makeRecipe({ id: 'r1', servings: { quantity: 2, original: '2' }, ingredients: [{ display: '1 cup milk', name: 'milk', optional: false, quantity: { unit: 'cup', value: 1 } }] });
    expect(Object.keys(adjustRecipe(r, { servings: 4 }).ingredients[0]!)).toEqual(['display', 'adjustedDisplay', 'name', 'optional', 'quantity']);
    expect(adjustRecipe(r, { servings: 4 }).ingredients[0]!.adjustedDisplay).toBe('2 cups milk');
  });

  it('weighs a US volume in metric by the density of the ingredient’s own id, and keeps millilitres where none is known', () => {
    const line = (display: string, name: string, value: number, id?: string): Ingredient => ({ display, name, optional: false, quantity: { unit: 'cup', value }, ...(id === undefined ? {} : { id }) });
    const r = makeRecipe({ id: 'r1', servings: { quantity: 4, original: '4' }, ingredients: [line('2 1/4 cups all-purpose flour', 'all-purpose flour', 2.25, 'flour'), line('1 cup milk', 'milk', 1, 'milk'), line('1 cup mystery flour', 'mystery flour', 1)] });
    const densities: Record<string, number> = { flour: 0.507 };
    const asked: string[] = [];
    const out = adjustRecipe(r, { units: 'metric' }, (id) => (asked.push(id), densities[id]));
    expect(out.ingredients.map((i) => [i.adjustedDisplay, i.quantity])).toEqual([
      ['270 g all-purpose flour', { unit: 'g', value: 270 }],
      ['235 ml milk', { unit: 'ml', value: 235 }],
      ['235 ml mystery flour', { unit: 'ml', value: 235 }],
    ]);
    expect(asked).toEqual(['flour', 'milk']);
    expect(adjustRecipe(r, { units: 'metric', servings: 8 }, (id) => densities[id]).ingredients[0]!.adjustedDisplay).toBe('540 g all-purpose flour');
    expect(adjustRecipe(r, { units: 'us' }, () => { throw new Error('US never weighs'); }).ingredients[0]!.adjustedDisplay).toBe('2 1/4 cups all-purpose flour');
  });

  it('with units, reads a second amount the author gave in that system, scaled in its own unit, and prints one amount', () => {
    fc.assert(fc.property(twoAmountsArb, ({ system, a, b, aValue, ratio, words, slash, servings, name }) => {
      const sameKind = MASS.has(a) === MASS.has(b);
      const base = aValue * SIZE[a]! * (sameKind ? ratio : MASS.has(b) ? ratio : 1 / ratio);
      const bValue = Math.max(1, Math.round(base / SIZE[b]!));
      const wordA = WORDS[a]![words[0] % WORDS[a]!.length]!;
      const wordB = WORDS[b]![words[1] % WORDS[b]!.length]!;
      const second = slash ? `/${bValue} ${wordB}` : ` (${bValue} ${wordB})`;
      const ingredient: Ingredient = { display: `${aValue} ${wordA}${second} ${name}`, name, optional: false, quantity: { unit: a, value: aValue }, note: `${bValue} ${wordB}` };
      const r = makeRecipe({ id: 'r1', servings: { quantity: 4, original: '4' }, ingredients: [ingredient] });
      const out = adjustRecipe(r, { units: system, servings }, () => 0.5).ingredients[0]!;
      const { note: _, ...plain } = ingredient;
      const withoutSecond = adjustRecipe({ ...r, ingredients: [plain] }, { units: system, servings }, () => 0.5).ingredients[0]!;
      if (!oracleTakes(system, a, aValue, b, bValue)) {
        expect(out.quantity).toEqual(withoutSecond.quantity);
        expect(out.adjustedDisplay).toContain(second.trim());
        return;
      }
      const factor = (servings ?? 4) / 4;
      const q = out.quantity!;
      expect(q.unit).toBe(b);
      if (factor === 1) expect(q.value).toBe(bValue);
      else expect(Math.abs(q.value - bValue * factor)).toBeLessThanOrEqual(Math.max(0.5, bValue * factor * 0.03));
      const label = b === 'cup' && q.value > 1 ? 'cups' : b;
      expect(out.adjustedDisplay).toMatch(new RegExp(`^[\\d /.]+ ${label} ${name}$`));
      if (factor === 1) expect(out.adjustedDisplay).toBe(`${bValue} ${label} ${name}`);
    }), { numRuns: 500 });
  });

  it('without units, leaves a second amount in the note unused and as written', () => {
    const ingredient: Ingredient = { display: '2 cups (300 g) flour', name: 'flour', optional: false, quantity: { unit: 'cup', value: 2 }, note: '300 g' };
    const r = makeRecipe({ id: 'r1', servings: { quantity: 4, original: '4' }, ingredients: [ingredient] });
    expect(adjustRecipe(r, { servings: 8 }).ingredients[0]).toMatchObject({ adjustedDisplay: '4 cups (300 g) flour', quantity: { unit: 'cup', value: 4 } });
    expect(adjustRecipe(r, { servings: 2 }).ingredients[0]).toMatchObject({ adjustedDisplay: '1 cup (300 g) flour', quantity: { unit: 'cup', value: 1 } });
  });

  it('answers 400 SERVINGS_UNKNOWN for servings on a recipe that does not say how many it serves, but converts units', () => {
    const r = makeRecipe({ id: 'r1', ingredients: [{ display: '1 cup milk', name: 'milk', optional: false, quantity: { unit: 'cup', value: 1 } }] });
    expect(() => adjustRecipe(r, { servings: 2 })).toThrow(expect.objectContaining({ code: 'SERVINGS_UNKNOWN', status: 400 }));
    expect(adjustRecipe(r, { units: 'metric' }).ingredients[0]!.adjustedDisplay).toBe('235 ml milk');
  });
});
