/**
 * The BM25 formula, once (Robertson & Zaragoza; BM25F over the index's fields). A list's score
 * at a doc is saturation(scale, x): scale = weight · idf of the word's best candidate for the
 * doc's language, x = tf~ = Σ_f W_f · tf_f / (1 − b_f + b_f · len_f / avg_f), float32, computed by
 * runtime/format/search-index.ts (tfTilde). Every part of the searcher scores through these
 * functions, so every path performs the same float operations as exhaustive scoring.
 */
import { K1 } from './knobs.ts';

/** BM25's term-frequency saturation: scale · x / (K1 + x). Small enough for V8 to inline. */
export function saturation(scale: number, x: number): number {
  return (scale * x) / (K1 + x);
}

/** Inverse document frequency of a term in df of n docs: ln(1 + (n − df + 0.5) / (df + 0.5)). */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * The least tf~ with which a posting can still reach θ, given every other bound: its score is
 * scale · x / (K1 + x) ≤ maxScale · x / (K1 + x), and the doc's bound is (max(score, nonEss) +
 * rest) · slack. Conservative by margins far above float rounding, so the exact check that
 * follows decides alone: 0 when every posting may pass, Infinity when none can. Takes 1 / maxScale
 * (Infinity for 0) and θ / slack (a division each, done once by the caller).
 */
export function minTf(inverseScale: number, nonEss: number, rest: number, theta: number, thetaBySlack: number): number {
  if (!(theta > 0)) return 0;
  const eps = 1e-9 * (1 + theta + rest);
  const need = thetaBySlack - rest - eps; // a passing posting scores at least this
  if (nonEss >= need - eps) return 0; // the non-essential bound alone may let it pass
  if (!(inverseScale < Infinity)) return Infinity; // scores 0
  const q = need * inverseScale * (1 - 1e-9); // x / (K1 + x) ≥ q
  if (q <= 0) return 0;
  if (q >= 1) return Infinity;
  return ((K1 * q) / (1 - q)) * (1 - 1e-9);
}
