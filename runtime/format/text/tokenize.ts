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

/** Code-unit classes for scanners that avoid the regular expressions (see wordClasses). */
export const WORD_CHAR = 1; // \p{L}\p{M}\p{N}
export const CJK_RUN_CHAR = 2; // CJK_RUN's set (Han, Hiragana, Katakana, ー, 々)
export const CJK_CHAR = 4; // HAS_CJK's set (Han, Hiragana, Katakana)
export const SURROGATE = 8;
let classes: Uint8Array | undefined;

/**
 * Per UTF-16 code unit, its classes (bits above). On text without surrogates, tokenize() is a
 * function of these classes alone: words are the maximal runs of WORD_CHAR units; a run with a
 * CJK_CHAR is cut into its maximal runs of CJK_RUN_CHAR units (grams) and the pieces between
 * them (words); words over MAX_WORD_LENGTH units are dropped. The index compiler scans text
 * with this table (build/write/search.ts).
 */
export function wordClasses(): Uint8Array {
  if (classes) return classes;
  const t = new Uint8Array(65536);
  const word = /^[\p{L}\p{M}\p{N}]$/u;
  const run = new RegExp(`^${CJK_RUN.source.slice(0, -1)}$`, 'u');
  const cjk = new RegExp(`^${HAS_CJK.source}$`, 'u');
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) {
      t[c] = SURROGATE;
      continue;
    }
    const ch = String.fromCharCode(c);
    t[c] = (word.test(ch) ? WORD_CHAR : 0) | (run.test(ch) ? CJK_RUN_CHAR : 0) | (cjk.test(ch) ? CJK_CHAR : 0);
  }
  return (classes = t);
}
