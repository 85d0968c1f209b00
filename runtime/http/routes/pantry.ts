/**
 * GET /pantry: recipes ranked by how much of each one the caller's pantry covers
 * (SPEC.md § GET /pantry; formula and extras in runtime/query/pantry/pantry.ts).
 *
 * Response: {"pagination":{limit,offset,total},"recipes":[Recipe + coverage, matchedIngredients,
 * missingIngredients]} with `limit` = how many recipes the response holds, as for /recipes. Each
 * recipe's stored JSON is spliced in and the three fields are written before its closing brace,
 * so the recipe is never re-serialised.
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { decodeQuery } from '../../query/params.ts';
import { parsePantryQuery } from '../../query/pantry/params.ts';
import type { Engine } from '../../query/engine.ts';
import type { PantryPage } from '../../query/pantry/pantry.ts';

const CLOSE_BRACE = 0x7d;

export function pantryBody(engine: Engine, page: PantryPage, offset: number): Buffer {
  const parts: Uint8Array[] = [Buffer.from(`{"pagination":{"limit":${page.results.length},"offset":${offset},"total":${page.total}},"recipes":[`)];
  const records = engine.recordsJson(page.results.map((r) => r.doc));
  page.results.forEach((r, i) => {
    const json = records[i]!;
    const end = json.lastIndexOf(CLOSE_BRACE);
    if (end < 1) throw new Error(`record ${r.doc} is not a JSON object`);
    const extra = `,"coverage":${r.coverage},"matchedIngredients":${JSON.stringify(r.matchedIngredients)},"missingIngredients":${JSON.stringify(r.missingIngredients)}}`;
    if (i > 0) parts.push(Buffer.from(','));
    parts.push(json.subarray(0, end), Buffer.from(extra));
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

export function registerPantry(app: Hono<AppEnv>, deps: AppDeps): void {
  const { engine } = deps;
  app.get('/pantry', (c) => {
    const q = parsePantryQuery(decodeQuery(rawQuery(c.req.url)), (name) => engine.resolveIngredient(name));
    return jsonBytes(c, pantryBody(engine, engine.pantry(q), q.offset));
  });
}
