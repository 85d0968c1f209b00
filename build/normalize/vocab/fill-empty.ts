/**
 * What fills a recipe's empty courses or cuisines field, in order: its hand labels when it is in
 * the labelled sample (label-model/sample.ts; an empty hand list leaves the field empty: an
 * annotator who saw no clear course or cuisine outranks the model and the rules), else the label
 * model's classes that reach their thresholds (label-model/), else the shipped source rule of
 * dataset/vocab/label-rules.json (HowToCook's Chinese dishes). The build applies it
 * (build/normalize/recipe.ts) and test/eval/label-model.ts counts what it ships.
 */
import { inferLabels } from './infer-labels.ts';
import type { ModelEvidence } from './label-model/features.ts';
import { predictLabels, type LabelModel } from './label-model/model.ts';
import type { SampleLabels } from './label-model/sample.ts';

/** Labels and where they came from: 'hand', 'model: <signal>' or 'rule: <origin>'. */
export interface Filled {
  labels: string[];
  origin: string;
}

/** `evidence` is called only when the hand labels do not decide (the build computes it once per recipe, on demand). */
export function fillEmpty(field: 'courses' | 'cuisines', hand: readonly string[] | undefined, model: LabelModel, evidence: () => ModelEvidence): Filled[] {
  if (hand) return hand.length > 0 ? [{ labels: hand.slice(), origin: 'hand' }] : [];
  const predicted = predictLabels(model, field, evidence());
  if (predicted.length > 0) return predicted.map((p) => ({ labels: [p.label], origin: `model: ${p.signal}` }));
  const { labels, origin } = inferLabels(field, evidence());
  return labels.length > 0 && origin ? [{ labels, origin: `rule: ${origin}` }] : [];
}
