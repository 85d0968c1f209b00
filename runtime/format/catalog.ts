/**
 * One canonical ingredient as GET /ingredients serves it and as the compiler matches names against it.
 */
export interface CatalogEntry {
  /** Slug, e.g. 'chicken', 'olive-oil'. Stable across rebuilds. */
  id: string;
  /** English display name. */
  name: string;
  /** Names by ISO 639-1 language code (first is preferred), synonyms included. */
  names: Record<string, string[]>;
  /** Parent ingredient id (informational only: matching never infers parents). */
  parent?: string;
  /** Diet facts: true = suits, false = does not; absent = unknown. */
  vegan?: boolean;
  vegetarian?: boolean;
  pescatarian?: boolean;
  dairyFree?: boolean;
  glutenFree?: boolean;
  /** Where the entry comes from: 'off' (Open Food Facts), 'tandoor', 'usda', 'howtocook', 'curated'. */
  sources: string[];
  /** Number of compiled recipes that use it (filled in by the compiler). */
  recipeCount: number;
  /**
   * Density in grams per millilitre, 3 decimals, where a source gives a weight for a volume of it
   * (Open Tandoor Data: "1 cup flour = 120 g"); absent = unknown. `units=metric` weighs US
   * volumes of it (runtime/query/convert/).
   */
  gramsPerMl?: number;
}
