/**
 * The one name normaliser shared by the build (catalog name table, compiler) and the runtime
 * (user input in `ingredients`, `excludeIngredients`, `equipment`, GET /pantry): the catalog file
 * stores names normalised by this function and the runtime looks input up normalised by the same
 * function, so there is exactly one implementation (build/catalog/normalize-name.ts only memoises
 * it). Pure, no I/O.
 *
 * Steps: the text folding that search uses too (normalizeText, FORMAT.md § 13: invisible
 * characters, NFKC, lower case, Latin accents, ß/æ/œ/ø/ł/đ/ı/þ/ð, apostrophes); then runs of
 * spaces, hyphens and underscores become one hyphen, and punctuation at either end is removed.
 * Nothing else: no stemming, no plural folding, no word reordering.
 */
import { normalizeSpelling, normalizeText } from './text/normalize.ts';

const SEPARATORS = /[\s\-_\u2010-\u2015\u00a0\u3000]+/gu;
const EDGE_PUNCTUATION = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;

export function normalizeName(s: string): string {
  return normalizeText(s).replace(SEPARATORS, '-').replace(EDGE_PUNCTUATION, '');
}

/**
 * The name's spelling key: normalizeName without folding ß æ œ ø ł đ ı þ ð (normalizeSpelling).
 * Its normalizeName is the name key; it differs from it only when the name holds such a letter.
 * Lookups try it first, so `røg` finds the entry spelled `røg` before one spelled `rog`.
 */
export function spellingKey(s: string): string {
  return normalizeSpelling(s).replace(SEPARATORS, '-').replace(EDGE_PUNCTUATION, '');
}
