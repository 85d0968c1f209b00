/**
 * The Recipe resource exactly as the API serves it (SPEC.md § Resources and their fields),
 * plus the two fields the filters need (`diets`, `equipment`).
 *
 * The compiler produces these objects; the runtime serves their JSON bytes as stored.
 * Optional (`?`) means "absent when unknown"; nothing is ever `null`.
 */

export interface Quantity {
  /** Canonical unit symbol (g, kg, ml, l, tsp, tbsp, cup, oz, lb, pinch, clove, ...); '' for a bare count ("2 eggs"). */
  unit: string;
  value: number;
  /** Upper end of a range such as "2-3 cups" (value 2, max 3). */
  max?: number;
}

export interface Ingredient {
  /** The ingredient line as written. */
  display: string;
  /** Ingredient name as the recipe names it ("boneless chicken thighs"). */
  name: string;
  optional: boolean;
  quantity?: Quantity;
  preparation?: string;
  note?: string;
  /** Canonical ingredient id (see GET /ingredients) when the name maps to one. */
  id?: string;
}

export interface Media {
  id: string;
  role: string;
  type: string;
  url: string;
  variants: { url: string }[];
}

export interface Amount {
  unit: string;
  value: number;
}

export interface Nutrition {
  /** `serving` for per-serving figures; `recipe` when only a whole-recipe figure was published. */
  basis?: { type: string };
  /** `provided`: published with the recipe; `estimated`: an estimate published by the source. */
  source?: string;
  calories?: Amount;
  carbohydrates?: Amount;
  fat?: Amount;
  fiber?: Amount;
  protein?: Amount;
  saturatedFat?: Amount;
  sugar?: Amount;
  cholesterol?: Amount;
  sodium?: Amount;
  micronutrients?: Record<string, Amount>;
}

export interface Duration {
  seconds: number;
}

export interface Recipe {
  id: string;
  title: string;
  description: string;
  url: string;
  author?: { name: string; url: string };
  language: string;
  instructions: { step: number; text: string }[];
  text: { ingredients: string[]; instructions: string[] };
  ingredients: Ingredient[];
  categories: string[];
  courses: string[];
  cuisines: string[];
  tags: string[];
  media: Media[];
  nutrition: Nutrition;
  rating: { count: number; reviewCount: number; value: number };
  servings: { quantity: number; max?: number; original: string };
  times: { prep?: Duration; cook?: Duration; total?: Duration };
  /** ISO 8601 UTC with milliseconds, e.g. 2024-03-01T12:00:00.000Z */
  createdAt: string;
  updatedAt: string;
  /** Diet slugs the recipe is known to suit (subset of the diet vocabulary). */
  diets: string[];
  /** Equipment slugs, from a structured source field or the instructions; absent when unknown. */
  equipment?: string[];
}
