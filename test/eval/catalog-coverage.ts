/**
 * Iteration aid for the curated catalog data: runs the real compiler pipeline (every source
 * adapter under dataset/sources, then toRecipe: line parser, source hints, matchRecipeIngredient)
 * and prints the share of ingredient lines that got a canonical id, per source, and the most
 * frequent unmatched names (the maintainer's to-do list). Lines that name equipment rather than
 * food (catalog.isNonFood: curated `nonFood`) are not ingredient lines: counted apart, outside the rate.
 *
 *   npx tsx test/eval/catalog-coverage.ts [--top 60] [--dump unmatched.tsv] [--non-food nonfood.tsv] [--sample 50 --seed 1] [--curated file.json]
 *
 * --curated checks a candidate curated.json (a copy being edited) before it replaces dataset/ingredients/curated.json.
 *
 * --dump writes every unmatched name as "count<TAB>language:name<TAB>one display line with it".
 * --sample prints N random matched lines (seeded) as "id <- name <- display", for precision checks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalog, normalizeName } from '../../build/normalize/catalog.ts';
import { toRecipe } from '../../build/normalize/recipe.ts';
import { readAllSources } from '../../build/sources/index.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const top = Number(opt('--top') ?? 60);
const dataset = join(import.meta.dirname, '../../dataset');
const curatedFile = opt('--curated');

const t0 = performance.now();
const catalog = loadCatalog(dataset, curatedFile === undefined ? {} : { curatedFile });
const loadMs = performance.now() - t0;

const stats = new Map<string, { total: number; matched: number; nonFood: number }>();
const nonFoodNames = new Map<string, number>();
const unmatched = new Map<string, number>();
const example = new Map<string, string>();
const matchedLines: string[] = [];
for (const rec of readAllSources(dataset)) {
  const recipe = toRecipe(rec, { catalog });
  const s = stats.get(rec.source) ?? { total: 0, matched: 0, nonFood: 0 };
  stats.set(rec.source, s);
  for (const ing of recipe.ingredients) {
    if (!ing.id && catalog.isNonFood?.(ing.name, recipe.language)) {
      s.nonFood++;
      const k = `${recipe.language}:${normalizeName(ing.name)}`;
      nonFoodNames.set(k, (nonFoodNames.get(k) ?? 0) + 1);
      continue;
    }
    s.total++;
    if (ing.id) {
      s.matched++;
      matchedLines.push(`${ing.id} <- ${ing.name} <- ${ing.display}`);
      continue;
    }
    const k = `${recipe.language}:${normalizeName(ing.name)}`;
    unmatched.set(k, (unmatched.get(k) ?? 0) + 1);
    if (!example.has(k)) example.set(k, ing.display);
  }
}

console.log(`catalog: ${catalog.entries.length} entries, loaded in ${loadMs.toFixed(0)} ms`);
let total = 0;
let matched = 0;
let nonFood = 0;
for (const [source, s] of [...stats].sort()) {
  total += s.total;
  matched += s.matched;
  nonFood += s.nonFood;
  console.log(`${source.padEnd(24)} ${((100 * s.matched) / s.total).toFixed(1).padStart(5)}%  ${s.matched}/${s.total}  (+${s.nonFood} non-food)`);
}
console.log(`${'ALL'.padEnd(24)} ${((100 * matched) / total).toFixed(1).padStart(5)}%  ${matched}/${total}  (+${nonFood} non-food)`);

const ranked = [...unmatched].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
if (top > 0) console.log(`\nTop ${top} unmatched names:`);
for (const [k, n] of ranked.slice(0, top)) console.log(`${String(n).padStart(5)}  ${k}`);

const nonFoodOut = opt('--non-food');
if (nonFoodOut) writeFileSync(nonFoodOut, [...nonFoodNames].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${n}\t${k}\n`).join(''));

const dump = opt('--dump');
if (dump) writeFileSync(dump, ranked.map(([k, n]) => `${n}\t${k}\t${(example.get(k) ?? '').replace(/\s+/g, ' ')}\n`).join(''));

const sample = Number(opt('--sample') ?? 0);
if (sample > 0) {
  // mulberry32: a seeded, reproducible sample.
  let seed = Number(opt('--seed') ?? 1) >>> 0;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  console.log(`\n${sample} random matched lines (id <- name <- display):`);
  for (let i = 0; i < sample && matchedLines.length > 0; i++) console.log(matchedLines[Math.floor(random() * matchedLines.length)]);
}
