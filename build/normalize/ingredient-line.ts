/**
 * The ingredient line parser's public entry. The work lives in ./ingredient-line/
 * (parse.ts: the algorithm, amounts first; name.ts: the name, its preparations and notes; numbers.ts, units.ts,
 * markers.ts: grammar and word tables).
 */
import type { Ingredient } from '../../runtime/format/recipe.ts';
import { parseLine } from './ingredient-line/parse.ts';
import { cleanLine } from './ingredient-line/text.ts';

export type ParsedLine = Omit<Ingredient, 'id'>;

/**
 * Parses one ingredient line as written ("1 1/2 cups flour, sifted") into its parts.
 * Never throws: on any failure the name is the display line itself.
 * `language` (ISO 639-1, default 'en') enables English number words ("one", "a dozen").
 */
export function parseIngredientLine(line: string, language = 'en'): ParsedLine {
  try {
    return parseLine(line, language);
  } catch {
    let display = '';
    try {
      display = cleanLine(line);
    } catch {
      display = '';
    }
    return { display, name: display, optional: false };
  }
}
