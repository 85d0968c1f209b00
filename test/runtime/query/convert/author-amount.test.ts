import { describe, expect, it } from 'vitest';
import type { Ingredient, Quantity } from '../../../../runtime/format/recipe.ts';
import { authorAmount } from '../../../../runtime/query/convert/author-amount.ts';
import type { UnitSystem } from '../../../../runtime/query/convert/units.ts';

const ing = (display: string, quantity: Quantity, note?: string): Ingredient => ({ display, name: 'x', optional: false, quantity, ...(note === undefined ? {} : { note }) });
const taken = (i: Ingredient, system: UnitSystem) => {
  const a = authorAmount(i, system);
  return a === undefined ? undefined : [`${a.amount.qualifier ?? ''}${a.amount.qualifier ? ' ' : ''}${a.amount.text} ${a.amount.unit}`, a.display];
};

describe('authorAmount', () => {
  it('takes the note’s amount of the target system for a quantity that would be converted', () => {
    expect(taken(ing('2 cups (300 g) flour', { unit: 'cup', value: 2 }, '300 g'), 'metric')).toEqual(['300 g', '2 cups flour']);
    expect(taken(ing('1 cup (240 ml) milk', { unit: 'cup', value: 1 }, '240 ml'), 'metric')).toEqual(['240 ml', '1 cup milk']);
    expect(taken(ing('250g (8¾ oz) broccoli', { unit: 'g', value: 250 }, '8 3/4 oz'), 'us')).toEqual(['8 3/4 oz', '250g broccoli']);
    expect(taken(ing('2 cups (480 ml) milk, scalded', { unit: 'cup', value: 2 }, '480 ml; scalded'), 'metric')).toEqual(['480 ml', '2 cups milk, scalded']);
  });

  it('takes nothing for a quantity already of the target system, or never converted', () => {
    expect(taken(ing('1 dl (100 g) milk', { unit: 'dl', value: 1 }, '100 g'), 'metric')).toBeUndefined();
    expect(taken(ing('2 cups (300 g) flour', { unit: 'cup', value: 2 }, '300 g'), 'us')).toBeUndefined();
    expect(taken(ing('2 tbsp (30 ml) oil', { unit: 'tbsp', value: 2 }, '30 ml'), 'metric')).toBeUndefined();
    expect(taken(ing('1 can (400 g) tomatoes', { unit: 'can', value: 1 }, '400 g'), 'us')).toBeUndefined();
  });

  it('prefers a unit of the target system alone to a spoon, and takes spoons in US units only', () => {
    expect(taken(ing('60 ml (4 tbsp/1/4 cup) milk', { unit: 'ml', value: 60 }, '4 tbsp/1/4 cup'), 'us')).toEqual(['1/4 cup', '60 ml milk']);
    expect(taken(ing('8g salt (1 1/2 tsp)', { unit: 'g', value: 8 }, '1 1/2 tsp'), 'us')).toEqual(['1 1/2 tsp', '8g salt']);
    expect(taken(ing('2 ounces (4 tablespoons) goat cheese', { unit: 'oz', value: 2 }, '4 tablespoons'), 'metric')).toBeUndefined();
  });

  it('takes the amount of the target system out of a group of amounts in either order', () => {
    expect(taken(ing('1 cup (4 ounces/120 grams) sugar', { unit: 'cup', value: 1 }, '4 ounces/120 grams'), 'metric')).toEqual(['120 g', '1 cup sugar']);
    expect(taken(ing('¼ cup (4g/¼ oz) mint leaves', { unit: 'cup', value: 0.25 }, '4g/1/4 oz'), 'metric')).toEqual(['4 g', '¼ cup mint leaves']);
  });

  it('keeps a qualifier, unless the line already qualifies its first amount', () => {
    expect(taken(ing('1 pound (about 500 g) ground beef', { unit: 'lb', value: 1 }, 'about 500 g'), 'metric')).toEqual(['about 500 g', '1 pound ground beef']);
    expect(taken(ing('~800g (~1.5lb) potatoes', { unit: 'g', value: 800 }, '~1.5lb'), 'us')).toEqual(['1.5 lb', '~800g potatoes']);
  });

  it('refuses an amount that does not agree with the quantity: a part, another ingredient or a mistake', () => {
    expect(taken(ing('1/4 cup (180ml) water', { unit: 'cup', value: 0.25 }, '180ml'), 'metric')).toBeUndefined();
    expect(taken(ing('1 1/4 oz (7g) packet gelatin', { unit: 'oz', value: 1.25 }, '7g; packet'), 'metric')).toBeUndefined();
    expect(taken(ing('1 cup (900 g) honey', { unit: 'cup', value: 1 }, '900 g'), 'metric')).toBeUndefined();
    expect(taken(ing('1¾ oz/50g bread, or 1 zucchini (½ lb/220g)', { unit: 'oz', value: 1.75 }, '1/2 lb/220g; 50g'), 'metric')).toEqual(['50 g', '1¾ oz bread, or 1 zucchini (½ lb/220g)']);
  });

  it('refuses a note that is not one amount, or an amount not written in the line as an equivalent', () => {
    expect(taken(ing('1 egg yolk beaten with 1 Tbsp water', { unit: 'cup', value: 0.0625 }, 'beaten with 1 Tbsp water'), 'us')).toBeUndefined();
    expect(taken(ing('1/4 cup plus 1 tablespoon (75 ml) coconut milk', { unit: 'cup', value: 0.25 }, '75 ml'), 'metric')).toBeUndefined();
    expect(taken(ing('2 cups flour', { unit: 'cup', value: 2 }, '300 g'), 'metric')).toBeUndefined();
  });
});
