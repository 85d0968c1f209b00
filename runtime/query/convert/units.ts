/**
 * The measures the API converts between (`units=metric|us`): each canonical unit symbol of
 * `Quantity.unit` (runtime/format/recipe.ts) that is a weight or a volume, with its size in grams
 * or millilitres and the system a cook reads it in. Any other unit (counts, cloves, pinches,
 * cans, ...) is never converted, only scaled.
 *
 * US customary sizes (the cup is the US cup, 236.6 ml); tsp and tbsp are both systems' spoons
 * (5 and 15 ml in metric kitchens, 4.9 and 14.8 ml in US ones): a metric cook measures them as
 * they are, so `units=metric` keeps them.
 */

export type Kind = 'mass' | 'volume';
export type UnitSystem = 'metric' | 'us';

export interface Measure {
  kind: Kind;
  /** Grams (mass) or millilitres (volume) in one unit. */
  size: number;
  /** The systems a cook reads this unit in; a unit of the target system is kept as written. */
  systems: readonly UnitSystem[];
}

const METRIC = ['metric'] as const;
const US = ['us'] as const;
const BOTH = ['metric', 'us'] as const;

export const TSP_ML = 4.92892159375;
export const TBSP_ML = 3 * TSP_ML;
export const CUP_ML = 16 * TBSP_ML;
export const FL_OZ_ML = 2 * TBSP_ML;
export const OZ_G = 28.349523125;
export const LB_G = 16 * OZ_G;

export const MEASURES: Readonly<Record<string, Measure>> = {
  mg: { kind: 'mass', size: 0.001, systems: METRIC },
  g: { kind: 'mass', size: 1, systems: METRIC },
  dkg: { kind: 'mass', size: 10, systems: METRIC },
  kg: { kind: 'mass', size: 1000, systems: METRIC },
  oz: { kind: 'mass', size: OZ_G, systems: US },
  lb: { kind: 'mass', size: LB_G, systems: US },
  ml: { kind: 'volume', size: 1, systems: METRIC },
  cl: { kind: 'volume', size: 10, systems: METRIC },
  dl: { kind: 'volume', size: 100, systems: METRIC },
  l: { kind: 'volume', size: 1000, systems: METRIC },
  tsp: { kind: 'volume', size: TSP_ML, systems: BOTH },
  tbsp: { kind: 'volume', size: TBSP_ML, systems: BOTH },
  cup: { kind: 'volume', size: CUP_ML, systems: US },
  'fl oz': { kind: 'volume', size: FL_OZ_ML, systems: US },
  pint: { kind: 'volume', size: 2 * CUP_ML, systems: US },
  quart: { kind: 'volume', size: 4 * CUP_ML, systems: US },
  gallon: { kind: 'volume', size: 16 * CUP_ML, systems: US },
};

export const UNIT_SYSTEMS: readonly UnitSystem[] = ['metric', 'us'];

/** The unit a converted amount is written in: the largest of the system's ladder it reaches. */
export function pickUnit(kind: Kind, system: UnitSystem, base: number): string {
  if (system === 'metric') {
    if (kind === 'mass') return base >= 1000 ? 'kg' : 'g';
    return base >= 1000 ? 'l' : 'ml';
  }
  if (kind === 'mass') return base >= LB_G ? 'lb' : 'oz';
  // Below a tablespoon in teaspoons, below a quarter cup in tablespoons, then cups.
  if (base < TBSP_ML) return 'tsp';
  if (base < CUP_ML / 4) return 'tbsp';
  return 'cup';
}
