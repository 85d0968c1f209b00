/**
 * Section headers and notes that some sources publish among their ingredient lines
 * ("For the roasted parsnips:", "DIPPING SAUCE:", "FOR THE CUSTARD", "## SAUCE", "Ingredient info:
 * Mirin is available at Japanese markets."). They name no ingredient and no amount, so they are not
 * ingredient lines: the adapters that see them (epicurious, recipe-scrapers, public-domain-recipes)
 * drop them before the shared pipeline. They are dropped, not kept as notes: the Ingredient shape has
 * no section field, a header line carries nothing a cook needs once its lines follow it, and an
 * "Ingredient info" paragraph is shopping advice about other lines, not a line of the recipe.
 *
 * A line is a header when, trimmed, it
 *   - starts with "Ingredient info" (Epicurious' shopping notes), or with '#' (markdown headings);
 *   - ends with ':' ("For the glaze:", "Optional:", "Rub mixture all over, then cover and chill:");
 *   - is written in capitals and has no amount (no digit or fraction): "FOR THE SAUCE", "TO SERVE";
 *   - has no letter at all ("}", ":").
 * A line with an amount is always kept ("1:1:1* REGULAR SOY SAUCE").
 */
const AMOUNT = /[\d½¼¾⅓⅔⅛⅜⅝⅞]/u;

export function isIngredientHeader(line: string): boolean {
  const t = line.trim();
  if (t === '') return true;
  if (!/\p{L}/u.test(t)) return true;
  if (/^ingredient info\b/iu.test(t) || t.startsWith('#')) return true;
  if (AMOUNT.test(t)) return false;
  if (t.endsWith(':')) return true;
  return !/\p{Ll}/u.test(t) && /\p{Lu}.*\p{Lu}/u.test(t);
}

/** The ingredient lines without section headers and notes (see isIngredientHeader). */
export function withoutHeaders(lines: readonly string[]): string[] {
  // JSON-LD arrays sometimes hold null or objects: those are left for the shared pipeline to judge.
  return lines.filter((l) => typeof l !== 'string' || !isIngredientHeader(l));
}
