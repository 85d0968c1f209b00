// STUB — owned by the ingredient-line-parser helper; replace wholesale.
import type { Ingredient } from '../../runtime/format/recipe.ts';

export type ParsedLine = Omit<Ingredient, 'id'>;

/** Parses one ingredient line as written ("1 1/2 cups flour, sifted") into its parts. */
export function parseIngredientLine(line: string, _language?: string): ParsedLine {
  const display = line.trim();
  return { display, name: display, optional: false };
}
