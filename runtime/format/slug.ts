/**
 * The one slug rule, shared by the build (category slugs) and parameter validation (`category`,
 * `ingredient`): lowercase letters of any script, digits and single hyphens between them.
 * Letters stay as written, lower-cased: 'Süßspeisen & Desserts' → 'süßspeisen-desserts',
 * 'Tilbehør' → 'tilbehør', 'Выпечка' → 'выпечка', '和風' → '和風'. No accent is folded: folding is
 * language-specific ('ü' is 'ue' in German, 'ø' has no decomposition, 'ß' none either), and a
 * half-folded slug ('sußspeisen') is one nobody would type. Combining marks stay inside their
 * word (Devanagari vowel signs, Japanese dakuten). Text is compared in NFC.
 * Platform-neutral: no Node APIs.
 */

/** A character a slug word may hold: a lowercase or caseless letter, a combining mark or a digit. */
const WORD_CHAR = String.raw`[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]`;
const NON_WORD_RUN = new RegExp(String.raw`[^\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+`, 'gu');
/** The slug pattern's source (a Unicode regular expression; also the OpenAPI schema's `pattern`). */
export const SLUG_PATTERN_SOURCE = `^${WORD_CHAR}+(?:-${WORD_CHAR}+)*$`;
const SLUG = new RegExp(SLUG_PATTERN_SOURCE, 'u');

/** Longest slug a parameter may hold, in UTF-16 code units. */
export const SLUG_MAX_CHARS = 80;

/** The slug of a label: NFC, lower-cased, every run of other characters one hyphen, none at the ends; '' when nothing is left. */
export function slugify(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(NON_WORD_RUN, '-').replace(/^-+|-+$/g, '');
}

/**
 * True when `text` is a slug (not longer than SLUG_MAX_CHARS): capitals, spaces, underscores,
 * edge or double hyphens are not. slugify's results always are; compare a parameter in NFC.
 */
export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX_CHARS && SLUG.test(text);
}
