import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../build/normalize/dates.ts';
import { parseDuration } from '../../../build/normalize/durations.ts';
import { base32, recipeId } from '../../../build/normalize/id.ts';
import { flattenInstructions } from '../../../build/normalize/instructions.ts';
import { parseAmount, toNutrition } from '../../../build/normalize/nutrition.ts';
import { parseServings } from '../../../build/normalize/servings.ts';

describe('recipeId', () => {
  it('encodes RFC 4648 base32 in lower case without padding', () => {
    expect(base32(new TextEncoder().encode('foobar'))).toBe('mzxw6ytboi');
  });
  it('is 13 characters of the hash of source:key and stable', () => {
    expect(recipeId('a', 'b')).toBe(recipeId('a', 'b'));
    expect(recipeId('a', 'b')).not.toBe(recipeId('a', 'c'));
    expect(recipeId('a', 'b')).toHaveLength(13);
  });
});

describe('parseDuration', () => {
  it.each([
    ['PT1H30M', 5400],
    ['P0DT0H20M', 1200],
    ['PT45S', 45],
    ['20 min', 1200],
    ['1 hr 15 mins', 4500],
    ['ca. 1 Stunde', 3600],
    ['ca. 2 ½ Stunden inkl. Gehzeit', 9000],
    ['25 Minuten + 20 Minuten Marinierzeit', 2700],
    ['ca. 40–45 Minuten', 2700],
    ['30 分钟', 1800],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
  it('gives undefined for text without a duration and for zero', () => {
    expect(parseDuration('Depends')).toBeUndefined();
    expect(parseDuration('PT0M')).toBeUndefined();
  });
});

describe('nutrition', () => {
  it('reads amounts with decimal commas and units', () => {
    expect(parseAmount('1,2 g')).toEqual({ unit: 'g', value: 1.2 });
    expect(parseAmount('250kcal')).toEqual({ unit: 'kcal', value: 250 });
  });
  it('keeps sodium in grams as published and cholesterol in mg', () => {
    expect(toNutrition({ sodiumContent: '1.2 g', cholesterolContent: '30 mg' }, { basis: 'serving' })).toEqual({
      basis: { type: 'serving' },
      source: 'provided',
      sodium: { unit: 'g', value: 1.2 },
      cholesterol: { unit: 'mg', value: 30 },
    });
  });
  it('converts kilojoules to kcal and omits unparseable nutrients', () => {
    expect(toNutrition({ calories: '1000 kJ', fatContent: 'n/a' })).toEqual({ source: 'provided', calories: { unit: 'kcal', value: 239 } });
  });
});

describe('parseServings', () => {
  it('reads a range with its original text', () => {
    expect(parseServings('4-6 servings')).toEqual({ quantity: 4, max: 6, original: '4-6 servings' });
    expect(parseServings(['8', '8 servings'])).toEqual({ quantity: 8, original: '8' });
    expect(parseServings('2–3 Portionen')).toEqual({ quantity: 2, max: 3, original: '2–3 Portionen' });
  });
  it('does not read a weight as a number of servings', () => {
    expect(parseServings('500 g Hähnchenbrust')).toEqual({ quantity: 1, original: '' });
  });
});

describe('flattenInstructions', () => {
  it('reads a schema.org HowToSection into flat steps', () => {
    expect(
      flattenInstructions([
        { '@type': 'HowToSection', name: 'Dough', itemListElement: [{ '@type': 'HowToStep', text: 'Mix.' }, { '@type': 'HowToStep', text: 'Knead.' }] },
        { '@type': 'HowToSection', name: 'Bake', itemListElement: { '@type': 'HowToStep', text: 'Bake.' } },
      ]),
    ).toEqual(['Mix.', 'Knead.', 'Bake.']);
  });
  it('splits an HTML block into paragraphs and list items', () => {
    expect(flattenInstructions('<ol><li>One &amp; two</li><li>Three</li></ol>')).toEqual(['One & two', 'Three']);
  });
});

describe('toIsoDate', () => {
  it.each([
    ['2022-12-01', '2022-12-01T00:00:00.000Z'],
    ['2022-12-01T13:30:00+00:00', '2022-12-01T13:30:00.000Z'],
    ['2022-12-01T13:30:00', '2022-12-01T13:30:00.000Z'],
    ['2021/01/19', '2021-01-19T00:00:00.000Z'],
    ['Jun 16, 2023', '2023-06-16T00:00:00.000Z'],
    ['7 January 2020', '2020-01-07T00:00:00.000Z'],
    ['1832', '1832-01-01T00:00:00.000Z'],
  ])('reads %s as UTC', (text, iso) => {
    expect(toIsoDate(text)).toBe(iso);
  });
  it('refuses ambiguous forms', () => {
    expect(toIsoDate('03/04/2021')).toBeUndefined();
  });
});
