/**
 * Held-out figures of the course and cuisine model (issue 21 item 3; build/normalize/vocab/label-model/).
 * The labelled recipes (own labels) are split into FOLDS folds; for each fold the whole training
 * procedure (classes, thresholds by an inner cross-validation, weights; both views) runs on the
 * other folds only, and the held-out fold is predicted:
 *   - as built (folds by recipe): each recipe in its own view (full when it has tags or
 *     categories, else plain);
 *   - plain (folds by site: a site's recipes are held out together): each recipe seen with its
 *     title, ingredients, diets and language only, through the plain model: the estimate for a
 *     source the model has never seen, with nothing else (Epicurious).
 * Per class: support (held-out recipes that carry it), predictions, precision, recall. Then the
 * shipped model (trained on all labelled recipes, as dataset/vocab/label-model.json) labels the
 * recipes with no labels of their own: the recipes each class adds and the field's coverage. The
 * HowToCook source rule (chinese) has no labelled recipes to be measured on: counted apart.
 *
 *   npx tsx test/eval/label-model.ts [--field courses|cuisines]
 */
import { join } from 'node:path';
import { featuresOf, viewOf, type View } from '../../build/normalize/vocab/label-model/features.ts';
import { labelCorpus, type CorpusRecipe } from '../../build/normalize/vocab/label-model/corpus.ts';
import { predictField, predictLabels, type FieldModel } from '../../build/normalize/vocab/label-model/model.ts';
import { FOLDS, foldsOf, trainField } from '../../build/normalize/vocab/label-model/train.ts';
import { examplesOf, trainModel } from '../../build/normalize/vocab/label-model/train-all.ts';
import { inferLabels } from '../../build/normalize/vocab/infer-labels.ts';
import { COURSES, CUISINES } from '../../runtime/format/vocabulary.ts';

const MIN_PRECISION = 0.95;
const i = process.argv.indexOf('--field');
const fields = i > 0 ? [process.argv[i + 1] as 'courses' | 'cuisines'] : (['courses', 'cuisines'] as const);
const started = performance.now();
const corpus = labelCorpus(join(import.meta.dirname, '../../dataset'));
const shipped = trainModel(corpus);
const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

type Tally = Map<string, { support: number; predicted: number; right: number }>;
const count = (t: Tally, labels: readonly string[], predicted: readonly string[]) => {
  const at = (l: string) => t.get(l) ?? (t.set(l, { support: 0, predicted: 0, right: 0 }), t.get(l)!);
  for (const l of labels) at(l).support++;
  for (const p of predicted) {
    at(p).predicted++;
    if (labels.includes(p)) at(p).right++;
  }
};

for (const field of fields) {
  const vocabulary = field === 'courses' ? COURSES : CUISINES;
  const labelled = corpus.filter((r) => r[field].length > 0);
  const asBuilt: Tally = new Map();
  const plain: Tally = new Map();
  const train = (split: readonly CorpusRecipe[], v: View) => trainField(examplesOf(field, split, v), vocabulary);
  // As built: folds by recipe (the full model serves more recipes of the sites it learnt from).
  const byRecipe = foldsOf(labelled.map((r) => ({ features: [], labels: r[field] })));
  for (let fold = 0; fold < FOLDS; fold++) {
    const split = labelled.filter((_, k) => byRecipe[k] !== fold);
    const models: Record<View, FieldModel> = { full: train(split, 'full'), plain: train(split, 'plain') };
    labelled.forEach((r, k) => {
      if (byRecipe[k] !== fold) return;
      const v = viewOf(r.evidence);
      count(asBuilt, r[field], predictField(models[v], featuresOf(field, r.evidence, v)).map((p) => p.label));
    });
  }
  // Plain: folds by site (the plain model serves sources it has never seen).
  const bySite = foldsOf(examplesOf(field, labelled, 'plain'));
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = train(labelled.filter((_, k) => bySite[k] !== fold), 'plain');
    labelled.forEach((r, k) => {
      if (bySite[k] === fold) count(plain, r[field], predictField(model, featuresOf(field, r.evidence, 'plain')).map((p) => p.label));
    });
  }
  const added = new Map<string, number>();
  const bySignal = new Map<string, number>();
  let covered = labelled.length;
  let byRule = 0;
  for (const r of corpus) {
    if (r[field].length > 0) continue;
    const predicted = predictLabels(shipped, field, r.evidence);
    for (const p of predicted) {
      const key = `${p.label} (${viewOf(r.evidence)})`;
      added.set(key, (added.get(key) ?? 0) + 1);
      bySignal.set(p.signal, (bySignal.get(p.signal) ?? 0) + 1);
    }
    if (predicted.length > 0) covered++;
    else if (inferLabels(field, r.evidence).labels.length > 0) {
      covered++;
      byRule++;
    }
  }
  const n = corpus.length;
  console.log(`\n## ${field}: own labels on ${labelled.length} of ${n} recipes (${pct(labelled.length, n)}); with inference ${covered} (${pct(covered, n)})\n`);
  console.log(`${FOLDS}-fold cross-validation over the ${labelled.length} labelled recipes. Shipped classes, full view: ${shipped[field].full.classes.join(', ') || 'none'}; plain view: ${shipped[field].plain.classes.join(', ') || 'none'}\n`);
  console.log('| class | support | as built: predicted | precision | recall | plain, sites held out: predicted | precision | recall | adds (full) | adds (plain) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const below: string[] = [];
  for (const l of vocabulary) {
    const a = asBuilt.get(l);
    const p = plain.get(l);
    if (!a || !p) continue;
    if (a.predicted > 0 && a.right / a.predicted < MIN_PRECISION) below.push(`${l} (as built)`);
    if (p.predicted > 0 && p.right / p.predicted < MIN_PRECISION) below.push(`${l} (plain)`);
    if (a.predicted + p.predicted + a.support < 5) continue;
    console.log(`| ${l} | ${a.support} | ${a.predicted} | ${pct(a.right, a.predicted)} | ${pct(a.right, a.support)} | ${p.predicted} | ${pct(p.right, p.predicted)} | ${pct(p.right, p.support)} | ${added.get(`${l} (full)`) ?? 0} | ${added.get(`${l} (plain)`) ?? 0} |`);
  }
  const sum = (t: Tally) => [...t.values()].reduce((s, x) => ({ predicted: s.predicted + x.predicted, right: s.right + x.right }), { predicted: 0, right: 0 });
  const [a, p] = [sum(asBuilt), sum(plain)];
  console.log(`\n(classes with fewer than 5 recipes and predictions left out of the table.) All classes as built: ${a.predicted} held-out predictions, precision ${pct(a.right, a.predicted)}; plain: ${p.predicted}, ${pct(p.right, p.predicted)}. Below ${MIN_PRECISION * 100}%: ${below.join(', ') || 'none'}`);
  console.log(`Inferred on unlabelled recipes, by signal: ${[...bySignal].sort().map(([s, k]) => `${s} ${k}`).join(', ')}${byRule ? `; by the source rule (checked by hand, not measurable here): ${byRule} recipes` : ''}`);
}
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
