/**
 * What the HTTP layer asks of the query core. Implemented over a loaded dataset by
 * runtime/query/create-engine.ts; pure (no HTTP, no I/O after load).
 */
import type { CatalogEntry } from '../format/catalog.ts';
import type { FacetCounts, FacetName, PageRequest, PageResult, RecipeFilter } from './filter.ts';
import type { PantryPage, PantryQuery } from './pantry/pantry.ts';
import type { SearchQuery, SearchResult } from './search/query.ts';

export interface DatasetInfo {
  formatVersion: number;
  /** Content hash of the dataset (manifest.datasetVersion). */
  datasetVersion: string;
  recipeCount: number;
  builtFrom: string[];
}

export interface IngredientQuery {
  /** Case-insensitive name prefix (any language); absent = all. */
  prefix?: string;
  limit: number;
  offset: number;
}

export interface IngredientPage {
  total: number;
  items: CatalogEntry[];
}

export interface Vocabularies {
  course: string[];
  diet: string[];
  cuisine: string[];
  /** Category slugs present in the data, with recipe counts. */
  category: { slug: string; recipeCount: number }[];
  /** Equipment slugs present in the data, with recipe counts. */
  equipment: { slug: string; recipeCount: number }[];
  language: { code: string; recipeCount: number }[];
}

export interface Engine {
  info: DatasetInfo;
  /** Filtered list, newest first. */
  listRecipes(filter: RecipeFilter, page: PageRequest): PageResult;
  /** For each facet, the recipes of the whole filtered set holding each value (runtime/query/facets.ts). */
  facets(filter: RecipeFilter, names: readonly FacetName[]): FacetCounts;
  /** Recipes ranked by pantry coverage (runtime/query/pantry/; SPEC.md § GET /pantry). */
  pantry(q: PantryQuery): PantryPage;
  /** Popularity order (see FORMAT.md § 9 Popularity order). */
  popular(page: PageRequest): PageResult;
  /** Doc number of a recipe id, or undefined. */
  docById(id: string): number | undefined;
  /** The stored JSON bytes of one Recipe (UTF-8), ready to splice into a response. */
  recordJson(doc: number): Uint8Array;
  /** recordJson of each doc, in order: neighbouring records are read together (a page is one or a few reads). */
  recordsJson(docs: ArrayLike<number>): Uint8Array[];
  /** `head`, recordJson of each doc comma-separated, `tail`: in one buffer, read with as few reads and copies as can be (a list body). */
  joinRecordsJson(docs: ArrayLike<number>, head: Uint8Array, tail: Uint8Array): Uint8Array;
  /** The Recipe object (decoded) — for pantry/search that add fields. */
  record(doc: number): import('../format/recipe.ts').Recipe;
  /** Canonical id for a name or id (whole-name, any catalog language, case/space/hyphen-insensitive). */
  resolveIngredient(nameOrId: string): string | undefined;
  /** Grams per millilitre of a canonical ingredient (CatalogEntry.gramsPerMl), undefined when unknown. */
  gramsPerMl(id: string): number | undefined;
  /** Canonical ingredients, paged, optionally by name prefix. */
  ingredients(query: IngredientQuery): IngredientPage;
  vocabularies(): Vocabularies;
  /** Relevance-ranked search (GET /search, runtime/query/search/). */
  search(q: SearchQuery): SearchResult;
}
