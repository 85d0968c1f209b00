/**
 * Random recipes and /recipes filters for property tests, and the plain oracle of SPEC.md's filter
 * rules over the recipe objects (shared by the filter and facet property tests).
 */
import fc from 'fast-check';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { NUMERIC_KEYS } from '../../runtime/format/numeric-keys.ts';
import type { NumericBound } from '../../runtime/format/vocabulary.ts';
import type { RecipeFilter } from '../../runtime/query/filter.ts';
import { makeRecipe } from './make-recipe.ts';

export const INGREDIENTS = ['salt', 'onion', 'garlic', 'tomato', 'basil', 'rice', 'chicken', 'tofu'];
const CUISINES = ['italian', 'thai', 'french'];
const CATEGORIES = ['soup', 'quick-meals', 'baking'];
const COURSES = ['dinner', 'dessert'];
const DIETS = ['vegan', 'vegetarian'];
const EQUIPMENT = ['oven', 'wok', 'blender'];
const LANGS = ['en', 'sv', 'zh'];

const subset = <T>(xs: readonly T[]) => fc.subarray([...xs], { maxLength: xs.length });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

export const recipeArb = (i: number) =>
  fc.record({
    day: fc.integer({ min: 1, max: 28 }),
    cuisines: subset(CUISINES),
    categories: subset(CATEGORIES),
    courses: subset(COURSES),
    diets: subset(DIETS),
    equipment: maybe(fc.subarray(EQUIPMENT, { minLength: 1 })),
    language: fc.constantFrom(...LANGS),
    ings: fc.array(fc.record({ id: fc.constantFrom(...INGREDIENTS), optional: fc.boolean() }), { maxLength: 6 }),
    total: maybe(fc.integer({ min: 0, max: 7200 })),
    cook: maybe(fc.integer({ min: 0, max: 7200 })),
    kcal: maybe(fc.double({ min: 0, max: 2000, noNaN: true })),
    protein: maybe(fc.double({ min: 0, max: 80, noNaN: true })),
    sodium: maybe(fc.record({ unit: fc.constantFrom('mg', 'g'), value: fc.double({ min: 0, max: 3000, noNaN: true }) })),
    fiber: maybe(fc.double({ min: 0, max: 30, noNaN: true })),
    perServing: fc.boolean(),
  }).map((g): Recipe =>
    makeRecipe({
      id: `r${String(i).padStart(4, '0')}`,
      createdAt: `2024-02-${String(g.day).padStart(2, '0')}T00:00:00.000Z`,
      cuisines: g.cuisines,
      categories: g.categories,
      courses: g.courses,
      diets: g.diets,
      equipment: g.equipment,
      language: g.language,
      ingredients: g.ings.map((x) => ({ display: x.id, name: x.id, optional: x.optional, id: x.id })),
      times: { ...(g.total !== undefined && { total: { seconds: g.total } }), ...(g.cook !== undefined && { cook: { seconds: g.cook } }) },
      nutrition: {
        basis: { type: g.perServing ? 'serving' : 'recipe' },
        ...(g.kcal !== undefined && { calories: { unit: 'kcal', value: g.kcal } }),
        ...(g.protein !== undefined && { protein: { unit: 'g', value: g.protein } }),
        ...(g.sodium !== undefined && { sodium: g.sodium }),
        ...(g.fiber !== undefined && { fiber: { unit: 'g', value: g.fiber } }),
      },
    }),
  );

const boundArb: fc.Arbitrary<NumericBound> = fc.oneof(
  fc.record({ field: fc.constant('totalTime' as const), op: fc.constantFrom('le' as const, 'ge' as const), bound: fc.integer({ min: 0, max: 7300 }) }),
  fc.record({ field: fc.constant('cookTime' as const), op: fc.constant('le' as const), bound: fc.integer({ min: 60, max: 7300 }) }),
  fc.record({ field: fc.constant('calories' as const), op: fc.constant('le' as const), bound: fc.integer({ min: 1, max: 2100 }) }),
  fc.record({ field: fc.constant('protein' as const), op: fc.constant('ge' as const), bound: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ field: fc.constant('sodium' as const), op: fc.constant('le' as const), bound: fc.integer({ min: 1, max: 3_100_000 }) }),
  fc.record({ field: fc.constant('fiber' as const), op: fc.constant('ge' as const), bound: fc.integer({ min: 1, max: 35 }) }),
);

export const filterArb: fc.Arbitrary<RecipeFilter> = fc.record(
  {
    category: fc.constantFrom(...CATEGORIES),
    cuisine: fc.constantFrom(...CUISINES, 'unknown'),
    course: fc.constantFrom(...COURSES),
    diet: fc.constantFrom(...DIETS),
    language: fc.constantFrom(...LANGS),
    ingredients: fc.subarray(INGREDIENTS, { minLength: 1, maxLength: 3 }),
    excludeIngredients: fc.subarray(INGREDIENTS, { minLength: 1, maxLength: 3 }),
    equipment: fc.subarray(EQUIPMENT, { minLength: 1, maxLength: 2 }),
    numeric: fc.array(boundArb, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: [] },
);

/** The oracle: SPEC.md's rules, written as plainly as possible over the recipe objects. */
export function oracle(recipes: Recipe[], f: RecipeFilter): Recipe[] {
  return recipes.filter((r) => {
    if (f.category && !r.categories.includes(f.category)) return false;
    if (f.cuisine && !r.cuisines.includes(f.cuisine)) return false;
    if (f.course && !r.courses.includes(f.course)) return false;
    if (f.diet && !r.diets.includes(f.diet)) return false;
    if (f.language && r.language !== f.language) return false;
    if (f.ingredients?.some((id) => !r.ingredients.some((i) => i.id === id && !i.optional))) return false;
    if (f.excludeIngredients?.some((id) => r.ingredients.some((i) => i.id === id))) return false;
    if (f.equipment?.some((e) => !(r.equipment ?? []).includes(e))) return false;
    for (const b of f.numeric ?? []) {
      const v = NUMERIC_KEYS[b.field].key(r);
      if (v === undefined) return false;
      if (b.op === 'le' ? !(v <= b.bound) : !(v >= b.bound)) return false;
    }
    return true;
  });
}

/** Random recipes: 0 to `max`, with ids in creation order. */
export const recipesArb = (max: number) =>
  fc.integer({ min: 0, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => recipeArb(i))));
