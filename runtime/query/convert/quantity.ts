/**
 * One quantity scaled by a factor and, on request, converted to a unit system, rounded for cooks.
 * Weights and volumes cross systems (g ↔ oz/lb, ml ↔ tsp/tbsp/cup); a unit already read in the
 * target system, and every other unit (counts, cloves, pinches, cans), keeps its unit. In metric,
 * a US volume (cup, fl oz, pint, quart, gallon) of an ingredient whose density is known is weighed
 * instead (g, kg): metric recipes weigh flour, sugar and butter. US keeps volumes and weights
 * apart, as US cooks measure flour in cups.
 */
import type { Quantity } from '../../format/recipe.ts';
import { roundForCooks, toValue } from './round.ts';
import { MEASURES, pickUnit, type UnitSystem } from './units.ts';
import type { WrittenAmount } from './written-amount.ts';

export interface AdjustedQuantity {
  quantity: Quantity;
  /** The amount as a cook reads it: "1 1/2", "250", "2-3". */
  amount: string;
  /** The unit as a cook reads it after that amount: "cups", "g", "pinches"; '' for a bare count. */
  unitLabel: string;
  /** Whether the unit is a weight or volume (its written word is replaced) or kept as written. */
  isMeasure: boolean;
}

/** Plurals of the unit symbols that take one; the others (g, ml, tbsp, oz, lb, fl oz, 个, ...) are invariant. */
const PLURALS: Readonly<Record<string, string>> = {
  cup: 'cups', pint: 'pints', quart: 'quarts', gallon: 'gallons', pinch: 'pinches', dash: 'dashes', drop: 'drops',
  clove: 'cloves', slice: 'slices', piece: 'pieces', can: 'cans', jar: 'jars', bottle: 'bottles', bag: 'bags',
  box: 'boxes', package: 'packages', container: 'containers', bunch: 'bunches', sprig: 'sprigs', stick: 'sticks',
  stalk: 'stalks', head: 'heads', handful: 'handfuls', leaf: 'leaves', sheet: 'sheets',
};

export function unitText(unit: string, value: number): string {
  return value > 1 ? (PLURALS[unit] ?? unit) : unit;
}

/**
 * `q` times `factor`, in `system` when given. Undefined when nothing changes (factor 1 and the
 * unit kept): the amount stays exactly as published, unrounded. `gramsPerMl` is asked only when
 * a volume would be converted to metric (so the catalog is read only then); undefined: unknown.
 */
export function adjustQuantity(q: Quantity, factor: number, system?: UnitSystem, gramsPerMl?: () => number | undefined): AdjustedQuantity | undefined {
  const measure = MEASURES[q.unit];
  const convert = system !== undefined && measure !== undefined && !measure.systems.includes(system);
  if (!convert && factor === 1) return undefined;
  let unit = q.unit;
  let scale = factor;
  if (convert) {
    const density = system === 'metric' && measure.kind === 'volume' ? gramsPerMl?.() : undefined;
    // Grams or millilitres (or grams for a weighed volume) per unit as written.
    const size = density === undefined ? measure.size : measure.size * density;
    // The unit is chosen by the lower end of a range so both ends are read in one unit.
    const base = q.value * factor * size;
    unit = pickUnit(density === undefined ? measure.kind : 'mass', system, base);
    scale = (factor * size) / MEASURES[unit]!.size;
  }
  const value = roundForCooks(q.value * scale, unit);
  const quantity: Quantity = { unit, value: value.value };
  let amount = value.text;
  if (q.max !== undefined) {
    const max = roundForCooks(q.max * scale, unit);
    if (max.value > value.value) {
      quantity.max = max.value;
      amount = `${value.text}-${max.text}`;
    }
  }
  return { quantity, amount, unitLabel: unitText(unit, quantity.max ?? quantity.value), isMeasure: measure !== undefined };
}

/**
 * An amount the author wrote, as written: its number text (a value of more than 3 decimals, as
 * "111.94029850746 g", is written rounded like every quantity) and its unit's label.
 */
export function asWritten(a: WrittenAmount): AdjustedQuantity {
  const quantity: Quantity = { unit: a.unit, value: toValue(a.value) };
  if (a.max !== undefined) quantity.max = toValue(a.max);
  const amount = /\d[.,]\d{4}/u.test(a.text) ? [quantity.value, quantity.max].filter((x) => x !== undefined).join('-') : a.text;
  return { quantity, amount, unitLabel: unitText(a.unit, quantity.max ?? quantity.value), isMeasure: true };
}
