import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversionDensity, densitiesByFood, median, roundDensity, type TandoorConversion } from '../../../build/catalog/tandoor-density.ts';
import { readTandoor } from '../../../build/catalog/tandoor-reader.ts';
import { loadCatalog } from '../../../build/normalize/catalog.ts';

const DATASET = path.resolve(import.meta.dirname, '../../../dataset');

/** Rows as Open Tandoor Data publishes them (data/conversion/base/data.json, commit 3ba9dc4). */
const ROWS: Record<string, TandoorConversion> = {
  'conversion-flour-wheat-all-purpose': { food: 'food-flour-wheat-all-purpose', base_amount: 0.25, base_unit: 'unit-c', converted_amount: 30, converted_unit: 'unit-g' },
  'conversion-butter': { food: 'food-butter-unsalted', base_amount: 4, base_unit: 'unit-oz', converted_amount: 8, converted_unit: 'unit-tbsp' },
  'conversion-sugar-cup-g': { food: 'food-sugars', base_amount: 1, base_unit: 'unit-c', converted_amount: 188, converted_unit: 'unit-g' },
  'conversion-salt-tsp-g': { food: 'food-salt', base_amount: 1, base_unit: 'unit-tsp', converted_amount: 6.1, converted_unit: 'unit-g' },
  'conversion-tahini': { food: 'food-tahini', base_amount: 80, base_unit: 'unit-g', converted_amount: 0.25, converted_unit: 'unit-c' },
  'conversion-bananas': { food: 'food-banana', base_amount: 1, base_unit: 'unit-c', converted_amount: 5.3, converted_unit: 'unit-oz' },
  'conversion-banana': { food: 'food-banana', base_amount: 1, base_unit: 'unit-pcs', converted_amount: 114.5, converted_unit: 'unit-g' },
  'conversion-butter-unsalted-stick': { food: 'food-butter-unsalted', base_amount: 1, base_unit: 'unit-butter-stick', converted_amount: 8, converted_unit: 'unit-tbsp' },
  'conversion-ketchup': { food: 'food-ketchup', base_amount: 24, base_unit: 'unit-oz', converted_amount: 40, converted_unit: 'unit-tbsp' },
};
const density = (id: string) => roundDensity(conversionDensity(ROWS[id]!)!);

describe('conversionDensity', () => {
  it('gives grams per millilitre of a volume → weight row: 1/4 cup flour = 30 g, 1 cup sugar = 188 g, 1 tsp salt = 6.1 g', () => {
    expect(density('conversion-flour-wheat-all-purpose')).toBe(0.507); // 120 g per US cup
    expect(density('conversion-sugar-cup-g')).toBe(0.795);
    expect(density('conversion-salt-tsp-g')).toBe(1.238);
  });

  it('reads a weight → volume row the other way round: 4 oz butter = 8 tbsp, 80 g tahini = 1/4 cup', () => {
    expect(density('conversion-butter')).toBe(0.959); // 113.4 g in 118.3 ml
    expect(density('conversion-tahini')).toBe(1.353);
    expect(density('conversion-ketchup')).toBe(1.15);
  });

  it('gives none for a piece, a stick or a row between two volumes', () => {
    expect(conversionDensity(ROWS['conversion-banana']!)).toBeUndefined();
    expect(conversionDensity(ROWS['conversion-butter-unsalted-stick']!)).toBeUndefined();
    expect(conversionDensity({ food: 'food-x', base_amount: 1, base_unit: 'unit-c', converted_amount: 16, converted_unit: 'unit-tbsp' })).toBeUndefined();
    expect(conversionDensity({ food: 'food-x', base_amount: 1, base_unit: 'unit-kg', converted_amount: 1000, converted_unit: 'unit-g' })).toBeUndefined();
    expect(conversionDensity({ food: 'food-x', base_amount: 0, base_unit: 'unit-c', converted_amount: 100, converted_unit: 'unit-g' })).toBeUndefined();
  });
});

describe('densitiesByFood', () => {
  it('collects each food’s weight↔volume densities by Tandoor food id and skips the rest', () => {
    const byFood = densitiesByFood(ROWS);
    expect([...byFood.keys()].sort()).toEqual(['food-banana', 'food-butter-unsalted', 'food-flour-wheat-all-purpose', 'food-ketchup', 'food-salt', 'food-sugars', 'food-tahini']);
    expect(byFood.get('food-banana')!.map(roundDensity)).toEqual([0.635]);
    expect(byFood.get('food-butter-unsalted')!.map(roundDensity)).toEqual([0.959]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([1.2])).toBe(1.2);
    expect(median([0.568, 1.238, 1.136])).toBe(1.136);
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });
});

describe('densities of the real catalog', () => {
  it('reads a density for every Tandoor food with a weight↔volume conversion', () => {
    const foods = readTandoor(DATASET);
    const of = (key: string) => foods.find((f) => f.key === key)?.densities?.map(roundDensity);
    expect(of('flour-wheat-all-purpose')).toEqual([0.507]);
    expect(of('butter-unsalted')).toEqual([0.959]);
    expect(of('sugars')).toEqual([0.795]);
    expect(of('salt')).toEqual([1.238]);
    expect(of('banana')).toEqual([0.635]);
    expect(of('garlic-raw')).toBeUndefined();
    expect(foods.filter((f) => f.densities).length).toBe(136);
  });

  it('stores on each entry the median of the Tandoor foods merged into it (nine salts: 1.136, not table salt’s 1.238)', () => {
    const catalog = loadCatalog(DATASET);
    expect(catalog.get('flour')?.gramsPerMl).toBe(0.507);
    expect(catalog.get('butter')?.gramsPerMl).toBe(0.959);
    expect(catalog.get('sugar')?.gramsPerMl).toBe(0.795);
    expect(catalog.get('salt')?.gramsPerMl).toBe(1.136);
    expect(catalog.get('milk')?.gramsPerMl).toBeUndefined();
    expect(catalog.entries.filter((e) => e.gramsPerMl !== undefined).length).toBeGreaterThanOrEqual(120);
  });
});
