/** GET /popular: pages like /recipes, in popularity order (body: runtime/api/recipes.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { popularBody } from '../../api/recipes.ts';

export function registerPopular(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/popular', (c) => jsonBytes(c, popularBody(deps.engine, rawQuery(c.req.url))));
}
