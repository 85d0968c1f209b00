/**
 * The one text folding (FORMAT.md § 13), for every place that compares text: search terms (the
 * index compiler, build/write/search/, and the query parser, runtime/query/search/) and names
 * (normalizeName: the catalog's name table, ingredient and equipment filters, GET /pantry). One
 * function, so that a name the filters match is also found by search and the other way round.
 *
 * Steps: invisible format characters dropped (soft hyphen U+00AD as in "Peter\u00adsilie",
 * zero-width space U+200B, word joiner U+2060, BOM U+FEFF); NFKC (full-width → ASCII, ligatures
 * split, compatibility forms unified); lower case; Latin accents folded (NFD, drop U+0300–U+036F,
 * so crêpe = crepe, Äpfel = apfel; Japanese dakuten are not in that block and survive); the
 * letters without a decomposition folded by hand (ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ → d,
 * ı → i, þ → th, ð → d); apostrophes dropped so that "confectioners'" and "don't" stay one word.
 * Nothing else: no stemming, no plural folding. Changing a step changes the dataset: rebuild.
 */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;
const COMBINING_LATIN_MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['\u2019\u2018`\u00b4]/g;
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i', þ: 'th', ð: 'd' };
const FOLDABLE = /[ßæœøłđıþð]/g;

/** ASCII only: every normalisation form leaves it unchanged. */
const ASCII = /^[\x00-\x7f]*$/;

export function normalizeText(s: string): string {
  // Fast path (same result): NFKC/NFD/NFC are the identity on ASCII, and no invisible or folded letter is ASCII.
  if (ASCII.test(s)) return s.toLowerCase().replace(APOSTROPHES, '');
  return withoutAccents(s).replace(FOLDABLE, (c) => LETTER_FOLDS[c] ?? c).replace(APOSTROPHES, '');
}

/**
 * Every step but the hand-folded letters (ß æ œ ø ł đ ı þ ð stay): the spelling that tells apart
 * two real names of different languages which normalizeText folds alike (Danish `røg`, smoke, and
 * Afrikaans `rog`, rye; Polish `łubin`, lupin, and Croatian `lubin`, sea bass). Used only to
 * break such ties in name lookups (FORMAT.md § 10); search never sees it.
 */
export function normalizeSpelling(s: string): string {
  if (ASCII.test(s)) return s.toLowerCase().replace(APOSTROPHES, '');
  return withoutAccents(s).replace(APOSTROPHES, '');
}

function withoutAccents(s: string): string {
  return s.replace(INVISIBLE, '').normalize('NFKC').toLowerCase().normalize('NFD').replace(COMBINING_LATIN_MARKS, '').normalize('NFC');
}
