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
  'Course and cuisine model (issue 21 item 3), written by `npm run train:labels` from the recipes labelled by their own data; do not edit by hand. ' +
  'Applied by build/normalize/recipe.ts to recipes whose own labels give none. Held-out figures: npx tsx test/eval/label-model.ts.';

export function trainModel(corpus: readonly CorpusRecipe[]): LabelModel {
  const field = (name: 'courses' | 'cuisines', vocabulary: readonly string[]): [Record<View, FieldModel>, number] => {
    const labelled = corpus.filter((r) => r[name].length > 0);
    const view = (v: View) => trainField(examplesOf(name, labelled, v), vocabulary);
    return [{ full: view('full'), plain: view('plain') }, labelled.length];
  };
  const [courses, nc] = field('courses', COURSES);
  const [cuisines, nu] = field('cuisines', CUISINES);
  return { $comment: COMMENT, trainedOn: { courses: nc, cuisines: nu }, courses, cuisines };
}

/**
 * A field's training examples in one view. Plain examples carry their site as a group: the plain
 * model serves sources that have no labels at all (Epicurious), so its thresholds are chosen with
 * whole sites held out. The full model serves unlabelled recipes of the labelled sites: folds by recipe.
 */
export function examplesOf(field: 'courses' | 'cuisines', labelled: readonly CorpusRecipe[], view: View): Example[] {
  return labelled.map((r) => ({ features: featuresOf(field, r.evidence, view), labels: r[field], ...(view === 'plain' ? { group: groupOf(r.evidence) } : {}) }));
}

function viewText(m: FieldModel): string {
  const features = Object.keys(m.weights).sort();
  const lines = [
    `      "classes": ${JSON.stringify(m.classes)},`,
    `      "thresholds": ${JSON.stringify(m.thresholds)},`,
    `      "bias": ${JSON.stringify(m.bias)},`,
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
