/** The JSON the typed helpers return: the bodies SPEC.md and the README describe. Types only. */
import type { Recipe } from '../format/recipe.ts';
import type { Vocabularies } from '../query/engine.ts';

export type { Recipe };

/** A query parameter's value: lists are sent comma-separated, undefined is left out. */
export type ParamValue = string | number | boolean | readonly string[] | undefined;
export type Params = Readonly<Record<string, ParamValue>>;

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
}

export interface RecipeList {
  pagination: Pagination;
  recipes: Recipe[];
}

export interface PantryList {
  pagination: Pagination;
  recipes: (Recipe & { coverage: number; matchedIngredients: string[]; missingIngredients: string[] })[];
}

export interface SearchResults {
  query: string;
  recipes: (Recipe & { score: number })[];
}

export interface IngredientList {
  pagination: Pagination;
  ingredients: { id: string; name: string; names: Record<string, string[]>; parent?: string; recipeCount: number }[];
}

export interface Preset {
  name: string;
  field: string;
  op: 'le' | 'ge';
  bound: number;
  unit: string;
  description: string;
}

/** GET /vocabularies: the engine's vocabularies plus the presets' rules. */
export interface VocabularyList extends Vocabularies {
  presets: { nutrition: Preset[]; time: Preset[] };
}
