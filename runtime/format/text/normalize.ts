/**
 * Text normalisation for search, shared by the index compiler (build/write/search.ts) and the
 * query parser (runtime/query/search.ts): both must produce the same terms (FORMAT.md § 15).
 *
 * Steps: NFKC (full-width → ASCII, ligatures split, compatibility forms unified); lower case;
 * Latin accents folded (NFD, drop U+0300–U+036F, so crêpe = crepe, Äpfel = apfel; Japanese
 * dakuten are not in that block and survive); a few letters without a decomposition folded by
 * hand (ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ → d, ı → i); apostrophes dropped so that
 * "confectioners'" and "don't" stay one word.
 */
const COMBINING_LATIN_MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['\u2019\u2018`\u00b4]/g;
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i', þ: 'th', ð: 'd' };
const FOLDABLE = /[ßæœøłđıþð]/g;

/** ASCII only: every normalisation form leaves it unchanged. */
const ASCII = /^[\x00-\x7f]*$/;

export function normalizeText(s: string): string {
  // Fast path (same result): NFKC/NFD/NFC are the identity on ASCII and no folded letter is ASCII.
  if (ASCII.test(s)) return s.toLowerCase().replace(APOSTROPHES, '');
  return s
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_LATIN_MARKS, '')
    .normalize('NFC')
    .replace(FOLDABLE, (c) => LETTER_FOLDS[c] ?? c)
    .replace(APOSTROPHES, '');
}
