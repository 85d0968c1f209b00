/**
 * Term-dictionary lookups for search: exact, prefix (search as you type) and typo-tolerant
 * matches over the sorted terms of the search index (FORMAT.md § 15). Pure.
 *
 * Typo rules (FORMAT.md § 15.3):
 * - edits allowed by length in letters (search.ts passes the shorter of the query word and the
 *   stemmed form compared): up to 4 → 0, 5..8 → 1, 9 and more → 2;
 * - an edit is an insertion, deletion, substitution or a swap of two adjacent letters
 *   (optimal string alignment distance): choclate → chocolate (1), cholocate → chocolate (1);
 * - the first letter must be right: candidates are only the terms sharing it, a contiguous
 *   range of the sorted dictionary (the usual prefix-length-1 rule; it keeps the scan small).
 */

export function maxEdits(length: number): number {
  return length <= 4 ? 0 : length <= 8 ? 1 : 2;
}

/** The edits a stemmed form of a query word may be off by: those of the shorter of word and form (a 3-letter stem of a 5-letter word gets none). */
export function typoEdits(word: string, form: string): number {
  return maxEdits(Math.min(Array.from(word).length, Array.from(form).length));
}

export class TermDictionary {
  readonly terms: readonly string[];
  readonly #ids = new Map<string, number>();
  /** Per term: which of a..z (bits 0..25) and any other character (bit 26) it contains. */
  readonly #letters: Uint32Array;
  // Reused rows of the edit-distance table (three rows for the swap rule).
  #rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

  constructor(terms: readonly string[]) {
    this.terms = terms;
    terms.forEach((t, i) => this.#ids.set(t, i));
    this.#letters = Uint32Array.from(terms, letterMask);
  }

  id(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /** Index of the first term ≥ s (code-unit order, the dictionary's order). */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Ids of terms that start with `prefix` (and are longer than it), in dictionary order. */
  withPrefix(prefix: string): number[] {
    const out: number[] = [];
    for (let i = this.lowerBound(prefix); i < this.terms.length && this.terms[i]!.startsWith(prefix); i++) {
      if (this.terms[i]!.length > prefix.length) out.push(i);
    }
    return out;
  }

  /** [id, distance] of every term within `k` edits of `word` (k ≥ 1) sharing its first code unit; exact match excluded. */
  fuzzy(word: string, k: number): [number, number][] {
    const out: [number, number][] = [];
    if (k < 1 || word.length === 0) return out;
    const first = word[0]!;
    const next = String.fromCharCode(first.charCodeAt(0) + 1);
    const end = this.lowerBound(next);
    const mask = letterMask(word);
    for (let i = this.lowerBound(first); i < end; i++) {
      const t = this.terms[i]!;
      if (Math.abs(t.length - word.length) > k || t === word) continue;
      // One edit changes at most two letters of the letter set: a cheap filter before the table.
      if (popcount(mask ^ this.#letters[i]!) > 2 * k) continue;
      const d = this.#distance(word, t, k);
      if (d <= k) out.push([i, d]);
    }
    return out;
  }

  /** Optimal string alignment distance, or k + 1 as soon as it must exceed k. */
  #distance(a: string, b: string, k: number): number {
    const n = b.length;
    if (this.#rows[0]!.length <= n) this.#rows = [0, 1, 2].map(() => new Int32Array(n + 1));
    let [prev2, prev, cur] = this.#rows as [Int32Array, Int32Array, Int32Array];
    for (let j = 0; j <= n; j++) prev[j] = j;
    for (let i = 1; i <= a.length; i++) {
      cur[0] = i;
      let rowMin = i;
      const ca = a.charCodeAt(i - 1);
      for (let j = 1; j <= n; j++) {
        const cb = b.charCodeAt(j - 1);
        let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
        if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2]! + 1);
        cur[j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (rowMin > k) return k + 1;
      [prev2, prev, cur] = [prev, cur, prev2];
    }
    return prev[n]!;
  }
}

function letterMask(t: string): number {
  let m = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i) - 97;
    m |= c >= 0 && c < 26 ? 1 << c : 1 << 26;
  }
  return m >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
