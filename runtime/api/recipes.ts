/**
 * GET /recipes (filtered list, newest first), GET /recipes/{id} and GET /popular: list bodies
 * built from stored record bytes. Each record's JSON (Engine.joinRecordsJson) is spliced in as-is;
 * nothing is parsed or re-serialised per record.
 */
import { apiError } from '../errors.ts';
import type { Engine } from '../query/engine.ts';
import type { PageResult } from '../query/filter.ts';
import { adjustRecipe } from '../query/convert/adjust-recipe.ts';
import { decodeQuery, parsePopularQuery, parseRecipeQuery, parseRecipesQuery } from '../query/params.ts';
import { jsonBody, LIST_TAIL, utf8 } from './bytes.ts';
import { withNamesResolved } from './resolve-names.ts';


/**
 * `{"pagination":{"limit":N,"offset":O,"total":T},"recipes":[...]}`. `limit` is how many recipes
 * the response holds (SPEC.md § Pagination object), so on the last page it is the count returned.
 */
export function recipeListBody(engine: Engine, result: PageResult, offset: number, extra?: Record<string, unknown>): Uint8Array {
  const head = `{"pagination":{"limit":${result.docs.length},"offset":${offset},"total":${result.total}},"recipes":[`;
  // Extra top-level fields (e.g. `facets`) follow the recipes.
  const tail = extra === undefined ? LIST_TAIL : utf8(`]${JSON.stringify(extra).replace(/^\{/, ',')}`);
  return engine.joinRecordsJson(result.docs, utf8(head), tail);
}

export function recipesBody(engine: Engine, rawQuery: string): Uint8Array {
  const { filter, page, facets } = withNamesResolved(engine, (resolve) => parseRecipesQuery(decodeQuery(rawQuery), resolve));
  const result = engine.listRecipes(filter, page);
  const extra = facets === undefined ? undefined : { facets: engine.facets(filter, facets) };
  return recipeListBody(engine, result, page.offset, extra);
}

/**
 * One Recipe object: the stored bytes, as in lists; with `servings` or `units`, the recipe
 * adjusted (runtime/query/convert/). `id` is the path segment, already decoded.
 */
export function recipeBody(engine: Engine, id: string, rawQuery: string): Uint8Array {
  const adjustment = parseRecipeQuery(decodeQuery(rawQuery));
  const doc = engine.docById(id);
  if (doc === undefined) throw apiError('RECIPE_NOT_FOUND');
  if (adjustment.servings === undefined && adjustment.units === undefined) return engine.recordJson(doc);
  return jsonBody(adjustRecipe(engine.record(doc), adjustment, (ingredient) => engine.gramsPerMl(ingredient)));
}

/** Pages like /recipes, in the engine's popularity order (see FORMAT.md § 9 Popularity order). */
export function popularBody(engine: Engine, rawQuery: string): Uint8Array {
  const page = parsePopularQuery(decodeQuery(rawQuery));
  return recipeListBody(engine, engine.popular(page), page.offset);
}
