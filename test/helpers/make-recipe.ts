import type { Recipe } from '../../runtime/format/recipe.ts';

/** A minimal valid Recipe for format and engine tests (synthetic: tests only, never served). */
export function makeRecipe(over: Partial<Recipe> & { id: string }): Recipe {
  const base: Recipe = {
    id: over.id,
    title: `Recipe ${over.id}`,
    description: '',
    url: `https://example.org/${over.id}`,
    language: 'en',
    instructions: [{ step: 1, text: 'Cook.' }],
    text: { ingredients: [], instructions: ['Cook.'] },
    ingredients: [],
    categories: [],
    courses: [],
    cuisines: [],
    tags: [],
    media: [],
    nutrition: {},
    rating: { count: 0, reviewCount: 0, value: 0 },
    servings: { quantity: 1, original: '' },
    times: {},
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    diets: [],
  };
  const r = { ...base, ...over };
  r.text = { ingredients: r.ingredients.map((i) => i.display), instructions: r.instructions.map((s) => s.text) };
  return r;
}
