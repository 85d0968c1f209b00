import { describe, expect, it } from 'vitest';
import type { Ingredient, Quantity } from '../../../../runtime/format/recipe.ts';
import { rewriteDisplay } from '../../../../runtime/query/convert/display.ts';
import { adjustQuantity } from '../../../../runtime/query/convert/quantity.ts';
import type { UnitSystem } from '../../../../runtime/query/convert/units.ts';

function line(display: string, quantity: Quantity, factor: number, units?: UnitSystem, extra: Partial<Ingredient> = {}): string {
  const ingredient: Ingredient = { display, name: 'x', optional: false, quantity, ...extra };
  const adjusted = adjustQuantity(quantity, factor, units);
  if (adjusted === undefined) throw new Error('unchanged');
  return rewriteDisplay(ingredient, adjusted);
}

describe('rewriteDisplay', () => {
  it('replaces the leading amount and keeps the rest of the line as written', () => {
    expect(line('1 1/2 cups flour, sifted', { unit: 'cup', value: 1.5 }, 2)).toBe('3 cups flour, sifted');
    expect(line('4 large eggs', { unit: '', value: 4 }, 0.5)).toBe('2 large eggs');
    expect(line('8 sprigs fresh dill', { unit: 'sprig', value: 8 }, 0.5)).toBe('4 sprigs fresh dill');
  });

  it('replaces the written unit word of a weight or volume with the converted unit', () => {
    expect(line('1 1/2 c. granulated sugar', { unit: 'cup', value: 1.5 }, 1, 'metric')).toBe('355 ml granulated sugar');
    expect(line('½ Cup Butter', { unit: 'cup', value: 0.5 }, 1, 'metric')).toBe('120 ml Butter');
    expect(line('200g flour', { unit: 'g', value: 200 }, 1, 'us')).toBe('7 oz flour');
    expect(line('2 fl. oz cream', { unit: 'fl oz', value: 2 }, 1, 'metric')).toBe('59 ml cream');
  });

  it('replaces a whole first amount written with a spaced or spelled-out fraction, not only its whole number', () => {
    expect(line('2 ½ cups bread flour', { unit: 'cup', value: 2.5 }, 2)).toBe('5 cups bread flour');
    expect(line('1 and 1/2 teaspoons ground cinnamon', { unit: 'tsp', value: 1.5 }, 2)).toBe('3 tsp ground cinnamon');
    expect(line('3⁄4 cup milk', { unit: 'cup', value: 0.75 }, 2)).toBe('1 1/2 cups milk');
  });

  it('rewrites a range as a range in one unit', () => {
    expect(line('6–8 green cardamom seeds, crushed', { unit: '', value: 6, max: 8 }, 2)).toBe('12-16 green cardamom seeds, crushed');
    expect(line('½ - 1 teaspoon chili flakes', { unit: 'tsp', value: 0.5, max: 1 }, 2)).toBe('1-2 tsp chili flakes');
  });

  it('finds the amount after the name, as Chinese lines write it, and keeps a glued unit glued', () => {
    expect(line('水 120ml', { unit: 'ml', value: 120 }, 1, 'us')).toBe('水 1/2 cup');
    expect(line('红茶 8g（CTC 红茶最佳）', { unit: 'g', value: 8 }, 2)).toBe('红茶 16 g（CTC 红茶最佳）');
    expect(line('生抽 1.5汤匙', { unit: '汤匙', value: 1.5 }, 2)).toBe('生抽 3汤匙');
  });

  it('rebuilds a line without a written amount from its parts', () => {
    expect(line('Pinch of kosher salt', { unit: 'pinch', value: 1 }, 2, undefined, { name: 'kosher salt' })).toBe('2 pinches kosher salt');
  });

  it('leaves a second amount later in the line as written', () => {
    expect(line('1 cup/120 grams flour', { unit: 'cup', value: 1 }, 2)).toBe('2 cups/120 grams flour');
  });
});
