/** GET /healthz: liveness for orchestrators; no key, no quota, ignores parameters. */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';

export function registerHealth(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/healthz', (c) =>
    c.json({ status: 'ok', dataset: { version: deps.engine.info.datasetVersion, recipes: deps.engine.info.recipeCount } }),
  );
}
