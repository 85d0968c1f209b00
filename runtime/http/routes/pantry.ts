/** GET /pantry: recipes ranked by pantry coverage (body: runtime/api/pantry.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { pantryBody } from '../../api/pantry.ts';

export function registerPantry(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/pantry', (c) => jsonBytes(c, pantryBody(deps.engine, rawQuery(c.req.url))));
}
