/**
 * Splits normalised text (normalize.ts) into tokens. Shared by build and runtime.
 *
 * - A word is a maximal run of letters, marks and digits (Unicode \p{L}\p{M}\p{N}); everything
 *   else separates ("5-minute" → 5, minute).
 * - Chinese and Japanese are written without spaces, so a run of Han, Hiragana or Katakana
 *   characters (and the prolonged-sound mark ー) is cut out of its word and indexed as character
 *   bigrams plus unigrams: 红烧肉 → 红, 烧, 肉, 红烧, 烧肉. A two-character substring of a title is
 *   therefore always one indexed term. Korean (Hangul) is spaced and stays word-based.
 * - Words longer than MAX_WORD_LENGTH code points are dropped (URLs, noise).
 */

/** Default 40, range 20..100: longer words are dropped (they are never typed). */
export const MAX_WORD_LENGTH = 40;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export interface Token {
  /** The token text (normalised, not stemmed). */
  text: string;
  /** 'word' (stemmable), 'cjk1' (one CJK character) or 'cjk2' (a CJK bigram). */
  kind: 'word' | 'cjk1' | 'cjk2';
}

/**
 * Grams of one CJK run in reading order. Documents get unigrams and bigrams; a query gets the
 * bigrams only (they are what makes it precise), or the unigram of a one-character run.
 */
function cjkGrams(run: string, out: Token[], query: boolean): void {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    if (!query || chars.length === 1) out.push({ text: chars[i]!, kind: 'cjk1' });
    if (i + 1 < chars.length) out.push({ text: chars[i]! + chars[i + 1]!, kind: 'cjk2' });
  }
}

/** Tokens of a document field (unigrams and bigrams for CJK). */
export function tokenize(normalised: string): Token[] {
  return split(normalised, false);
}

/** Tokens of a query: like tokenize, but a CJK run of two or more characters yields its bigrams only. */
export function tokenizeQuery(normalised: string): Token[] {
  return split(normalised, true);
}

function split(normalised: string, query: boolean): Token[] {
  const out: Token[] = [];
  for (const m of normalised.matchAll(WORD)) {
    const word = m[0];
    if (!HAS_CJK.test(word)) {
      if (Array.from(word).length <= MAX_WORD_LENGTH) out.push({ text: word, kind: 'word' });
      continue;
    }
    // Mixed runs ("iphone版"): the non-CJK pieces are words, the CJK pieces are n-grams.
    let at = 0;
    for (const c of word.matchAll(CJK_RUN)) {
      const before = word.slice(at, c.index);
      if (before && Array.from(before).length <= MAX_WORD_LENGTH) out.push({ text: before, kind: 'word' });
      cjkGrams(c[0], out, query);
      at = c.index + c[0].length;
    }
    const rest = word.slice(at);
    if (rest && Array.from(rest).length <= MAX_WORD_LENGTH) out.push({ text: rest, kind: 'word' });
  }
  return out;
}
