import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

/** Everything a part builder knows before the first recipe arrives. */
export interface BuildContext {
  /** Number of recipes that will be added (docs 0..recipeCount-1). */
  recipeCount: number;
  catalog: readonly CatalogEntry[];
  /** [normalised name, canonical id] pairs the runtime resolves user input with, sorted by name. */
  ingredientNames: readonly [string, string][];
  /** Hands one finished file to the sink (written to the stage directory, or kept in memory). */
  emit(path: string, bytes: Uint8Array): void;
}

/** Receives every recipe once, in doc order, then writes its files through ctx.emit. */
export interface PartBuilder {
  /** `json` is recipeJson(recipe): the record's stored bytes, passed so nobody renders it twice. */
  add(doc: number, recipe: Recipe, json: string): void;
  finish(): void;
}

/** One writer per part of the format (records, one index family, ...). Keeps only compact state. */
export interface PartWriter {
  name: string;
  begin(ctx: BuildContext): PartBuilder;
}

/** The in-memory input of renderDataset: recipes in doc order (doc = array index: newest first). */
export interface WriteContext {
  recipes: readonly Recipe[];
  catalog: readonly CatalogEntry[];
  ingredientNames: readonly [string, string][];
}
