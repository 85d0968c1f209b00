/**
 * One-vs-rest logistic regression over binary features, written out plainly: stochastic gradient
 * descent with L2 decay on the features a step touches, in a fixed order (visitOrder), so the same examples
 * give the same weights on every run. Weights are rounded (WEIGHT_DIGITS) as they are stored, and
 * every score, in evaluation and in the build, is computed from the rounded weights.
 */

export interface Example {
  features: readonly string[];
  labels: readonly string[];
  /** Examples of one group are held out together in cross-validation (train.ts foldsOf). */
  group?: string;
  /** false: trains, but its held-out score does not choose thresholds (train.ts). Default true. */
  measure?: boolean;
}

export interface LinearModel {
  classes: string[];
  bias: number[];
  /** Per feature, one weight per class (features seen in fewer than MIN_COUNT examples have none). */
  weights: Map<string, number[]>;
}

/** Knobs, with their defaults: a feature needs MIN_COUNT (2, 1–5) training examples; EPOCHS (12, 5–50); RATE (0.3, 0.05–1) halves by the 2nd epoch; L2 (0.01, 0–0.05). */
export const MIN_COUNT = 2;
const EPOCHS = 12;
const RATE = 0.3;
const L2 = 0.01;
const WEIGHT_DIGITS = 3;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The visiting order of an epoch: a stride through the examples coprime with their count (about
 * n/φ, so neighbours in the input, often of one source, are far apart), from a start that moves
 * each epoch. A permutation, the same on every run, with no random numbers.
 */
function visitOrder(n: number, epoch: number): number[] {
  let stride = Math.max(1, Math.round(n * 0.618));
  while (n > 1 && gcd(stride, n) !== 1) stride++;
  const start = (epoch * 7919) % Math.max(1, n);
  return Array.from({ length: n }, (_, i) => (start + i * stride) % n);
}

const round = (x: number): number => {
  const r = Math.round(x * 10 ** WEIGHT_DIGITS) / 10 ** WEIGHT_DIGITS;
  return r === 0 ? 0 : r; // no -0 in the stored model
};

export function trainLogistic(examples: readonly Example[], classes: readonly string[]): LinearModel {
  const count = new Map<string, number>();
  for (const e of examples) for (const f of e.features) count.set(f, (count.get(f) ?? 0) + 1);
  const weights = new Map<string, Float64Array>();
  for (const [f, n] of [...count].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (n >= MIN_COUNT) weights.set(f, new Float64Array(classes.length));
  const bias = new Float64Array(classes.length);
  const targets = examples.map((e) => classes.map((c) => (e.labels.includes(c) ? 1 : 0)));
  const rows = examples.map((e) => e.features.flatMap((f) => weights.get(f) ?? []));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = RATE / (1 + epoch);
    for (const i of visitOrder(examples.length, epoch)) {
      const row = rows[i]!;
      const y = targets[i]!;
      for (let c = 0; c < classes.length; c++) {
        let z = bias[c]!;
        for (const w of row) z += w[c]!;
        const g = 1 / (1 + Math.exp(-z)) - y[c]!;
        bias[c]! -= rate * g;
        for (const w of row) w[c]! -= rate * (g + L2 * w[c]!);
      }
    }
  }
  const kept = new Map<string, number[]>();
  for (const [f, w] of weights) {
    const r = Array.from(w, round);
    if (r.some((x) => x !== 0)) kept.set(f, r);
  }
  return { classes: classes.slice(), bias: Array.from(bias, round), weights: kept };
}

/** The probability of each class (in model.classes order) for a recipe's features. */
export function scoreLogistic(model: LinearModel, features: readonly string[]): number[] {
  const z = model.bias.slice();
  for (const f of features) {
    const w = model.weights.get(f);
    if (w) for (let c = 0; c < z.length; c++) z[c]! += w[c]!;
  }
  return z.map((x) => 1 / (1 + Math.exp(-x)));
}
