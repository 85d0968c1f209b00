/** GET /search: relevance-ranked recipes (body: runtime/api/search.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { searchBody } from '../../api/search.ts';

export function registerSearch(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/search', (c) => jsonBytes(c, searchBody(deps.engine, rawQuery(c.req.url))));
}
