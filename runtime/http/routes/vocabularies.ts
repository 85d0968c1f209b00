/** GET /vocabularies (body: runtime/api/catalogue.ts). */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { vocabulariesBody } from '../../api/catalogue.ts';

export function registerVocabularies(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/vocabularies', (c) => jsonBytes(c, vocabulariesBody(deps.engine, rawQuery(c.req.url))));
}
