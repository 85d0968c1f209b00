/**
 * A parsed, validated /recipes filter. Produced by runtime/query/params.ts from the query
 * string; executed by runtime/query/recipes.ts over bitmaps. No HTTP in here.
 */
import type { NumericBound } from '../format/vocabulary.ts';

export interface RecipeFilter {
  category?: string;
  course?: string;
  cuisine?: string;
  diet?: string;
  language?: string;
  /** Canonical ids (resolved from names); every one required. An unresolvable name makes `impossible` true. */
  ingredients?: string[];
  /** Canonical ids to exclude (any use, optional included). Unresolvable names are dropped. */
  excludeIngredients?: string[];
  /** Equipment slugs, every one required. */
  equipment?: string[];
  numeric?: NumericBound[];
  /** True when some required value can never match (unknown ingredient name): total is 0. */
  impossible?: boolean;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface PageResult {
  total: number;
  /** Internal doc numbers of the page, in order. */
  docs: Uint32Array;
}

/** The facets GET /recipes can count (`facets=`), each a bitmap family of the dataset. */
export const FACET_NAMES = ['cuisine', 'course', 'diet', 'language', 'category', 'equipment'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** `{facet: {value: count}}`: facets in the order asked, values in key (code-unit) order, no zero counts. */
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;
