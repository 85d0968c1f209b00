/**
 * The author's own amount in a unit system: when a line gives a second, equivalent amount ("2 cups
 * (300 g) flour", "250g (8¾ oz) broccoli"), the parser keeps it in `note` ("300 g"; "1 cup (4
 * ounces/120 grams) sugar" → "4 ounces/120 grams"). The author measured it, so `units` takes it in
 * place of a conversion (README § GET /recipes/{id}). Rule, in order:
 * 1. Only a quantity `units` would convert: a weight or volume not already of the target system.
 * 2. Candidates: the parts of `note` (split at ';', then at a '/' that does not sit in a fraction)
 *    that read as exactly one amount of a weight or volume of the target system ("3.4 oz each",
 *    "beaten with 1 tbsp water", "1 lb 2 oz" are not one amount).
 *    A qualifier goes with it ("about 500 g", "scant 1 cup": printed as such).
 * 3. Spoons (tsp, tbsp: both systems) count only in `us`, after its other units: "8g salt (1 1/2
 *    tsp)" is 1 1/2 tsp there, but a metric kitchen weighs "2 ounces (4 tablespoons) goat cheese"
 *    (57 g). Then the first written.
 * 4. It must agree with the quantity: the same kind within a factor of AGREE, a weight against a
 *    volume at GRAMS_PER_ML (bonito flakes to honey); otherwise it measures something else.
 * 5. It must be written in `display` after the first amount, not added to it ("1/4 cup plus 1
 *    tablespoon (75 ml)", "1/2 cup syrup + 1 tbsp") nor an alternative ("... or 1 tbsp").
 * The line is then rewritten without it (second-amount.ts), so the amount is printed once.
 */
import type { Ingredient } from '../../format/recipe.ts';
import { MEASURES, type UnitSystem } from './units.ts';
import { firstAmount } from './display.ts';
import { QUALIFIER_BEFORE, withoutAmount } from './second-amount.ts';
import { readAmount, type WrittenAmount } from './written-amount.ts';

/** How far two amounts of one kind may differ and still be one amount written twice (authors round: 1 lb ≈ 500 g). */
const AGREE = 1.5;
/** Densities a weight and a volume of one ingredient may imply, g/ml: bonito flakes weigh about 0.04, honey 1.4. */
const GRAMS_PER_ML: readonly [number, number] = [0.03, 2];

/** A '/' between two amounts, not the one of a fraction ("4 ounces/120 grams", "4g/1/4 oz"). */
const SLASH = /(?<![\d\s])\s*\/\s*/u;

export interface AuthorAmount {
  amount: WrittenAmount;
  /** `display` without that amount, to be rewritten to it. */
  display: string;
}

export function authorAmount(ingredient: Ingredient, system: UnitSystem): AuthorAmount | undefined {
  const q = ingredient.quantity;
  const measure = q === undefined ? undefined : MEASURES[q.unit];
  if (q === undefined || measure === undefined || measure.systems.includes(system) || ingredient.note === undefined) return undefined;
  const inSystem = ingredient.note
    .split(';')
    .flatMap((part) => part.split(SLASH))
    .map(readAmount)
    .filter((a): a is WrittenAmount => a !== undefined && MEASURES[a.unit]!.systems.includes(system));
  const spoon = (a: WrittenAmount) => MEASURES[a.unit]!.systems.length > 1;
  const ordered = [...inSystem.filter((a) => !spoon(a)), ...(system === 'us' ? inSystem.filter(spoon) : [])];
  const first = firstAmount(ingredient.display);
  // "~800g (~1.5lb)": the line's own qualifier before its first amount stays, and is not doubled.
  const qualified = first !== undefined && QUALIFIER_BEFORE.test(ingredient.display.slice(0, first.start));
  for (const amount of ordered) {
    if (!agrees(q.value * measure.size, measure.kind, amount)) continue;
    const display = withoutAmount(ingredient.display, first?.unitEnd ?? 0, amount);
    if (display === undefined) continue;
    const { qualifier: _, ...exact } = amount;
    return { amount: qualified ? exact : amount, display };
  }
  return undefined;
}

function agrees(base: number, kind: string, a: WrittenAmount): boolean {
  const other = MEASURES[a.unit]!;
  const ratio = (a.value * other.size) / base;
  if (other.kind === kind) return ratio <= AGREE && ratio >= 1 / AGREE;
  const density = kind === 'volume' ? ratio : 1 / ratio;
  return density >= GRAMS_PER_ML[0] && density <= GRAMS_PER_ML[1];
}
