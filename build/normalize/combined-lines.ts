/**
 * A line that holds two ingredients with an amount each, joined by a plus sign ("1 tablespoon
 * cornstarch + 1 tablespoon cold water", "8 cups chicken broth + 2 cups water") is two lines: as
 * one, its name reads "cornstarch + 1 tablespoon cold water" and matches only the first.
 * Split only when every part starts with an amount and names a catalog ingredient of its own, so
 * that "1/4 cup plus 2 tbsp sugar" (one amount in two measures) and "15 g gehobelt + 1 EL frisch
 * gerieben Parmesan" (one name after two amounts) stay whole.
 */

const PLUS = /\s\+\s/;
const STARTS_WITH_AMOUNT = /^[\d½¼¾⅓⅔⅛⅜⅝⅞]/u;

/** The parts of `line` (the line alone when it is no such pair); `idOf` gives a part's catalog id. */
export function splitCombinedLine(line: string, idOf: (part: string) => string | undefined): string[] {
  if (!PLUS.test(line)) return [line];
  const parts = line.split(PLUS).map((p) => p.trim());
  if (parts.some((p) => !STARTS_WITH_AMOUNT.test(p) || idOf(p) === undefined)) return [line];
  return parts;
}
