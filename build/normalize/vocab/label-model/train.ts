/**
 * Training one field's model (courses or cuisines) on the recipes labelled by their own data:
 * the classes with at least MIN_SUPPORT of them; a threshold per class from FOLDS-fold
 * cross-validation on these recipes only (thresholds.ts); then the weights from all of them.
 * Folds are by recipe, or, when the examples carry a group (their source and site), by group: a
 * whole site is held out at once, so the threshold is one that holds on a site the model has
 * never seen (what the plain view is for: Epicurious is such a source). The
 * held-out evaluation (test/eval/label-model.ts) runs this whole procedure on k-1 folds and
 * measures on the k-th, so no figure it reports has seen the recipes it is measured on.
 */
import { scoreLogistic, trainLogistic, type Example } from './logistic.ts';
import { BAR, pickThreshold, wilsonLower, type Scored } from './thresholds.ts';
import type { FieldModel } from './model.ts';

/** Knobs, with their defaults: MIN_SUPPORT (8, 5–30) labelled recipes for a class to be learned; FOLDS (5, 3–10). */
export const MIN_SUPPORT = 8;
export const FOLDS = 5;

/**
 * Each example's fold, the same on every run. Without groups the i-th example (in the caller's
 * order, sorted by recipe id) goes to fold i mod k. With groups, whole groups go, largest first
 * (ties by name), to the fold that holds the fewest examples so far.
 */
export function foldsOf(examples: readonly Example[], k = FOLDS): number[] {
  if (examples.every((e) => e.group === undefined)) return examples.map((_, i) => i % k);
  const size = new Map<string, number>();
  for (const e of examples) size.set(e.group ?? '', (size.get(e.group ?? '') ?? 0) + 1);
  const fill = new Array<number>(k).fill(0);
  const foldOfGroup = new Map<string, number>();
  for (const [g, n] of [...size].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const f = fill.indexOf(Math.min(...fill));
    foldOfGroup.set(g, f);
    fill[f]! += n;
  }
  return examples.map((e) => foldOfGroup.get(e.group ?? '')!);
}

export function classesOf(examples: readonly Example[], vocabulary: readonly string[]): string[] {
  return vocabulary.filter((c) => examples.filter((e) => e.labels.includes(c)).length >= MIN_SUPPORT);
}

/** Out-of-fold scores of every example, per class (in `classes` order), in the examples' order. */
export function outOfFold(examples: readonly Example[], classes: readonly string[], k = FOLDS): Scored[][] {
  const out: Scored[][] = classes.map(() => new Array<Scored>(examples.length));
  const folds = foldsOf(examples, k);
  for (let fold = 0; fold < k; fold++) {
    const model = trainLogistic(examples.filter((_, i) => folds[i] !== fold), classes);
    examples.forEach((e, i) => {
      if (folds[i] !== fold) return;
      scoreLogistic(model, e.features).forEach((score, c) => (out[c]![i] = { score, right: e.labels.includes(classes[c]!) }));
    });
  }
  return out;
}

/**
 * Implications between labels, learnt from the measured examples: class A implies label B when
 * the recipes labelled A are labelled B too so often that the lower end of the Wilson interval
 * of that share reaches the bar (52 of 52 do, 51 of 51 do not). In the hand-labelled sample every dinner is a main
 * course (the guide's rule), so a predicted dinner is a main course as surely as it is a dinner;
 * the sources' own labels have no such rule, and none is learnt from them.
 */
export function impliedLabels(examples: readonly Example[], classes: readonly string[], vocabulary: readonly string[]): Record<string, string[]> {
  const measured = examples.filter((e) => e.measure !== false);
  const out: Record<string, string[]> = {};
  for (const a of classes) {
    const withA = measured.filter((e) => e.labels.includes(a));
    const implied = vocabulary.filter((b) => b !== a && wilsonLower(withA.filter((e) => e.labels.includes(b)).length, withA.length) >= BAR);
    if (implied.length > 0) out[a] = implied;
  }
  return out;
}

/** The shipped model: only classes with a threshold, their weights and bias, and what they imply. */
export function trainField(examples: readonly Example[], vocabulary: readonly string[]): FieldModel {
  const classes = classesOf(examples, vocabulary);
  const oof = outOfFold(examples, classes);
  const full = trainLogistic(examples, classes);
  const measured = examples.map((e) => e.measure !== false);
  const shipped = classes.flatMap((c, i) => {
    const threshold = pickThreshold(oof[i]!.filter((_, k) => measured[k]));
    return threshold === undefined ? [] : [{ c, i, threshold }];
  });
  const weights: Record<string, number[]> = {};
  for (const [f, w] of full.weights) {
    const kept = shipped.map(({ i }) => w[i]!);
    if (kept.some((x) => x !== 0)) weights[f] = kept;
  }
  return {
    classes: shipped.map(({ c }) => c),
    thresholds: shipped.map(({ threshold }) => threshold),
    bias: shipped.map(({ i }) => full.bias[i]!),
    weights,
    implies: impliedLabels(examples, shipped.map(({ c }) => c), vocabulary),
  };
}
