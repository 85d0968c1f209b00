/** GET /recipes (filtered list, newest first) and GET /recipes/{id}. */
import type { Hono } from 'hono';
import { apiError } from '../errors.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery, recipeListBody } from '../json.ts';
import { decodeQuery, parseNoParams, parseRecipesQuery } from '../../query/params.ts';

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
    parseNoParams(decodeQuery(rawQuery(c.req.url)));
    const doc = engine.docById(c.req.param('id'));
    if (doc === undefined) throw apiError('RECIPE_NOT_FOUND');
    return jsonBytes(c, engine.recordJson(doc));
  });
}
