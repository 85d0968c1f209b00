/**
 * recipeYield → servings. "4-6 servings" → {quantity: 4, max: 6, original: '4-6 servings'};
 * "8" → {quantity: 8, original: '8'}. The first value that holds a number wins.
 * Unknown servings are {quantity: 1, original: ''}: the field is required, 1 is the neutral
 * multiplier for per-recipe maths, and the empty `original` tells clients nothing was published.
 */

export interface Servings {
  quantity: number;
  max?: number;
  original: string;
}

export const UNKNOWN_SERVINGS: Servings = { quantity: 1, original: '' };

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75 };
const NUMBER = String.raw`(\d+(?:[.,]\d+)?)\s*([½¼¾])?`;
const RANGE = new RegExp(String.raw`${NUMBER}(?:\s*(?:-|–|—|~|to|bis|à|a|or|oder|–)\s*${NUMBER})?`, 'u');

function num(digits: string | undefined, fraction: string | undefined): number {
  return parseFloat((digits ?? '0').replace(',', '.')) + (fraction ? (FRACTIONS[fraction] ?? 0) : 0);
}

export function parseServings(raw: unknown): Servings {
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => typeof v === 'string' || typeof v === 'number');
  for (const value of values) {
    const original = String(value).replace(/\s+/g, ' ').trim();
    const m = RANGE.exec(original);
    if (!m) continue;
    const quantity = num(m[1], m[2]);
    // "500 g Hähnchenbrust" is a yield by weight, not a number of servings.
    const rest = original.slice((m.index ?? 0) + m[0].length);
    if (!(quantity > 0) || /^\s*(g|kg|ml|l|cl|oz|lbs?|grams?|gramm|grammes?|kilos?|kilograms?|milliliters?|millilitres?|liters?|litres?|ounces?|pounds?)\b/i.test(rest)) continue;
    const servings: Servings = { quantity, original };
    if (m[3] !== undefined) {
      const max = num(m[3], m[4]);
      if (max > quantity) servings.max = max;
    }
    return servings;
  }
  return { ...UNKNOWN_SERVINGS };
}
