/**
 * The one name normaliser shared by the build (catalog name table, compiler) and the runtime
 * (user input in `ingredients`, `excludeIngredients`, GET /pantry): the catalog file stores names
 * normalised by this function and the runtime looks input up normalised by the same function,
 * so there is exactly one implementation (build/catalog/normalize-name.ts only memoises it).
 * Pure, no I/O.
 *
 * Steps: invisible format characters dropped (soft hyphen U+00AD as in "Peter\u00adsilie", zero-width space U+200B,
 * word joiner U+2060, BOM U+FEFF); NFKC; lower case; Latin accents folded (only U+0300–U+036F are dropped, so Japanese
 * dakuten and other scripts' marks survive); ß → ss; apostrophes dropped ("confectioners' sugar");
 * runs of spaces, hyphens and underscores become one hyphen; punctuation at either end removed.
 * Nothing else: no stemming, no plural folding, no word reordering.
 */
const COMBINING_LATIN_MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['\u2019\u2018`\u00b4]/g;
const SEPARATORS = /[\s\-_\u2010-\u2015\u00a0\u3000]+/gu;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

export function normalizeName(s: string): string {
  // Printable ASCII is unchanged by NFKC/NFD: skip the Unicode passes (most names).
  const unicode = PRINTABLE_ASCII.test(s) ? s.toLowerCase() : foldUnicode(s);
  return unicode.replace(APOSTROPHES, '').replace(SEPARATORS, '-').replace(EDGE_PUNCTUATION, '');
}

function foldUnicode(s: string): string {
  return s
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_LATIN_MARKS, '')
    .normalize('NFC')
    .replace(/ß/g, 'ss');
}
