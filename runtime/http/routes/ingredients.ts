/**
 * GET /ingredients: the canonical ingredient catalogue, paged, optionally by name prefix.
 *
 * Parameters: `q` (case-insensitive prefix of any of the names, any language; 1–80 characters),
 * `limit` (default 20, cap 100), `offset` (default 0).
 * Response: {"pagination":{limit,offset,total},"ingredients":[{id,name,names,parent?,recipeCount}]}
 * with `limit` = how many items the response holds, as for recipes.
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { rawQuery } from '../json.ts';
import { decodeQuery, parseIngredientsQuery } from '../../query/params.ts';

export function registerIngredients(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/ingredients', (c) => {
    const q = parseIngredientsQuery(decodeQuery(rawQuery(c.req.url)));
    const page = deps.engine.ingredients(q);
    const items = page.items.map((e) => ({
      id: e.id,
      name: e.name,
      names: e.names,
      ...(e.parent !== undefined ? { parent: e.parent } : {}),
      recipeCount: e.recipeCount,
    }));
    return c.json({ pagination: { limit: items.length, offset: q.offset, total: page.total }, ingredients: items });
  });
}
