/**
 * The closed vocabularies and the filter presets of SPEC.md, in one place: the compiler maps
 * free-text labels onto these lists (build/normalize/vocab/), and the runtime validates query
 * parameters against them and serves them from GET /vocabularies. Order is SPEC.md's order
 * (alphabetical); build output lists slugs in this order too.
 */
import type { NumericField } from './constants.ts';

/** SPEC.md § Closed vocabularies: course (10). */
export const COURSES = [
  'appetizer', 'breakfast', 'brunch', 'dessert', 'dinner',
  'drink', 'lunch', 'main-course', 'side-dish', 'snack',
] as const satisfies readonly string[];

/** SPEC.md § Closed vocabularies: diet (5). */
export const DIETS = [
  'dairy-free', 'gluten-free', 'pescatarian', 'vegan', 'vegetarian',
] as const satisfies readonly string[];

/** SPEC.md § Closed vocabularies: cuisine (55). */
export const CUISINES = [
  'african', 'american', 'argentinian', 'asian', 'australian', 'austrian', 'belgian', 'brazilian',
  'british', 'cajun', 'caribbean', 'chinese', 'cuban', 'danish', 'dutch', 'eastern-european',
  'egyptian', 'ethiopian', 'filipino', 'finnish', 'french', 'german', 'greek', 'hungarian',
  'indian', 'indonesian', 'iranian', 'irish', 'israeli', 'italian', 'jamaican', 'japanese',
  'korean', 'latin-american', 'lebanese', 'malaysian', 'mediterranean', 'mexican',
  'middle-eastern', 'moroccan', 'norwegian', 'pakistani', 'peruvian', 'polish', 'portuguese',
  'russian', 'scandinavian', 'southern-us', 'spanish', 'swedish', 'swiss', 'tex-mex', 'thai',
  'turkish', 'vietnamese',
] as const satisfies readonly string[];

export type Course = (typeof COURSES)[number];
export type Diet = (typeof DIETS)[number];
export type Cuisine = (typeof CUISINES)[number];

/** The unit of each numeric field's bounds, as SPEC.md states it (GET /vocabularies serves it beside each preset). */
export const NUMERIC_UNITS: Record<NumericField, string> = {
  totalTime: 'seconds',
  cookTime: 'seconds',
  calories: 'kcal per serving',
  protein: 'g per serving',
  sodium: 'mg per serving',
  fiber: 'g per serving',
};

/** value <= bound ('le') or value >= bound ('ge'); bounds are inclusive, in the field's unit. */
export interface NumericBound {
  field: NumericField;
  op: 'le' | 'ge';
  bound: number;
}

/** A named preset: one inclusive bound in the field's unit (see NUMERIC_UNITS). */
export interface Preset extends NumericBound {
  description: string;
}

/** SPEC.md § GET /recipes `nutrition`: per-serving presets. */
export const NUTRITION_PRESETS = {
  'high-fiber': { field: 'fiber', op: 'ge', bound: 5, description: 'at least 5 g fiber per serving' },
  'high-protein': { field: 'protein', op: 'ge', bound: 20, description: 'at least 20 g protein per serving' },
  'low-calorie': { field: 'calories', op: 'le', bound: 400, description: 'at most 400 kcal per serving' },
  'low-sodium': { field: 'sodium', op: 'le', bound: 140, description: 'at most 140 mg sodium per serving' },
} as const satisfies Readonly<Record<string, Preset>>;

/**
 * SPEC.md § GET /recipes `time`: total-time presets, bounds in seconds. "Strictly below 15
 * minutes" over whole seconds is `<= 899`; "at least 60 minutes" is `>= 3600`.
 */
export const TIME_PRESETS = {
  'under-15': { field: 'totalTime', op: 'le', bound: 899, description: 'total time strictly below 15 minutes' },
  'under-30': { field: 'totalTime', op: 'le', bound: 1799, description: 'total time strictly below 30 minutes' },
  weekend: { field: 'totalTime', op: 'ge', bound: 3600, description: 'total time at least 60 minutes' },
} as const satisfies Readonly<Record<string, Preset>>;

export type NutritionPreset = keyof typeof NUTRITION_PRESETS;
export type TimePreset = keyof typeof TIME_PRESETS;
