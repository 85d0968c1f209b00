import { describe, expect, it } from 'vitest';
import { equipmentFromInstructions, mapEquipment } from '../../../../build/normalize/vocab.ts';

describe('mapEquipment', () => {
  it('ignores sizes, counts and adjectives around a known name', () => {
    expect(mapEquipment(['1 9-inch springform pan'])).toEqual(['springform-pan']);
    expect(mapEquipment(['large skillet', '12 inch cast iron skillet'])).toEqual(['skillet']);
    expect(mapEquipment(['1 measuring cup'])).toEqual(['measuring-cups']);
  });
  it('maps names in other languages and Chinese names inside longer phrases', () => {
    expect(mapEquipment(['Backofen'], 'de')).toEqual(['oven']);
    expect(mapEquipment(['1 four'], 'fr')).toEqual(['oven']);
    expect(mapEquipment(['ugn'], 'sv')).toEqual(['oven']);
    expect(mapEquipment(['1 个空气炸锅', '不粘平底锅'], 'zh')).toEqual(['air-fryer', 'skillet']);
  });
  it('keeps every alternative and cuts purpose clauses', () => {
    expect(mapEquipment(['stand mixer or electric hand mixer'])).toEqual(['stand-mixer', 'hand-mixer']);
    expect(mapEquipment(['1 rubber spatula for scraping down the sides of the bowl'])).toEqual(['spatula']);
  });
  it('returns nothing for serving ware and non-equipment', () => {
    expect(mapEquipment(['salad bowl', 'cooking spray', 'my book'])).toEqual([]);
  });
});

describe('equipmentFromInstructions', () => {
  it("finds 'preheat the oven' but not 'ovenproof'", () => {
    expect(equipmentFromInstructions(['Preheat the oven to 180 °C.'], 'en')).toEqual(['oven']);
    expect(equipmentFromInstructions(['Transfer to an ovenproof platter.'], 'en')).toEqual([]);
  });
  it('takes the longest phrase, so a dutch oven is not also an oven', () => {
    expect(equipmentFromInstructions(['Heat oil in a Dutch oven.'], 'en')).toEqual(['dutch-oven']);
  });
  it('does not read generic words or verbs as equipment in text', () => {
    expect(equipmentFromInstructions(['Whisk the eggs, then add to the pot.', 'Add four eggs.'], 'en')).toEqual([]);
  });
  it('uses the recipe language: German Backofen, Chinese 烤箱 and 平底锅', () => {
    expect(equipmentFromInstructions(['Den Backofen auf 180 Grad vorheizen.'], 'de')).toEqual(['oven']);
    expect(equipmentFromInstructions(['烤箱预热到180度，平底锅中放油'], 'zh')).toEqual(['oven', 'skillet']);
  });
});
