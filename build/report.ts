/**
 * The maintainer's build report: per-field coverage and the most frequent ingredient names that
 * map to no canonical id (the to-do list for dataset/ingredients/curated data).
 */
import type { CatalogEntry } from '../runtime/format/catalog.ts';
import type { Recipe } from '../runtime/format/recipe.ts';
import { inferredOf } from './normalize/recipe.ts';
import { hostnameOf } from './normalize/text.ts';

export interface BuildReport {
  recipes: number;
  bySource: Record<string, number>;
  byLanguage: Record<string, number>;
  /** Share (0..1) of recipes where the field is known. */
  fieldCoverage: Record<string, number>;
  ingredientLines: number;
  ingredientLinesWithId: number;
  /** [name as the recipe names it (lower-cased), occurrences], most frequent first. */
  topUnmatched: [string, number][];
  /** [id, title] of every recipe left without an ingredient line (its source gives none), by id: to fix by hand or leave out. */
  withoutIngredients: [string, string][];
  /** ["courses dessert (model: ingredients)", recipes]: labels inferred for recipes whose own labels gave none (recipe.ts inferEmpty), by field, label and signal. */
  inferred: [string, number][];
  /** Catalog entries with a density (CatalogEntry.gramsPerMl), of how many, by source (full builds only). */
  densities?: DensityCoverage;
}

export interface DensityCoverage {
  entries: number;
  of: number;
  /** Where the densities come from: today only Open Tandoor Data's conversions (build/catalog/tandoor-density.ts). */
  bySource: Record<string, number>;
}

export function densityCoverage(catalog: readonly CatalogEntry[]): DensityCoverage {
  const withDensity = catalog.filter((e) => e.gramsPerMl !== undefined);
  return { entries: withDensity.length, of: catalog.length, bySource: { 'open-tandoor-data': withDensity.filter((e) => e.sources.includes('tandoor')).length } };
}

const FIELDS: Record<string, (r: Recipe) => boolean> = {
  description: (r) => r.description.length > 0,
  author: (r) => !!r.author,
  instructions: (r) => r.instructions.length > 0,
  ingredients: (r) => r.ingredients.length > 0,
  categories: (r) => r.categories.length > 0,
  courses: (r) => r.courses.length > 0,
  cuisines: (r) => r.cuisines.length > 0,
  tags: (r) => r.tags.length > 0,
  media: (r) => r.media.length > 0,
  'nutrition.calories (per serving)': (r) => !!r.nutrition.calories && r.nutrition.basis?.type === 'serving',
  'nutrition.protein': (r) => !!r.nutrition.protein,
  'nutrition.sodium': (r) => !!r.nutrition.sodium,
  'nutrition.fiber': (r) => !!r.nutrition.fiber,
  rating: (r) => r.rating.count > 0,
  'servings (published)': (r) => r.servings.original.length > 0,
  'times.prep': (r) => !!r.times.prep,
  'times.cook': (r) => !!r.times.cook,
  'times.total': (r) => !!r.times.total,
  diets: (r) => r.diets.length > 0,
  equipment: (r) => !!r.equipment?.length,
  'every ingredient has an id': (r) => r.ingredients.length > 0 && r.ingredients.every((i) => i.id),
};

const FIELD_TESTS = Object.entries(FIELDS);

function sourceOf(r: Recipe): string {
  try {
    return hostnameOf(r.url).replace(/^www\./, '');
  } catch {
    return 'unknown';
  }
}

export interface ReportState {
  recipes: number;
  lines: number;
  withId: number;
  /** bySource, byLanguage, field counts, unmatched names, inferred labels. */
  maps: [string, number][][];
  withoutIngredients: [string, string][];
}

/** Accumulates the report one recipe at a time (any order: the result does not depend on it). */
export class ReportBuilder {
  #recipes = 0;
  readonly #bySource = new Map<string, number>();
  readonly #byLanguage = new Map<string, number>();
  readonly #fieldCounts = new Map<string, number>(Object.keys(FIELDS).map((k) => [k, 0]));
  readonly #unmatched = new Map<string, number>();
  readonly #inferred = new Map<string, number>();
  #lines = 0;
  #withId = 0;
  readonly #withoutIngredients: [string, string][] = [];

  add(r: Recipe): void {
    this.#recipes++;
    bump(this.#bySource, sourceOf(r));
    bump(this.#byLanguage, r.language);
    for (const [k, has] of FIELD_TESTS) if (has(r)) bump(this.#fieldCounts, k);
    if (r.ingredients.length === 0) this.#withoutIngredients.push([r.id, r.title]);
    for (const { field, labels, origin } of inferredOf(r)) for (const l of labels) bump(this.#inferred, `${field} ${l} (${origin})`);
    for (const i of r.ingredients) {
      this.#lines++;
      if (i.id) this.#withId++;
      else bump(this.#unmatched, i.name.toLowerCase());
    }
  }

  /** Plain counts, to hand across threads (merge). */
  state(): ReportState {
    return {
      recipes: this.#recipes,
      lines: this.#lines,
      withId: this.#withId,
      maps: [[...this.#bySource], [...this.#byLanguage], [...this.#fieldCounts], [...this.#unmatched], [...this.#inferred]],
      withoutIngredients: this.#withoutIngredients.slice(),
    };
  }

  /** Adds another builder's counts (e.g. a worker thread's). */
  merge(s: ReportState): void {
    this.#recipes += s.recipes;
    this.#lines += s.lines;
    this.#withId += s.withId;
    this.#withoutIngredients.push(...s.withoutIngredients);
    [this.#bySource, this.#byLanguage, this.#fieldCounts, this.#unmatched, this.#inferred].forEach((m, i) => {
      for (const [k, n] of s.maps[i]!) m.set(k, (m.get(k) ?? 0) + n);
    });
  }

  result(top = 60): BuildReport {
    const n = this.#recipes;
    return {
      recipes: n,
      bySource: Object.fromEntries(ranked(this.#bySource)),
      byLanguage: Object.fromEntries(ranked(this.#byLanguage)),
      fieldCoverage: Object.fromEntries([...this.#fieldCounts].map(([k, c]) => [k, n ? c / n : 0])),
      ingredientLines: this.#lines,
      ingredientLinesWithId: this.#withId,
      topUnmatched: ranked(this.#unmatched).slice(0, top),
      withoutIngredients: this.#withoutIngredients.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
      inferred: [...this.#inferred].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    };
  }
}

function bump(m: Map<string, number>, key: string): void {
  m.set(key, (m.get(key) ?? 0) + 1);
}

/** Most frequent first, ties by key. */
function ranked(m: Map<string, number>): [string, number][] {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

export function coverageReport(recipes: readonly Recipe[], top = 60): BuildReport {
  const builder = new ReportBuilder();
  for (const r of recipes) builder.add(r);
  return builder.result(top);
}

/** "courses: model: ingredients 280, …; cuisines: …" from the "field label (signal)" counts. */
function bySignal(inferred: readonly [string, number][]): string {
  const sums = new Map<string, number>();
  for (const [key, n] of inferred) {
    const m = /^(\S+) \S+ \((.+)\)$/.exec(key);
    if (m) sums.set(`${m[1]}: ${m[2]}`, (sums.get(`${m[1]}: ${m[2]}`) ?? 0) + n);
  }
  return ranked(sums).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
}

export function reportMarkdown(r: BuildReport): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const out = [
    `# Build report`,
    '',
    `${r.recipes} recipes; ingredient lines with a canonical id: ${r.ingredientLinesWithId}/${r.ingredientLines} (${pct(r.ingredientLines ? r.ingredientLinesWithId / r.ingredientLines : 0)})`,
    '',
    ...(r.densities ? [`Catalog entries with a density (g/ml, weighs US volumes for \`units=metric\`): ${r.densities.entries}/${r.densities.of}, by source: ${Object.entries(r.densities.bySource).map(([k, v]) => `${k} ${v}`).join(', ')}`, ''] : []),
    '| field | coverage |',
    '|---|---:|',
    ...Object.entries(r.fieldCoverage).map(([k, v]) => `| ${k} | ${pct(v)} |`),
    '',
    '| language | recipes |',
    '|---|---:|',
    ...Object.entries(r.byLanguage).map(([k, v]) => `| ${k} | ${v} |`),
    '',
    '## Most frequent ingredient names without a canonical id',
    '',
    '| name | lines |',
    '|---|---:|',
    ...r.topUnmatched.map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${v} |`),
    '',
    `## Recipes without ingredient lines (${r.withoutIngredients.length})`,
    '',
    'No source record gives one (for recipe-scrapers pages: neither the JSON-LD nor the scraper\'s fields): each needs its lines added by hand, or leaving out.',
    '',
    '| id | title |',
    '|---|---|',
    ...r.withoutIngredients.map(([id, title]) => `| ${id} | ${title.replace(/\|/g, '\\|')} |`),
    '',
    `## Courses and cuisines added to recipes whose records give none (${r.inferred.reduce((n, [, k]) => n + k, 0)} labels: by hand, inferred or by rule)`,
    '',
    'For recipes whose own labels give none: the hand labels when the recipe is in the labelled sample (dataset/vocab/label-sample.json: "hand"), else the label model (dataset/vocab/label-model.json, trained on the recipes labelled by their own data and on the sample; a class is inferred only above a threshold chosen by cross-validation for 95% precision at the lower end of a one-sided 95% Wilson interval, and test/eval/label-model.ts measures it held out on the sample), else the source rule of dataset/vocab/label-rules.json (HowToCook\'s Chinese dishes). "model: x" names the signal that weighed most: title words, tags and categories, ingredients, the source or site, the language, or the keyword rules.',
    '',
    `By signal: ${bySignal(r.inferred)}.`,
    '',
    '| field, label (from) | recipes |',
    '|---|---:|',
    ...r.inferred.map(([k, v]) => `| ${k} | ${v} |`),
    '',
  ];
  return out.join('\n');
}
