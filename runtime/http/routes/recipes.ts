/** GET /recipes (filtered list, newest first) and GET /recipes/{id} (bodies: runtime/api/recipes.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { recipeBody, recipesBody } from '../../api/recipes.ts';

export function registerRecipes(app: Hono<AppEnv>, deps: AppDeps): void {
  const { engine } = deps;
  app.get('/recipes', (c) => jsonBytes(c, recipesBody(engine, rawQuery(c.req.url))));
  app.get('/recipes/:id', (c) => jsonBytes(c, recipeBody(engine, c.req.param('id'), rawQuery(c.req.url))));
}
