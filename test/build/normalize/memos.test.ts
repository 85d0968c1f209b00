/**
 * Memoised normalisers (durations, nutrition amounts): a text seen before gives what it gave the
 * first time, and nothing a recipe gets is shared with another recipe.
 */
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../build/normalize/durations.ts';
import { toNutrition } from '../../../build/normalize/nutrition.ts';
import { flattenInstructions, type StepText } from '../../../build/normalize/instructions.ts';
import { equipmentFromInstructions } from '../../../build/normalize/vocab.ts';

describe('memoised normalisers', () => {
  it('parseDuration: the same seconds for a text every time, unknown ones included', () => {
    const texts = ['PT20M', '  ', '', 'PT0M', '1 hr 15 mins', 'Depends', ' PT1H ', 'PT', '30 分钟'];
    const first = texts.map(parseDuration);
    expect(first).toEqual([1200, undefined, undefined, undefined, 4500, undefined, 3600, undefined, 1800]);
    for (let i = 0; i < 3; i++) expect(texts.map(parseDuration)).toEqual(first);
  });

  it('toNutrition: equal amounts for equal texts, in objects of each recipe’s own', () => {
    const raw = { calories: '250 kcal', fatContent: '12 g', sodiumContent: '300 mg', proteinContent: '1,200 mg' };
    const a = toNutrition(raw);
    const b = toNutrition(raw);
    expect(b).toEqual(a);
    expect(a).toEqual({ source: 'provided', calories: { unit: 'kcal', value: 250 }, fat: { unit: 'g', value: 12 }, protein: { unit: 'g', value: 1.2 }, sodium: { unit: 'mg', value: 300 } });
    a.calories!.value = 1;
    expect(toNutrition(raw).calories).toEqual({ unit: 'kcal', value: 250 });
    expect(b.calories).not.toBe(a.calories);
  });

  it('equipment from steps: what a step gives is remembered with its memoised text, per phrase set, and is the same', () => {
    const raw = [
      { '@type': 'HowToStep', text: 'Preheat the oven. Grease a baking sheet and a skillet.' },
      'Whisk in a large bowl, then use the oven again.',
      { '@type': 'HowToStep', text: '  ', name: 'Heat a wok and the skillet.' },
    ];
    const plain = flattenInstructions(raw);
    const expected = equipmentFromInstructions(plain, 'en');
    expect(expected.length).toBeGreaterThan(1);
    for (let k = 0; k < 3; k++) {
      const entries: (StepText | undefined)[] = [];
      const steps = flattenInstructions(raw, entries);
      expect(steps).toEqual(plain);
      expect(entries.map((e) => e?.text)).toEqual(plain);
      expect(equipmentFromInstructions(steps, 'en', entries)).toEqual(expected);
      // Another language's phrase set over the same memoised steps: computed for it, not read from the slot.
      expect(equipmentFromInstructions(steps, 'de', entries)).toEqual(equipmentFromInstructions(plain, 'de'));
    }
    // A text block's lines have no memoised entry.
    const entries: (StepText | undefined)[] = [];
    expect(flattenInstructions('Preheat the oven.\nUse a wok.', entries)).toEqual(['Preheat the oven.', 'Use a wok.']);
    expect(entries).toEqual([undefined, undefined]);
  });
});
