/**
 * The whole model from the labelled corpus (corpus.ts), as dataset/vocab/label-model.json holds
 * it, and its text: one feature a line, keys sorted, so the same sources give the same bytes.
 */
import { COURSES, CUISINES } from '../../../../runtime/format/vocabulary.ts';
import type { CorpusRecipe } from './corpus.ts';
import { featuresOf, groupOf, type View } from './features.ts';
import type { Example } from './logistic.ts';
import type { FieldModel, LabelModel } from './model.ts';
import { trainField } from './train.ts';

const COMMENT =
  'Course and cuisine model (issue 21 item 3), written by `npm run train:labels` from the recipes labelled by their own data and the hand-labelled sample (label-sample.json); do not edit by hand. ' +
  'Applied by build/normalize/recipe.ts to recipes whose own labels give none. Held-out figures: npx tsx test/eval/label-model.ts.';

export function trainModel(corpus: readonly CorpusRecipe[]): LabelModel {
  const field = (name: 'courses' | 'cuisines', vocabulary: readonly string[]): [Record<View, FieldModel>, number] => {
    const labelled = labelledFor(name, corpus);
    const view = (v: View) => trainField(examplesOf(name, labelled, v), vocabulary);
    return [{ full: view('full'), plain: view('plain') }, labelled.length];
  };
  const [courses, nc] = field('courses', COURSES);
  const [cuisines, nu] = field('cuisines', CUISINES);
  return { $comment: COMMENT, trainedOn: { courses: nc, cuisines: nu }, courses, cuisines };
}

/** The recipes a field learns from: those with labels of their own, and the sampled ones without (hand labels, maybe none). */
export function labelledFor(field: 'courses' | 'cuisines', corpus: readonly CorpusRecipe[]): CorpusRecipe[] {
  return corpus.filter((r) => r[field].length > 0 || r.sample !== undefined);
}

/** A recipe's labels to learn from: its own, else its hand labels ('hand'). */
export function labelsFor(field: 'courses' | 'cuisines', r: CorpusRecipe): { labels: readonly string[]; hand: boolean } {
  return r[field].length > 0 || !r.sample ? { labels: r[field], hand: false } : { labels: r.sample[field], hand: true };
}

/**
 * A field's training examples in one view. The plain model serves sources with no labels at all
 * (Epicurious): with a hand-labelled sample, its thresholds are chosen on the sampled recipes only
 * (the recipes it will label; the rest train it), folds by recipe; without one, on every recipe
 * with whole sites held out (a site's labels follow its own habits). The full model serves
 * unlabelled recipes of the labelled sites: every example measures, folds by recipe.
 */
export function examplesOf(field: 'courses' | 'cuisines', labelled: readonly CorpusRecipe[], view: View): Example[] {
  const sampled = view === 'plain' && labelled.some((r) => labelsFor(field, r).hand);
  return labelled.map((r) => {
    const { labels, hand } = labelsFor(field, r);
    const example: Example = { features: featuresOf(field, r.evidence, view), labels };
    if (view === 'plain') example.group = hand ? `sample ${r.id}` : groupOf(r.evidence);
    if (sampled && !hand) example.measure = false;
    return example;
  });
}

function viewText(m: FieldModel): string {
  const features = Object.keys(m.weights).sort();
  const lines = [
    `      "classes": ${JSON.stringify(m.classes)},`,
    `      "thresholds": ${JSON.stringify(m.thresholds)},`,
    `      "bias": ${JSON.stringify(m.bias)},`,
    `      "implies": ${JSON.stringify(m.implies)},`,
    '      "weights": {',
    features.map((f) => `        ${JSON.stringify(f)}: ${JSON.stringify(m.weights[f])}`).join(',\n'),
    '      }',
  ];
  return `{\n${lines.join('\n')}\n    }`;
}

const fieldText = (m: Record<View, FieldModel>): string => `{\n    "full": ${viewText(m.full)},\n    "plain": ${viewText(m.plain)}\n  }`;

export function modelText(m: LabelModel): string {
  return `{\n  "$comment": ${JSON.stringify(m.$comment ?? COMMENT)},\n  "trainedOn": ${JSON.stringify(m.trainedOn)},\n  "courses": ${fieldText(m.courses)},\n  "cuisines": ${fieldText(m.cuisines)}\n}\n`;
}
