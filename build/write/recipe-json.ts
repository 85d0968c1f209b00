import type { Recipe } from '../../runtime/format/recipe.ts';

/**
 * The stored JSON of a recipe, fields in SPEC.md's order whatever order the object was built in,
 * so that equal recipes give equal bytes. Absent optional fields are left out (never null).
 */
export const FIELD_ORDER: readonly (keyof Recipe)[] = [
  'id', 'title', 'description', 'url', 'author', 'language', 'instructions', 'text', 'ingredients',
  'categories', 'courses', 'cuisines', 'tags', 'media', 'nutrition', 'rating', 'servings', 'times',
  'createdAt', 'updatedAt', 'diets', 'equipment',
];

export function recipeJson(recipe: Recipe): string {
  const ordered: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) {
    const value = recipe[key];
    if (value !== undefined) ordered[key] = value;
  }
  return JSON.stringify(ordered);
}
