import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { RecipeFacts } from './recipe-facts.ts';

/** Everything a part builder knows before the first recipe arrives. */
export interface BuildContext {
  /** Number of recipes that will be added (docs 0..recipeCount-1). */
  recipeCount: number;
  catalog: readonly CatalogEntry[];
  /** [normalised name, canonical id] pairs the runtime resolves user input with, sorted by name. */
  ingredientNames: readonly [string, string][];
  /**
   * Hands one finished file to the sink (written to the stage directory, or kept in memory).
   * The sink takes the bytes over (they may go to another thread): not to be used afterwards.
   */
  emit(path: string, bytes: Uint8Array): void;
}

/**
 * One recipe as the part builders see it: its stored bytes and its facts, both cheap to read
 * back from the spill, and the whole recipe on demand (parsed from those bytes when spilled).
 * Valid during the add call only: the bytes may be a reused buffer.
 */
export interface RecipeEntry {
  /** recipeJson(recipe) in UTF-8: the record's stored bytes. */
  json: Uint8Array;
  facts: RecipeFacts;
  recipe(): Recipe;
}

/** Receives every recipe once, in doc order, then writes its files through ctx.emit. */
export interface PartBuilder {
  add(doc: number, entry: RecipeEntry): void;
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
