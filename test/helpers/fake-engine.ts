/**
 * A handful of sample recipes and catalog entries (synthetic: tests only) and the real engine
 * over them, for HTTP tests that must not depend on the full compiled dataset. `matches` is a
 * plain oracle of SPEC.md § GET /recipes over the same records.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { Engine } from '../../runtime/query/engine.ts';
import { buildFixture } from './fixture-dataset.ts';
import type { NumericField } from '../../runtime/format/constants.ts';
import type { PageRequest, RecipeFilter } from '../../runtime/query/filter.ts';
import { normalizeName } from '../../runtime/format/normalize-name.ts';

export const CATALOG: CatalogEntry[] = [
  { id: 'chicken', name: 'chicken', names: { en: ['chicken'], sv: ['kyckling'] }, sources: ['curated'], recipeCount: 0 },
  { id: 'chicken-thigh', name: 'chicken thigh', names: { en: ['chicken thigh', 'chicken thighs'] }, parent: 'chicken', sources: ['curated'], recipeCount: 0 },
  { id: 'rice', name: 'rice', names: { en: ['rice'], sv: ['ris'] }, sources: ['curated'], recipeCount: 0 },
  { id: 'garlic', name: 'garlic', names: { en: ['garlic'] }, sources: ['curated'], recipeCount: 0 },
  { id: 'olive-oil', name: 'olive oil', names: { en: ['olive oil'] }, sources: ['curated'], recipeCount: 0 },
  { id: 'tomato', name: 'tomato', names: { en: ['tomato', 'tomatoes'] }, sources: ['curated'], recipeCount: 0 },
  { id: 'peanut', name: 'peanut', names: { en: ['peanut', 'peanuts'] }, sources: ['curated'], recipeCount: 0 },
];

let seq = 0;
function recipe(p: Partial<Recipe> & { id: string; ingredientIds: string[]; optionalIds?: string[] }): Recipe {
  seq++;
  const ingredients = p.ingredientIds.map((id) => ({ display: id.replace(/-/g, ' '), name: id.replace(/-/g, ' '), optional: p.optionalIds?.includes(id) ?? false, id }));
  const r: Recipe = {
    id: p.id,
    title: p.title ?? `Recipe ${p.id}`,
    description: 'A test recipe.',
    url: `https://example.com/${p.id}`,
    language: p.language ?? 'en',
    instructions: [{ step: 1, text: 'Cook.' }],
    text: { ingredients: ingredients.map((i) => i.display), instructions: ['Cook.'] },
    ingredients,
    categories: p.categories ?? [],
    courses: p.courses ?? [],
    cuisines: p.cuisines ?? [],
    tags: [],
    media: [],
    nutrition: p.nutrition ?? {},
    rating: p.rating ?? { count: 0, reviewCount: 0, value: 0 },
    servings: { quantity: 4, original: '4' },
    times: p.times ?? {},
    createdAt: p.createdAt ?? new Date(Date.UTC(2024, 0, seq)).toISOString(),
    updatedAt: p.createdAt ?? new Date(Date.UTC(2024, 0, seq)).toISOString(),
    diets: p.diets ?? [],
  };
  if (p.equipment) r.equipment = p.equipment;
  return r;
}

const g = (value: number) => ({ unit: 'g', value });
export const RECIPES: Recipe[] = [
  recipe({ id: 'r0000000000a1', title: 'Chicken rice', ingredientIds: ['chicken', 'rice', 'garlic'], cuisines: ['chinese'], courses: ['main-course', 'dinner'], categories: ['main-course'], equipment: ['wok'], times: { cook: { seconds: 1200 }, total: { seconds: 1500 } }, nutrition: { basis: { type: 'serving' }, calories: { unit: 'kcal', value: 550 }, protein: g(35), fiber: g(2), sodium: { unit: 'mg', value: 600 } }, rating: { count: 500, reviewCount: 100, value: 4.5 } }),
  recipe({ id: 'r0000000000a2', title: 'Tomato salad', ingredientIds: ['tomato', 'olive-oil', 'garlic'], cuisines: ['italian'], courses: ['side-dish'], categories: ['salad'], diets: ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'], equipment: ['bowl'], times: { total: { seconds: 600 } }, nutrition: { basis: { type: 'serving' }, calories: { unit: 'kcal', value: 150 }, protein: g(3), fiber: g(6), sodium: { unit: 'g', value: 0.1 } }, rating: { count: 1, reviewCount: 1, value: 5 } }),
  recipe({ id: 'r0000000000a3', title: 'Kycklinggryta', language: 'sv', ingredientIds: ['chicken-thigh', 'tomato'], optionalIds: ['tomato'], cuisines: ['swedish'], courses: ['dinner'], equipment: ['oven', 'dutch-oven'], times: { cook: { seconds: 4800 }, total: { seconds: 5400 } }, nutrition: { basis: { type: 'serving' }, calories: { unit: 'kcal', value: 380 }, protein: g(28), fiber: g(5), sodium: { unit: 'mg', value: 130 } }, rating: { count: 40, reviewCount: 10, value: 4.2 } }),
  recipe({ id: 'r0000000000a4', title: 'Peanut noodles', ingredientIds: ['peanut', 'garlic'], cuisines: ['thai'], courses: ['lunch'], categories: ['noodles'], diets: ['vegetarian'], times: { total: { seconds: 3600 } }, rating: { count: 10, reviewCount: 2, value: 4 } }),
  recipe({ id: 'r0000000000a5', title: 'Plain rice', ingredientIds: ['rice'], cuisines: ['asian'], courses: ['side-dish'], diets: ['vegan'], equipment: ['pot'], nutrition: { basis: { type: 'recipe' }, calories: { unit: 'kcal', value: 800 } } }),
];


function numericValue(r: Recipe, field: NumericField): number | undefined {
  const serving = r.nutrition.basis?.type === 'serving';
  switch (field) {
    case 'totalTime':
      return r.times.total?.seconds;
    case 'cookTime':
      return r.times.cook?.seconds;
    case 'calories':
      return serving ? r.nutrition.calories?.value : undefined;
    case 'protein':
      return serving ? r.nutrition.protein?.value : undefined;
    case 'fiber':
      return serving ? r.nutrition.fiber?.value : undefined;
    case 'sodium': {
      const s = serving ? r.nutrition.sodium : undefined;
      return s === undefined ? undefined : s.unit === 'g' ? s.value * 1000 : s.value;
    }
  }
}

export function matches(r: Recipe, f: RecipeFilter): boolean {
  if (f.impossible) return false;
  if (f.category !== undefined && !r.categories.includes(f.category)) return false;
  if (f.course !== undefined && !r.courses.includes(f.course)) return false;
  if (f.cuisine !== undefined && !r.cuisines.includes(f.cuisine)) return false;
  if (f.diet !== undefined && !r.diets.includes(f.diet)) return false;
  if (f.language !== undefined && r.language !== f.language) return false;
  const ids = new Set(r.ingredients.map((i) => i.id));
  if (f.ingredients?.some((id) => !ids.has(id))) return false;
  if (f.excludeIngredients?.some((id) => ids.has(id))) return false;
  if (f.equipment && (!r.equipment || f.equipment.some((e) => !r.equipment!.includes(e)))) return false;
  for (const b of f.numeric ?? []) {
    const v = numericValue(r, b.field);
    if (v === undefined) return false;
    if (b.op === 'le' ? v > b.bound : v < b.bound) return false;
  }
  return true;
}


export type FakeEngine = Engine & { lastFilter?: RecipeFilter; lastPage?: PageRequest };

let compiled: Engine | undefined;

/**
 * The REAL engine over RECIPES and CATALOG compiled into a temporary dataset (the same writer and
 * reader as production), wrapped to record the last filter and page it was asked for, so HTTP
 * tests can check both the response and what the HTTP layer passed to the core.
 */
export function createFakeEngine(): FakeEngine {
  compiled ??= buildFixture(RECIPES, CATALOG).engine;
  const real = compiled;
  const engine: FakeEngine = {
    ...real,
    listRecipes(filter, p) {
      engine.lastFilter = filter;
      engine.lastPage = p;
      return real.listRecipes(filter, p);
    },
    popular(p) {
      engine.lastPage = p;
      return real.popular(p);
    },
  };
  return engine;
}
