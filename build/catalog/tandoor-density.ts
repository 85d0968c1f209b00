/**
 * Densities (grams per millilitre) from Open Tandoor Data's food-specific unit conversions
 * ("1 cup flour = 120 g", "4 oz butter = 8 tbsp"): each conversion between a weight and a volume
 * gives one density for its food. Conversions to or from a piece, can or stick, and between two
 * weights or two volumes, give none. Pure: tandoor-reader.ts reads the rows.
 */
import { MEASURES } from '../../runtime/query/convert/units.ts';

export interface TandoorConversion {
  food: string;
  base_amount: number;
  base_unit: string;
  converted_amount: number;
  converted_unit: string;
}

/** Tandoor's unit ids (data/unit/base) → our unit symbols (runtime/query/convert/units.ts). */
const UNITS: Readonly<Record<string, string>> = {
  'unit-g': 'g', 'unit-kg': 'kg', 'unit-oz': 'oz', 'unit-lbs': 'lb',
  'unit-ml': 'ml', 'unit-l': 'l', 'unit-c': 'cup', 'unit-tbsp': 'tbsp', 'unit-tsp': 'tsp', 'unit-floz': 'fl oz',
};

/** Grams per millilitre of one conversion, or undefined when it is not between a weight and a volume. */
export function conversionDensity(c: TandoorConversion): number | undefined {
  const a = MEASURES[UNITS[c.base_unit] ?? ''];
  const b = MEASURES[UNITS[c.converted_unit] ?? ''];
  if (!a || !b || a.kind === b.kind || !(c.base_amount > 0) || !(c.converted_amount > 0)) return undefined;
  const [mass, volume] = a.kind === 'mass' ? [c.base_amount * a.size, c.converted_amount * b.size] : [c.converted_amount * b.size, c.base_amount * a.size];
  return mass / volume;
}

/**
 * The median: the middle value, or the mean of the two middle ones. Several Tandoor foods can
 * land in one catalog entry (salted and unsalted pecans in `pecans`); their densities can
 * disagree (table salt 1.24, flaky sea salt 1.14), and the median takes the typical one without
 * letting one odd row (a brand's coarse flakes) pull it.
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A density as stored in the catalog: 3 decimals (0.1 % of water; the sources give 2-3 digits). */
export function roundDensity(gramsPerMl: number): number {
  return Math.round(gramsPerMl * 1000) / 1000;
}

/** Tandoor food id ('food-butter-unsalted') → the densities of its conversions, in conversion-id order. */
export function densitiesByFood(conversions: Readonly<Record<string, TandoorConversion>>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const id of Object.keys(conversions).sort()) {
    const c = conversions[id]!;
    const d = conversionDensity(c);
    if (d === undefined) continue;
    out.set(c.food, [...(out.get(c.food) ?? []), d]);
  }
  return out;
}
