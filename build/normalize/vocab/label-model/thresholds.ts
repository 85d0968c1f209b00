/**
 * A confidence threshold per class from out-of-fold scores (scores of recipes the model was not
 * trained on): the lowest score at which the predictions at or above it are right often enough
 * that the lower end of their precision's confidence interval (Wilson, Z) still reaches the 95%
 * bar. Few predictions give a wide interval: a class predicted 51 times, all right, does not pass
 * (lower end 94.96%), one predicted 52 times, all right, does (95.05%). A threshold fitted on some
 * recipes loses a little precision on others; the interval is what keeps it above the bar on the
 * held-out folds (with z = 1 main-course and dinner fell below it on the hand-labelled sample:
 * dataset/vocab/README.md). A class with no such score is never inferred.
 */

/** Knobs, with their defaults: BAR (0.95, the bar); Z (1.645, a one-sided 95% interval; 1–2: higher infers less). */
export const BAR = 0.95;
export const Z = 1.645;

export interface Scored {
  score: number;
  right: boolean;
}

/** The lower end of the Wilson score interval of `right` successes in `n`. */
export function wilsonLower(right: number, n: number, z = Z): number {
  if (n === 0) return 0;
  const p = right / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

export function pickThreshold(scored: readonly Scored[], bar = BAR, z = Z): number | undefined {
  const sorted = scored.slice().sort((a, b) => b.score - a.score);
  let right = 0;
  let best: number | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    if (s.right) right++;
    // Only cut between different scores: a threshold admits every tie.
    if (i + 1 < sorted.length && sorted[i + 1]!.score === s.score) continue;
    if (wilsonLower(right, i + 1, z) >= bar) best = s.score;
  }
  return best;
}
