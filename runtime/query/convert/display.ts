/**
 * The ingredient line rewritten for an adjusted quantity: its first amount (and, for a weight or
 * volume, the unit word after it) replaced, the rest of the line as written. "1 1/2 cups flour,
 * sifted" at double servings reads "3 cups flour, sifted"; "水 120ml" in US units "水 1/2 cup". A
 * line without a written amount ("Pinch of salt") is rebuilt from the parsed parts: amount, unit,
 * name, preparation. Only the first amount is rewritten: a second one later in the line ("1
 * cup/120 grams", "750g (1 lb 10 oz)") stays as written.
 */
import type { Ingredient } from '../../format/recipe.ts';
import type { AdjustedQuantity } from './quantity.ts';
import { RANGE, VULGAR } from './written-amount.ts';

/** The first amount, not starting inside a number ("1.5" is one amount, "x2" may be one). */
const FIRST_AMOUNT = new RegExp(String.raw`(?<![\d.,/⁄${VULGAR}])${RANGE}`, 'u');
/**
 * The unit word right after the amount: "cups", "lb.", "el", "fl. oz", "g" in "200g", the CJK and
 * Cyrillic metric words ("120毫升", "200 г"). Scripts are limited so "120ml水" keeps its "水".
 */
const UNIT_WORD = /^\s*(?:fl\.?\s?oz\.?|fluid\s+ounces?|\p{Script=Latin}+\.?|\p{Script=Cyrillic}+\.?|\p{Script=Greek}+\.?|毫升|千克|公斤|克|升)/u;

/** Where the line's first amount is: `[start, end)`, and `unitEnd` past a unit word after it. */
export function firstAmount(line: string): { start: number; end: number; unitEnd: number } | undefined {
  const m = FIRST_AMOUNT.exec(line);
  if (m === null) return undefined;
  const end = m.index + m[0].length;
  return { start: m.index, end, unitEnd: end + (UNIT_WORD.exec(line.slice(end))?.[0].length ?? 0) };
}

export function rewriteDisplay(ingredient: Ingredient, adjusted: AdjustedQuantity): string {
  const line = ingredient.display;
  const at = firstAmount(line);
  if (at === undefined) {
    const unit = adjusted.unitLabel === '' ? '' : ` ${adjusted.unitLabel}`;
    const prep = ingredient.preparation === undefined ? '' : `, ${ingredient.preparation}`;
    return `${adjusted.amount}${unit} ${ingredient.name}${prep}`;
  }
  const before = line.slice(0, at.start);
  let amount = adjusted.amount;
  // The written unit word goes only for a weight or volume ("2 cloves" keeps "cloves").
  const after = line.slice(adjusted.isMeasure ? at.unitEnd : at.end);
  if (adjusted.isMeasure) {
    amount = `${amount} ${adjusted.unitLabel}`;
    // A word straight after the new unit gets a space ("200g" was glued; "200 g" is not).
    if (after !== '' && /^[\p{L}\p{N}]/u.test(after)) amount += ' ';
  }
  return `${before}${amount}${after}`;
}
