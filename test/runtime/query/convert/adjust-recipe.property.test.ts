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

  it('answers 400 SERVINGS_UNKNOWN for servings on a recipe that does not say how many it serves, but converts units', () => {
    const r = makeRecipe({ id: 'r1', ingredients: [{ display: '1 cup milk', name: 'milk', optional: false, quantity: { unit: 'cup', value: 1 } }] });
    expect(() => adjustRecipe(r, { servings: 2 })).toThrow(expect.objectContaining({ code: 'SERVINGS_UNKNOWN', status: 400 }));
    expect(adjustRecipe(r, { units: 'metric' }).ingredients[0]!.adjustedDisplay).toBe('235 ml milk');
  });
});
