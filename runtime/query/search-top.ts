/**
 * Top-k selection for search: the best `limit` docs by (score descending, doc ascending) from
 * a score array, without sorting every match (limit ≤ 50, matches up to N). Pure.
 */
export interface SearchHit {
  doc: number;
  score: number;
}

const better = (s: number, d: number, than: SearchHit) => s > than.score || (s === than.score && d < than.doc);

/** The best `limit` of `docs` by `score[doc]`, best first. */
export function topK(docs: readonly number[], score: Float64Array, limit: number): SearchHit[] {
  const top: SearchHit[] = [];
  if (limit <= 0) return top;
  for (const d of docs) {
    const s = score[d]!;
    if (top.length === limit) {
      if (!better(s, d, top[limit - 1]!)) continue;
      top.pop();
    }
    let i = top.length;
    while (i > 0 && better(s, d, top[i - 1]!)) i--;
    top.splice(i, 0, { doc: d, score: s });
  }
  return top;
}

/** The limit-th best score among `docs` (or -Infinity when there are fewer docs). */
export function kthScore(docs: readonly number[], score: Float64Array, limit: number): number {
  if (docs.length < limit || limit <= 0) return -Infinity;
  return topK(docs, score, limit).at(-1)!.score;
}
