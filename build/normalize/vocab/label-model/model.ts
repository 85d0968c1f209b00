/**
 * The stored label model (dataset/vocab/label-model.json, written by `npm run train:labels`) and
 * its use in the build: a recipe whose own data gives no course (or cuisine) gets every class whose
 * score reaches that class's threshold in the model of its view, with the labels that class
 * implies, and the signal that weighed most for it (features.ts).
 */
import { featuresOf, SIGNALS, viewOf, type ModelEvidence, type Signal, type View } from './features.ts';

export interface FieldModel {
  classes: string[];
  /** Per class: the lowest probability at which it is inferred. */
  thresholds: number[];
  bias: number[];
  /** Per feature, one weight per class; features without any weight are left out. */
  weights: Record<string, number[]>;
  /** Per class, the labels it implies (train.ts impliedLabels: dinner → main-course); classes without any are left out. */
  implies: Record<string, string[]>;
}

export interface LabelModel {
  $comment?: string;
  /** How many recipes with labels of their own each field was trained on (for the reader). */
  trainedOn: { courses: number; cuisines: number };
  /** Per field, one model per view (features.ts). */
  courses: Record<View, FieldModel>;
  cuisines: Record<View, FieldModel>;
}

export interface Prediction {
  label: string;
  score: number;
  signal: Signal;
}

export function scoreField(m: FieldModel, features: readonly string[]): number[] {
  const z = m.bias.slice();
  for (const f of features) {
    const w = m.weights[f];
    if (w) for (let c = 0; c < z.length; c++) z[c]! += w[c]!;
  }
  return z.map((x) => 1 / (1 + Math.exp(-x)));
}

/** The family of features that adds most to class `c`'s score (ties: the first in SIGNALS order). */
function signalOf(m: FieldModel, features: readonly string[], c: number): Signal {
  const sum = new Map<Signal, number>();
  for (const f of features) {
    const w = m.weights[f]?.[c];
    const s = SIGNALS[f[0] as keyof typeof SIGNALS];
    if (w !== undefined && w > 0 && s) sum.set(s, (sum.get(s) ?? 0) + w);
  }
  let best: Signal = 'title';
  let top = -Infinity;
  for (const s of new Set(Object.values(SIGNALS))) {
    const v = sum.get(s) ?? 0;
    if (v > top) [best, top] = [s, v];
  }
  return best;
}

/** The classes that reach their thresholds, then the labels they imply that are not predicted already (same score and signal). */
export function predictField(m: FieldModel, features: readonly string[]): Prediction[] {
  const scores = scoreField(m, features);
  const out = m.classes.flatMap((label, c) => (scores[c]! >= m.thresholds[c]! ? [{ label, score: scores[c]!, signal: signalOf(m, features, c) }] : []));
  for (const p of out.slice()) for (const label of m.implies[p.label] ?? []) if (!out.some((q) => q.label === label)) out.push({ ...p, label });
  return out;
}

export function predictLabels(model: LabelModel, field: 'courses' | 'cuisines', e: ModelEvidence): Prediction[] {
  const view = viewOf(e);
  return predictField(model[field][view], featuresOf(field, e, view));
}
