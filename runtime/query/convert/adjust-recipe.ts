/**
 * GET /recipes/{id}?servings=&units=: a recipe with every quantity scaled from its servings and
 * converted to a unit system. Pure (no I/O, no node:), so the offline client answers the same.
 *
 * Each ingredient keeps `display` as written and gains `adjustedDisplay`, the line rewritten for
 * the adjusted amount (equal to `display` when its amount did not change: no amount, a factor of
 * 1 in the same system, or a unit that is never converted). `quantity` holds the adjusted amount.
 * `servings` becomes `{quantity: n, original}`: the published text stays, a range's `max` goes.
 * `text.ingredients` stays the published lines; nutrition stays per serving as published.
 * With `units`, a second amount the author gave in that system wins over a conversion
 * (author-amount.ts): "2 cups (300 g) flour" in metric is "300 g flour".
 */
import { apiError } from '../../errors.ts';
import type { Ingredient, Recipe } from '../../format/recipe.ts';
import { authorAmount } from './author-amount.ts';
import { rewriteDisplay } from './display.ts';
import { adjustQuantity, asWritten } from './quantity.ts';
import type { UnitSystem } from './units.ts';

export interface Adjustment {
  /** Servings to scale to; absent = as published. */
  servings?: number;
  /** Unit system to convert weights and volumes to; absent = as published. */
  units?: UnitSystem;
}

/** Grams per millilitre of a catalog ingredient (CatalogEntry.gramsPerMl), undefined when unknown. */
export type DensityOf = (id: string) => number | undefined;

export type AdjustedIngredient = Ingredient & { adjustedDisplay: string };
export type AdjustedRecipe = Omit<Recipe, 'ingredients'> & { ingredients: AdjustedIngredient[] };

/** Whether the recipe says how many it serves (the build writes `original: ''` when it does not). */
export function hasServings(recipe: Recipe): boolean {
  return recipe.servings.original !== '';
}

/**
 * The recipe adjusted; `servings` on a recipe without servings → 400 SERVINGS_UNKNOWN.
 * `densityOf` lets `units=metric` weigh a US volume of an ingredient of known density.
 */
export function adjustRecipe(recipe: Recipe, adjustment: Adjustment, densityOf: DensityOf = () => undefined): AdjustedRecipe {
  const { servings, units } = adjustment;
  if (servings !== undefined && !hasServings(recipe)) throw apiError('SERVINGS_UNKNOWN');
  const factor = servings === undefined ? 1 : servings / recipe.servings.quantity;
  const ingredients = recipe.ingredients.map((ingredient) => adjustIngredient(ingredient, factor, units, densityOf));
  const out: AdjustedRecipe = { ...recipe, ingredients };
  if (servings !== undefined) out.servings = { quantity: servings, original: recipe.servings.original };
  return out;
}

function adjustIngredient(ingredient: Ingredient, factor: number, units: UnitSystem | undefined, densityOf: DensityOf): AdjustedIngredient {
  const { display, ...rest } = ingredient;
  const author = units === undefined ? undefined : authorAmount(ingredient, units);
  if (author !== undefined) {
    // Its unit is of the target system: scaled and rounded in that unit, or as written at factor 1.
    const { qualifier } = author.amount;
    const exact = adjustQuantity(author.amount, factor, units) ?? asWritten(author.amount);
    const adjusted = qualifier === undefined ? exact : { ...exact, amount: `${qualifier}${qualifier === '~' ? '' : ' '}${exact.amount}` };
    return { display, adjustedDisplay: rewriteDisplay({ ...ingredient, display: author.display }, adjusted), ...rest, quantity: adjusted.quantity };
  }
  const { id } = ingredient;
  const density = id === undefined ? undefined : () => densityOf(id);
  const adjusted = ingredient.quantity === undefined ? undefined : adjustQuantity(ingredient.quantity, factor, units, density);
  if (adjusted === undefined) return { display, adjustedDisplay: display, ...rest };
  return { display, adjustedDisplay: rewriteDisplay(ingredient, adjusted), ...rest, quantity: adjusted.quantity };
}
