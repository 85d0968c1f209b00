/**
 * Learns what synthetic recipes are sampled from, out of a REAL compiled dataset: every real
 * recipe becomes a template (its language, title, ingredient lines with their canonical ids,
 * instructions, labels, times, nutrition), plus the empirical pools the perturbations draw from
 * (ingredient → templates using it, for co-occurrence; title words per language; ratings;
 * publication dates; cuisines). Sampling a template keeps the joint distribution of language,
 * ingredient set, course and cuisine; the perturbations (see generate.ts) keep the sets distinct.
 */
import { openDataset } from '../../../runtime/data/open.ts';
import { createEngine } from '../../../runtime/query/create-engine.ts';
import type { Recipe } from '../../../runtime/format/recipe.ts';

export interface Template {
  language: string;
  title: string;
  description: string;
  author?: string;
  lines: string[];
  /** Canonical id per line ('' when the line has none). */
  ids: string[];
  instructions: string[];
  categories: string[];
  courses: string[];
  cuisines: string[];
  tags: string[];
  diets: string[];
  /** schema.org NutritionInformation fields, only for per-serving figures. */
  nutrition?: Record<string, string>;
  servings?: string;
  times: { prep?: number; cook?: number; total?: number };
}

export interface Model {
  templates: Template[];
  /** Canonical id → indices of templates with a line of it (co-occurrence source). */
  byIngredient: Map<string, number[]>;
  /** Title words per language, repeated by frequency. */
  titleWords: Map<string, string[]>;
  /** Ratings of rated recipes, and the share of rated recipes. */
  ratings: { count: number; value: number }[];
  ratedShare: number;
  /** createdAt of every recipe, epoch ms (empirical). */
  createdAt: number[];
  /** The latest real createdAt: synthetic dates never pass it. */
  latest: number;
  /** Every cuisine occurrence (frequency-weighted pool). */
  cuisines: string[];
}

const NUTRITION_FIELDS: [keyof Recipe['nutrition'], string][] = [
  ['calories', 'calories'], ['carbohydrates', 'carbohydrateContent'], ['fat', 'fatContent'],
  ['fiber', 'fiberContent'], ['protein', 'proteinContent'], ['saturatedFat', 'saturatedFatContent'],
  ['sugar', 'sugarContent'], ['cholesterol', 'cholesterolContent'], ['sodium', 'sodiumContent'],
];

/** Languages written without spaces: title words are character bigrams there. */
export const UNSPACED = new Set(['zh', 'ja', 'th']);

export function titleTokens(title: string, language: string): string[] {
  if (UNSPACED.has(language)) {
    const chars = [...title];
    const out: string[] = [];
    for (let i = 0; i + 1 < chars.length; i += 2) out.push(chars[i]! + chars[i + 1]!);
    return out;
  }
  return title.split(/\s+/).filter((w) => w.length > 2 && /\p{L}/u.test(w));
}

function toTemplate(r: Recipe): Template {
  let nutrition: Record<string, string> | undefined;
  if (r.nutrition.basis?.type === 'serving') {
    for (const [field, schema] of NUTRITION_FIELDS) {
      const a = r.nutrition[field] as { value: number; unit: string } | undefined;
      if (a && typeof a.value === 'number') (nutrition ??= {})[schema] = `${a.value} ${a.unit}`.trim();
    }
  }
  const t: Template = {
    language: r.language,
    title: r.title,
    description: r.description,
    lines: r.ingredients.map((i) => i.display),
    ids: r.ingredients.map((i) => (i.optional ? '' : i.id ?? '')),
    instructions: r.instructions.map((s) => s.text),
    categories: r.categories,
    courses: r.courses,
    cuisines: r.cuisines,
    tags: r.tags,
    diets: r.diets,
    times: { prep: r.times.prep?.seconds, cook: r.times.cook?.seconds, total: r.times.total?.seconds },
  };
  if (r.author?.name) t.author = r.author.name;
  if (nutrition) t.nutrition = nutrition;
  if (r.servings.original) t.servings = r.servings.original;
  return t;
}

/** Reads every record of the compiled dataset in `dataDir` (a directory holding manifest.json). */
export function learnModel(dataDir: string): Model {
  const engine = createEngine(openDataset(dataDir, { verify: 'size' }));
  const m: Model = { templates: [], byIngredient: new Map(), titleWords: new Map(), ratings: [], ratedShare: 0, createdAt: [], latest: 0, cuisines: [] };
  for (let doc = 0; doc < engine.info.recipeCount; doc++) {
    const r = engine.record(doc);
    if (r.ingredients.length === 0) continue;
    const index = m.templates.push(toTemplate(r)) - 1;
    for (const id of new Set(r.ingredients.map((i) => i.id).filter((x): x is string => !!x))) {
      let list = m.byIngredient.get(id);
      if (!list) m.byIngredient.set(id, (list = []));
      list.push(index);
    }
    let words = m.titleWords.get(r.language);
    if (!words) m.titleWords.set(r.language, (words = []));
    words.push(...titleTokens(r.title, r.language));
    if (r.rating.count > 0) m.ratings.push({ count: r.rating.count, value: r.rating.value });
    m.createdAt.push(Date.parse(r.createdAt));
    m.cuisines.push(...r.cuisines);
  }
  m.latest = m.createdAt.reduce((a, b) => Math.max(a, b), 0);
  m.ratedShare = m.ratings.length / Math.max(1, m.templates.length);
  return m;
}
