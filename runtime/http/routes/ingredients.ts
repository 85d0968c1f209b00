/** GET /ingredients: the canonical ingredient catalogue (body: runtime/api/catalogue.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { ingredientsBody } from '../../api/catalogue.ts';

export function registerIngredients(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/ingredients', (c) => jsonBytes(c, ingredientsBody(deps.engine, rawQuery(c.req.url))));
}
