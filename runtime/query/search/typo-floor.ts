/**
 * What a query with no good match answers (issue 21 item 7): when none of its words matches a
 * term exactly (in some language's stemmed form) or, for the last word, as a prefix, every match
 * is a typo guess, and a guess that only stands in the instructions or the description is noise
 * ("Spätzle" → "Spatel", a spatula, in a gnocchi recipe's steps). Such a query keeps only hits
 * that score at least what one of its words scores with tf~ = 1 — a typo term in the title,
 * ingredient names or tags (field weights 4, 2, 1.5; the description's 1 and the instructions'
 * 0.6 reach it only by repetition) — and answers nothing otherwise. Queries with an exact or
 * prefix match are never cut.
 */
import { stem } from '../../format/text/stem.ts';
import type { Token } from '../../format/text/tokenize.ts';
import { saturation } from './bm25.ts';
import { PREFIX_MIN_LENGTH } from './knobs.ts';
import type { WordList } from './plan.ts';
import type { TermDictionary } from './terms.ts';

/** tf~ a typo-only query's best word must reach (default 2: a title or ingredient-name mention; range 1..4). */
export const TYPO_ONLY_MIN_TF = 2;

/** Whether some word matches without typos: an exact stemmed term, or a completion of the last word. */
export function matchesWithoutTypos(dict: TermDictionary, languages: readonly string[], words: readonly Token[], last: Token | undefined): boolean {
  return words.some((w) => {
    if (w.kind !== 'word') return dict.id(w.text) !== undefined;
    if (dict.id(w.text) !== undefined || languages.some((lang) => dict.id(stem(w.text, lang)) !== undefined)) return true;
    return w === last && w.text.length >= PREFIX_MIN_LENGTH && dict.withPrefix(w.text).length > 0;
  });
}

/** The least score a hit of a typo-only query needs: the largest of its words' scores at tf~ = TYPO_ONLY_MIN_TF. */
export function typoOnlyFloor(plans: readonly (readonly WordList[])[]): number {
  let floor = 0;
  for (const lists of plans) for (const l of lists) floor = Math.max(floor, saturation(l.scales.maxScale, TYPO_ONLY_MIN_TF));
  return floor;
}
