/**
 * How far a small model could carry course and cuisine labels (issue 21, item 3; measurement only,
 * the build does not use it yet): for each label, the words of a recipe's title, its category slugs and
 * tags that, in the training recipes, carry that label at least MIN_PRECISION of the time (and in at
 * least MIN_SUPPORT recipes). Precision per label is measured by 5-fold cross-validation on the
 * labelled recipes (a prediction counts when the recipe's own labels hold it); a label whose
 * cross-validated precision is below 95% is left out; coverage is what the model trained on all
 * labelled recipes would reach over the whole dataset.
 *
 *   npx tsx test/eval/label-inference.ts [--data dist/data/<version>] [--field courses|cuisines]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = join(import.meta.dirname, '../../dist/data');
const dir = arg('data') ?? join(root, readFileSync(join(root, 'current'), 'utf8').trim());
const field = (arg('field') ?? 'courses') as 'courses' | 'cuisines';
const MIN_PRECISION = 0.97;
const MIN_SUPPORT = 5;
const FOLDS = 5;

const engine = createEngine(openDataset(dir));
const all: Recipe[] = Array.from({ length: engine.info.recipeCount }, (_, d) => engine.record(d));

/** The evidence of a recipe: title words (with its language), category slugs, tags. */
function features(r: Recipe): string[] {
  const words = (r.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `t:${r.language}:${w}`);
  return [...new Set([...words, ...r.categories.map((c) => `c:${c}`), ...r.tags.map((t) => `g:${t.toLowerCase()}`)])];
}

type Model = Map<string, string[]>;

function train(recipes: readonly Recipe[]): Model {
  const seen = new Map<string, number>();
  const withLabel = new Map<string, Map<string, number>>();
  for (const r of recipes) {
    for (const f of features(r)) {
      seen.set(f, (seen.get(f) ?? 0) + 1);
      let m = withLabel.get(f);
      if (!m) withLabel.set(f, (m = new Map()));
      for (const l of r[field]) m.set(l, (m.get(l) ?? 0) + 1);
    }
  }
  const model: Model = new Map();
  for (const [f, n] of seen) {
    if (n < MIN_SUPPORT) continue;
    const labels = [...(withLabel.get(f) ?? [])].filter(([, k]) => k / n >= MIN_PRECISION).map(([l]) => l);
    if (labels.length > 0) model.set(f, labels);
  }
  return model;
}

const predict = (model: Model, r: Recipe): Set<string> => new Set(features(r).flatMap((f) => model.get(f) ?? []));

const labelled = all.filter((r) => r[field].length > 0);
const tally = new Map<string, { predicted: number; correct: number }>();
for (let fold = 0; fold < FOLDS; fold++) {
  const model = train(labelled.filter((_, i) => i % FOLDS !== fold));
  for (const r of labelled.filter((_, i) => i % FOLDS === fold)) {
    for (const l of predict(model, r)) {
      const t = tally.get(l) ?? { predicted: 0, correct: 0 };
      t.predicted++;
      if (r[field].includes(l)) t.correct++;
      tally.set(l, t);
    }
  }
}
const kept = new Set([...tally].filter(([, t]) => t.correct / t.predicted >= 0.95).map(([l]) => l));
const model = train(labelled);
let covered = labelled.length;
const inferred = new Map<string, number>();
for (const r of all.filter((x) => x[field].length === 0)) {
  const labels = [...predict(model, r)].filter((l) => kept.has(l));
  if (labels.length === 0) continue;
  covered++;
  for (const l of labels) inferred.set(l, (inferred.get(l) ?? 0) + 1);
}
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
console.log(`# ${field}: ${labelled.length} of ${all.length} recipes labelled (${pct(labelled.length, all.length)})\n`);
console.log('| label | CV predictions | CV precision | kept | inferred on unlabelled |\n|---|---:|---:|---|---:|');
for (const [l, t] of [...tally].sort((a, b) => b[1].predicted - a[1].predicted)) {
  console.log(`| ${l} | ${t.predicted} | ${pct(t.correct, t.predicted)} | ${kept.has(l) ? 'yes' : 'no'} | ${inferred.get(l) ?? 0} |`);
}
console.log(`\ncoverage with the kept labels: ${covered} of ${all.length} (${pct(covered, all.length)})`);
