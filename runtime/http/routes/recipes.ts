/** GET /recipes (filtered list, newest first) and GET /recipes/{id}. */
import type { Hono } from 'hono';
import { apiError } from '../errors.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery, recipeListBody } from '../json.ts';
import { decodeQuery, parseRecipeQuery, parseRecipesQuery } from '../../query/params.ts';
import { adjustRecipe } from '../../query/convert/adjust-recipe.ts';

export function registerRecipes(app: Hono<AppEnv>, deps: AppDeps): void {
  const { engine } = deps;
  const resolve = (name: string): string | undefined => engine.resolveIngredient(name);

  app.get('/recipes', (c) => {
    const { filter, page, facets } = parseRecipesQuery(decodeQuery(rawQuery(c.req.url)), resolve);
    const result = engine.listRecipes(filter, page);
    const extra = facets === undefined ? undefined : { facets: engine.facets(filter, facets) };
    return jsonBytes(c, recipeListBody(engine, result, page.offset, extra));
  });

  app.get('/recipes/:id', (c) => {
    const adjustment = parseRecipeQuery(decodeQuery(rawQuery(c.req.url)));
    const doc = engine.docById(c.req.param('id'));
    if (doc === undefined) throw apiError('RECIPE_NOT_FOUND');
    // Without servings or units the stored bytes, as always; with them, the adjusted recipe.
    if (adjustment.servings === undefined && adjustment.units === undefined) return jsonBytes(c, engine.recordJson(doc));
    return jsonBytes(c, new TextEncoder().encode(JSON.stringify(adjustRecipe(engine.record(doc), adjustment))));
  });
}
