/**
 * How far the keyword and source rules of dataset/vocab/label-rules.json carry courses and
 * cuisines (issue 21 item 3), and how often they are right: every recipe is compiled with its own
 * labels only (inference off); on the recipes that have labels of their own, the rules run as if
 * the field were empty, and a prediction counts as right when the recipe's own labels hold it.
 * The rules are curated by hand, not fitted to these recipes, so every labelled recipe is
 * held out; precision is reported per label and per origin (title, tags, source). Only a label
 * and origin measured at MIN_PRECISION or more on at least MIN_CHECKED recipes may be listed in
 * the file's "ship" (printed last, with --all). Coverage is what the build reaches (own labels,
 * else the shipped rules).
 *
 *   npx tsx test/eval/label-rules.ts [--field courses|cuisines] [--all]
 */
import { join } from 'node:path';
import { loadCatalog } from '../../build/normalize/catalog.ts';
import { toRecipe } from '../../build/normalize/recipe.ts';
import { inferLabels } from '../../build/normalize/vocab/infer-labels.ts';
import { readAllSources } from '../../build/sources/index.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

const MIN_PRECISION = 0.95;
const MIN_CHECKED = 5;
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
/** --all: measure every rule, withheld ones too (the table's verdicts are for this). */
const all = process.argv.includes('--all');
const fields = arg('field') ? [arg('field') as 'courses' | 'cuisines'] : (['courses', 'cuisines'] as const);

const datasetDir = join(import.meta.dirname, '../../dataset');
const catalog = loadCatalog(datasetDir);
const recipes: { r: Recipe; source: string }[] = readAllSources(datasetDir).map((rec) => ({ r: toRecipe(rec, { catalog, inferLabels: false }), source: rec.source }));
const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

for (const field of fields) {
  const checked = new Map<string, { n: number; ok: number; wrong: string[] }>();
  let own = 0;
  let inferred = 0;
  for (const { r, source } of recipes) {
    const evidence = { title: r.title, language: r.language, tags: r.tags, categories: r.categories, source };
    const { labels, origin } = inferLabels(field, evidence, all);
    if (r[field].length === 0) {
      if (labels.length > 0) inferred++;
      continue;
    }
    own++;
    for (const l of labels) {
      for (const key of [l, `${l} (${origin})`]) {
        const c = checked.get(key) ?? { n: 0, ok: 0, wrong: [] };
        checked.set(key, c);
        c.n++;
        if (r[field].includes(l)) c.ok++;
        else if (c.wrong.length < 4 && key === l) c.wrong.push(`${r.title} [${r[field].join(',')}]`);
      }
    }
  }
  const n = recipes.length;
  console.log(`\n${field}: own labels ${own}/${n} (${pct(own, n)}); ${all ? 'every rule' : 'the shipped rules'} label ${inferred} more; together ${pct(own + inferred, n)}`);
  const passing: string[] = [];
  console.log('| label | checked | right | precision | verdict | wrong (first) |');
  console.log('|---|---:|---:|---:|---|---|');
  for (const [label, c] of [...checked].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const low = c.ok / c.n < MIN_PRECISION;
    const verdict = low ? 'under the bar' : c.n < MIN_CHECKED ? 'too few to measure' : 'meets the bar';
    if (label.includes('(') && verdict === 'meets the bar') passing.push(label);
    console.log(`| ${label} | ${c.n} | ${c.ok} | ${pct(c.ok, c.n)} | ${verdict} | ${c.wrong.join('; ')} |`);
  }
  console.log(`meeting the bar (label (origin), for label-rules.json "ship"): ${JSON.stringify(passing)}`);
}
