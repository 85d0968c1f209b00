/** GET /popular: pages like /recipes, in the engine's popularity order (see FORMAT.md § 9 Popularity order). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery, recipeListBody } from '../json.ts';
import { decodeQuery, parsePopularQuery } from '../../query/params.ts';

export function registerPopular(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/popular', (c) => {
    const page = parsePopularQuery(decodeQuery(rawQuery(c.req.url)));
    return jsonBytes(c, recipeListBody(deps.engine, deps.engine.popular(page), page.offset));
  });
}
