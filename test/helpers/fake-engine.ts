/**
 * A small in-memory Engine over a handful of recipes, implemented plainly with arrays, for HTTP
 * tests that must not depend on the compiled dataset. Semantics follow SPEC.md § GET /recipes.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { Engine, IngredientQuery } from '../../runtime/query/engine.ts';
import type { NumericField, PageRequest, RecipeFilter } from '../../runtime/query/filter.ts';
import { normalizeName } from '../../runtime/format/normalize-name.ts';
import { COURSES, CUISINES, DIETS } from '../../runtime/format/vocabulary.ts';

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

const byNewest = RECIPES.map((_, i) => i).sort((a, b) => (RECIPES[b]!.createdAt < RECIPES[a]!.createdAt ? -1 : 1));

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

function page(docs: number[], p: PageRequest) {
  return { total: docs.length, docs: Uint32Array.from(docs.slice(p.offset, p.offset + p.limit)) };
}

export type FakeEngine = Engine & { lastFilter?: RecipeFilter; lastPage?: PageRequest };

export function createFakeEngine(): FakeEngine {
  const engine: FakeEngine = {
    info: { formatVersion: 1, datasetVersion: 'fake-1', recipeCount: RECIPES.length, builtFrom: ['fake'] },
    listRecipes(filter, p) {
      engine.lastFilter = filter;
      engine.lastPage = p;
      return page(byNewest.filter((d) => matches(RECIPES[d]!, filter)), p);
    },
    popular(p) {
      engine.lastPage = p;
      const score = (r: Recipe) => (r.rating.value * r.rating.count + 4 * 10) / (r.rating.count + 10);
      return page(RECIPES.map((_, i) => i).sort((a, b) => score(RECIPES[b]!) - score(RECIPES[a]!)), p);
    },
    docById(id) {
      const i = RECIPES.findIndex((r) => r.id === id);
      return i < 0 ? undefined : i;
    },
    recordJson(doc) {
      return Buffer.from(JSON.stringify(RECIPES[doc]));
    },
    record(doc) {
      const r = RECIPES[doc];
      if (!r) throw new Error(`no doc ${doc}`);
      return r;
    },
    resolveIngredient(nameOrId) {
      const n = normalizeName(nameOrId);
      return CATALOG.find((e) => e.id === n || Object.values(e.names).some((ns) => ns.some((x) => normalizeName(x) === n)))?.id;
    },
    ingredients(q: IngredientQuery) {
      const prefix = q.prefix?.toLowerCase();
      const all = CATALOG.filter((e) => prefix === undefined || Object.values(e.names).some((ns) => ns.some((x) => x.toLowerCase().startsWith(prefix))));
      return { total: all.length, items: all.slice(q.offset, q.offset + q.limit) };
    },
    vocabularies() {
      const count = (values: (r: Recipe) => string[]) => {
        const m = new Map<string, number>();
        for (const r of RECIPES) for (const v of new Set(values(r))) m.set(v, (m.get(v) ?? 0) + 1);
        return [...m].sort().map(([slug, recipeCount]) => ({ slug, recipeCount }));
      };
      return {
        course: [...COURSES],
        diet: [...DIETS],
        cuisine: [...CUISINES],
        category: count((r) => r.categories),
        equipment: count((r) => r.equipment ?? []),
        language: count((r) => [r.language]).map(({ slug, recipeCount }) => ({ code: slug, recipeCount })),
      };
    },
  };
  return engine;
}
