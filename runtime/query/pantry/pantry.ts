/**
 * GET /pantry in the query core: rank recipes by how much of each one a pantry covers.
 *
 * Counted ingredients of a recipe (T): its non-optional lines, deduplicated by canonical id, plus
 * one per non-optional line without an id (never matchable, so always missing). Optional lines
 * never count against a recipe. m = counted ids the pantry holds; coverage = m / T, shown rounded
 * to 4 decimals (ranking compares the exact fractions). Only recipes with m ≥ 1 are returned:
 * a pantry ingredient used only in an optional line does not qualify a recipe.
 *
 * Order: coverage descending, then fewer missing (T − m), then newest (doc ascending). The
 * ranking runs on bitmaps (rank.ts); only the page's records are decoded, to name the
 * matched and missing ingredients as the recipe names them.
 */
import { BitmapIndexReader } from '../../format/bitmap-index.ts';
import { or, type Bitmap } from '../../format/bitmap.ts';
import { PATHS } from '../../format/constants.ts';
import type { Recipe } from '../../format/recipe.ts';
import type { Dataset } from '../../data/dataset.ts';
import { prefetchBitmaps } from '../prefetch.ts';
import { rankPantry, type PantrySource, type PantryWorkspace } from './rank.ts';

/**
 * `assumeStaples=true`: canonical ids counted as always available (catalog ids, see
 * dataset/ingredients/curated.json). They count as matched but never qualify a recipe alone.
 */
export const STAPLES = ['water', 'salt', 'black-pepper'] as const;

/** Coverage is shown with this many decimals (ranking uses the exact fraction). */
export const COVERAGE_DECIMALS = 4;

export interface PantryQuery {
  /** Canonical ids resolved from the caller's names, deduplicated; unknown names dropped. */
  ingredients: string[];
  /** Two-letter code; SPEC.md default 'en'. */
  language: string;
  /** Keep recipes missing at most this many counted ingredients; undefined = any. */
  maxMissing?: number;
  /** Count STAPLES as available (opt-in; default false). */
  assumeStaples: boolean;
  limit: number;
  offset: number;
}

export interface PantryResult {
  doc: number;
  coverage: number;
  /** Names (as the recipe names them, recipe order, duplicates dropped) of lines the pantry covers, optional lines included. */
  matchedIngredients: string[];
  /** Names of non-optional lines the pantry does not cover, lines without a canonical id included. */
  missingIngredients: string[];
}

export interface PantryPage {
  total: number;
  results: PantryResult[];
}

export function coverageOf(matched: number, total: number): number {
  if (total === 0) return 0;
  const scale = 10 ** COVERAGE_DECIMALS;
  return Math.round((matched / total) * scale) / scale;
}

/**
 * The two lists for one recipe, given every id counted as available. `missing` holds exactly
 * T − m names, the count the order uses: one per missing canonical ingredient (named by its first
 * non-optional line) and one per non-optional line without an id. `matched` names every covered
 * line once, optional ones included.
 */
export function ingredientLists(recipe: Recipe, available: ReadonlySet<string>): { matched: string[]; missing: string[] } {
  const matched = new Set<string>();
  const missing: string[] = [];
  const missingIds = new Set<string>();
  for (const line of recipe.ingredients) {
    if (line.id !== undefined && available.has(line.id)) matched.add(line.name);
    else if (line.optional) continue;
    else if (line.id === undefined) missing.push(line.name);
    else if (!missingIds.has(line.id)) {
      missingIds.add(line.id);
      missing.push(line.name);
    }
  }
  return { matched: [...matched], missing };
}

/**
 * The ranking's view of a dataset: the 'ingredient' and 'language' families and
 * pantry/by-total.bin, each read on the first pantry query that needs it (not when the engine is
 * created). A malformed by-total file is a DatasetError at that moment.
 */
export function datasetPantrySource(ds: Dataset): PantrySource {
  let totals: { total: number; docs: Bitmap }[] | undefined;
  const loadTotals = () => {
    const byTotal = new BitmapIndexReader(ds.source(PATHS.pantryByTotal), PATHS.pantryByTotal);
    // Keys are zero-padded, so key order is numeric order.
    const keys = byTotal.keys().map((k) => k.key);
    return byTotal.getMany(keys).map((docs, i) => ({ total: Number(keys[i]), docs: docs! }));
  };
  const getTotals = () => (totals ??= loadTotals());
  const atMost = new Map<number, Bitmap>();
  return {
    ingredient: (id) => ds.families.ingredient.get(id),
    language: (code) => ds.families.language.get(code),
    prefetch: (ids, language) => prefetchBitmaps(ds, [['ingredient', ids], ['language', [language]]], [getTotals]),
    get totals() {
      return getTotals();
    },
    atMost(t) {
      let b = atMost.get(t);
      if (!b) atMost.set(t, (b = or(getTotals().filter((x) => x.total <= t).map((x) => x.docs))));
      return b;
    },
  };
}

/** `records`: the Recipe of each doc, in order (read together: a lazy source fetches a page's records in one batch). */
export function runPantry(src: PantrySource, ws: PantryWorkspace, records: (docs: readonly number[]) => Recipe[], q: PantryQuery): PantryPage {
  const staples = q.assumeStaples ? [...STAPLES] : [];
  const ranking = rankPantry(src, ws, {
    ids: q.ingredients,
    staples,
    language: q.language,
    ...(q.maxMissing !== undefined && { maxMissing: q.maxMissing }),
    offset: q.offset,
    limit: q.limit,
  });
  const available = new Set([...q.ingredients, ...staples]);
  const recipes = records(ranking.docs.map((r) => r.doc));
  const results = ranking.docs.map(({ doc, matched, total }, k) => {
    const lists = ingredientLists(recipes[k]!, available);
    return { doc, coverage: coverageOf(matched, total), matchedIngredients: lists.matched, missingIngredients: lists.missing };
  });
  return { total: ranking.total, results };
}
