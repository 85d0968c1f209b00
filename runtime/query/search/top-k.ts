/** The best hits of a query (as Tantivy's top_score_collector): score descending, then doc ascending. */

export interface SearchHit {
  doc: number;
  score: number;
}

/** Puts (d, score) in its place in `top` (score descending, then doc ascending), keeping at most `limit` hits. */
export function insertHit(top: SearchHit[], limit: number, d: number, score: number): void {
  let at = top.length;
  while (at > 0 && (top[at - 1]!.score < score || (top[at - 1]!.score === score && top[at - 1]!.doc > d))) at--;
  if (at >= limit) return;
  // Shifts the hits after `at` one place (the last one out when the top is full): cheaper than splice.
  const hit = { doc: d, score };
  let k = top.length;
  if (k < limit) top.push(hit);
  else k--;
  for (; k > at; k--) top[k] = top[k - 1]!;
  top[at] = hit;
}

/**
 * The top k of a document-at-a-time pass, with θ (the k-th score once full) and its doc. Docs
 * come in ascending order, so a doc that only ties θ loses (ties go to the lower doc), which lets
 * every bound prune on equality: `beats` is the one rule.
 */
export class TopK {
  readonly hits: SearchHit[] = [];
  readonly limit: number;
  /** The top holds `limit` hits. */
  full = false;
  /** The k-th score once full (−Infinity before). */
  theta = -Infinity;
  /** ... and its doc. */
  kthDoc = -1;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Whether a doc d whose score is at most `bound` may still enter (once full: bound above θ, or equal with d below the k-th doc). */
  mayEnter(bound: number, d: number): boolean {
    return !(bound < this.theta || (bound === this.theta && d > this.kthDoc));
  }

  /** Adds a doc; true when θ rose. */
  add(d: number, score: number): boolean {
    const { hits, limit } = this;
    insertHit(hits, limit, d, score);
    if (hits.length < limit) return false;
    this.full = true;
    const kth = hits[limit - 1]!;
    const raised = kth.score > this.theta;
    this.theta = kth.score;
    this.kthDoc = kth.doc;
    return raised;
  }
}
