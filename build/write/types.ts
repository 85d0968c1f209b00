import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

/** What every part writer sees: recipes in doc order (doc = array index: newest first). */
export interface WriteContext {
  recipes: readonly Recipe[];
  catalog: readonly CatalogEntry[];
  /** [normalised name, canonical id] pairs the runtime resolves user input with, sorted by name. */
  ingredientNames: readonly [string, string][];
}

/** One writer per part of the format (records, one index family, ...); returns path → bytes. */
export interface PartWriter {
  name: string;
  write(ctx: WriteContext): Map<string, Buffer>;
}
