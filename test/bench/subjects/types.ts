/** What every benchmarked implementation (ours and each peer) answers. */
import type { FacetName, PageRequest, RecipeFilter } from '../../../runtime/query/filter.ts';

export interface ListAnswer {
  total: number;
  docs: ArrayLike<number>;
}

export interface PantryRequest {
  /** Resolved canonical ids. */
  ids: string[];
  /** Extra ids counted as available that never qualify a recipe on their own (assumeStaples). */
  staples: string[];
  language: string;
  limit: number;
}

export interface SearchRequest {
  query: string;
  limit: number;
  /** Only recipes in this language (the /search filter a user sets most). */
  language?: string;
}

/** Orama may answer asynchronously; the harness awaits only when it must. */
export type Maybe<T> = T | Promise<T>;

export interface Subject {
  name: string;
  /** Records it holds (Orama may be capped). */
  size: number;
  /** Which filter shapes it cannot express (the row is reported n/a rather than faked). */
  supports?(f: RecipeFilter): boolean;
  list(f: RecipeFilter, page: PageRequest): Maybe<ListAnswer>;
  /** The page and the facet counts of the filtered set (GET /recipes?facets=). */
  listWithFacets?(f: RecipeFilter, page: PageRequest, facets: readonly FacetName[]): Maybe<ListAnswer>;
  pantry?(q: PantryRequest): Maybe<ListAnswer>;
  search?(q: SearchRequest): Maybe<ListAnswer>;
  close?(): void;
}
