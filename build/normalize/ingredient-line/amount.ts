/** Reads "amount + unit" groups: the leading amount of a line, and amounts in notes or after a name. */
import type { Quantity } from '../../../runtime/format/recipe.ts';
import { readAmount } from './numbers.ts';
import { matchUnitAt, UNIT_QUALIFIERS } from './units.ts';

export interface QuantityMatch {
  quantity: Quantity;
  /** Characters consumed. */
  length: number;
  /** Words read between amount and unit ("heaped", "large"), for the note. */
  qualifier?: string;
}

const QUALIFIER_RE = new RegExp(
  // An abbreviated qualifier may carry its dot ("1 kl. Bund", "1 gestr. TL").
  `^(${[...UNIT_QUALIFIERS].sort((a, b) => b.length - a.length).join('|')})\\.?\\s+`,
  'iu',
);

/** Amount, optional qualifier word, optional unit. "dozen" multiplies into a bare count. */
export function readQuantity(text: string, language: string): QuantityMatch | undefined {
  const amount = readAmount(text, language);
  if (!amount) return undefined;
  let pos = amount.length;
  let gap = /^[\s-]*/u.exec(text.slice(pos))?.[0].length ?? 0;
  let qualifier: string | undefined;
  const q = QUALIFIER_RE.exec(text.slice(pos + gap));
  if (q?.[1] && matchUnitAt(text.slice(pos + gap + q[0].length))) {
    qualifier = q[1];
    gap += q[0].length;
  }
  const unit = matchUnitAt(text.slice(pos + gap));
  const quantity: Quantity = { unit: '', value: amount.value };
  if (amount.max !== undefined) quantity.max = amount.max;
  if (unit) {
    pos += gap + unit.length;
    if (unit.unit === 'dozen') {
      quantity.value *= 12;
      if (quantity.max !== undefined) quantity.max *= 12;
    } else {
      quantity.unit = unit.unit;
    }
    // "6g - 8g", "10ml – 15ml": a range with the unit written at both ends.
    const range = /^\s*[-–—~～]\s*/u.exec(text.slice(pos));
    const high = range && quantity.max === undefined ? readAmount(text.slice(pos + range[0].length), language) : undefined;
    if (range && high && high.max === undefined && high.value > quantity.value) {
      const end = pos + range[0].length + high.length;
      const gap2 = /^\s*/u.exec(text.slice(end))?.[0].length ?? 0;
      const unit2 = matchUnitAt(text.slice(end + gap2));
      // Not inches: '9"-9 1/2"-diameter' is a size, and a quote may close a quotation.
      if (unit2 && unit2.unit === unit.unit && unit.unit !== 'inch') {
        quantity.max = high.value * (unit.unit === 'dozen' ? 12 : 1);
        pos = end + gap2 + unit2.length;
      }
    }
  } else if (qualifier) {
    qualifier = undefined;
  }
  const result: QuantityMatch = { quantity, length: pos };
  if (qualifier) result.qualifier = qualifier;
  return result;
}

/** Units that name a container or a piece; a size amount before them is a description ("1 (28-ounce) can"). */
export const CONTAINER_UNITS = new Set([
  'can', 'jar', 'bottle', 'package', 'container', 'box', 'bag', 'stick', 'piece', 'slice', 'head', 'bunch', 'stalk',
  'loaf', 'bar', 'tube', 'envelope', 'punnet', 'sleeve', 'bulb', 'strip', 'square', 'knob',
]);
