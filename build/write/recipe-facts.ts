import { NUMERIC_FIELDS } from '../../runtime/format/constants.ts';
import { NUMERIC_KEYS } from '../../runtime/format/numeric-keys.ts';
import type { Ingredient, Recipe } from '../../runtime/format/recipe.ts';

/**
 * What the part writers read of a recipe besides its stored JSON and its search texts: a few
 * small fields. The streaming build renders them in pass 1 (on the normalise workers) and spills
 * them next to the JSON, so that pass 2 parses these few hundred bytes per recipe instead of the
 * whole recipe (several kilobytes) again. A writer that needs another field adds it here.
 *
 * Every field but `numeric` has the name and type of the Recipe field it copies, so that helpers
 * over these fields (FAMILY_VALUES, countedTotal) take a Recipe as well.
 */
export interface RecipeFacts extends Pick<Recipe, 'id' | 'language' | 'categories' | 'courses' | 'cuisines' | 'diets' | 'equipment'> {
  ingredients: Pick<Ingredient, 'id' | 'optional'>[];
  rating: Pick<Recipe['rating'], 'count' | 'value'>;
  /** The recipe's NUMERIC_KEYS, in NUMERIC_FIELDS order; null for no value. */
  numeric: (number | null)[];
}

/** The facts of a recipe (JSON-safe: pass 1 spills them, build/spill/facts-codec.ts). */
export function recipeFacts(r: Recipe): RecipeFacts {
  const facts: RecipeFacts = {
    id: r.id,
    language: r.language,
    categories: r.categories,
    courses: r.courses,
    cuisines: r.cuisines,
    diets: r.diets,
    ingredients: r.ingredients.map((i) => (i.id === undefined ? { optional: i.optional } : { id: i.id, optional: i.optional })),
    rating: { count: r.rating.count, value: r.rating.value },
    numeric: NUMERIC_FIELDS.map((field) => NUMERIC_KEYS[field].key(r) ?? null),
  };
  if (r.equipment) facts.equipment = r.equipment;
  return facts;
}
