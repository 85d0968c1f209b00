/**
 * The maintainer's build report: per-field coverage and the most frequent ingredient names that
 * map to no canonical id (the to-do list for dataset/ingredients/curated data).
 */
import type { Recipe } from '../runtime/format/recipe.ts';

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

function sourceOf(r: Recipe): string {
  try {
    return new URL(r.url).hostname.replace(/^www\./, '');
  } catch {
    return 'unknown';
  }
}

export function coverageReport(recipes: readonly Recipe[], top = 60): BuildReport {
  const count = (keyOf: (r: Recipe) => string) => {
    const m: Record<string, number> = {};
    for (const r of recipes) m[keyOf(r)] = (m[keyOf(r)] ?? 0) + 1;
    return Object.fromEntries(Object.entries(m).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
  };
  const unmatched = new Map<string, number>();
  let lines = 0;
  let withId = 0;
  for (const r of recipes) {
    for (const i of r.ingredients) {
      lines++;
      if (i.id) withId++;
      else unmatched.set(i.name.toLowerCase(), (unmatched.get(i.name.toLowerCase()) ?? 0) + 1);
    }
  }
  const fieldCoverage = Object.fromEntries(
    Object.entries(FIELDS).map(([k, has]) => [k, recipes.length ? recipes.filter(has).length / recipes.length : 0]),
  );
  return {
    recipes: recipes.length,
    bySource: count(sourceOf),
    byLanguage: count((r) => r.language),
    fieldCoverage,
    ingredientLines: lines,
    ingredientLinesWithId: withId,
    topUnmatched: [...unmatched].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top),
  };
}

export function reportMarkdown(r: BuildReport): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const out = [
    `# Build report`,
    '',
    `${r.recipes} recipes; ingredient lines with a canonical id: ${r.ingredientLinesWithId}/${r.ingredientLines} (${pct(r.ingredientLines ? r.ingredientLinesWithId / r.ingredientLines : 0)})`,
    '',
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
  ];
  return out.join('\n');
}
