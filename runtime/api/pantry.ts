/**
 * GET /pantry: recipes ranked by how much of each one the caller's pantry covers
 * (SPEC.md § GET /pantry; formula and extras in runtime/query/pantry/pantry.ts).
 *
 * Body: {"pagination":{limit,offset,total},"recipes":[Recipe + coverage, matchedIngredients,
 * missingIngredients]} with `limit` = how many recipes the response holds, as for /recipes. Each
 * recipe's stored JSON is spliced in and the three fields are written before its closing brace,
 * so the recipe is never re-serialised.
 */
import type { Engine } from '../query/engine.ts';
import { decodeQuery } from '../query/params.ts';
import { parsePantryQuery } from '../query/pantry/params.ts';
import type { PantryPage } from '../query/pantry/pantry.ts';
import { concatBytes, LIST_TAIL, utf8 } from './bytes.ts';
import { withNamesResolved } from './resolve-names.ts';

const CLOSE_BRACE = 0x7d;
const COMMA = utf8(',');

export function pantryPageBody(engine: Engine, page: PantryPage, offset: number): Uint8Array {
  const parts: Uint8Array[] = [utf8(`{"pagination":{"limit":${page.results.length},"offset":${offset},"total":${page.total}},"recipes":[`)];
  const records = engine.recordsJson(page.results.map((r) => r.doc));
  page.results.forEach((r, i) => {
    const json = records[i]!;
    const end = json.lastIndexOf(CLOSE_BRACE);
    if (end < 1) throw new Error(`record ${r.doc} is not a JSON object`);
    const extra = `,"coverage":${r.coverage},"matchedIngredients":${JSON.stringify(r.matchedIngredients)},"missingIngredients":${JSON.stringify(r.missingIngredients)}}`;
    if (i > 0) parts.push(COMMA);
    parts.push(json.subarray(0, end), utf8(extra));
  });
  parts.push(LIST_TAIL);
  return concatBytes(parts);
}

export function pantryBody(engine: Engine, rawQuery: string): Uint8Array {
  const q = withNamesResolved(engine, (resolve) => parsePantryQuery(decodeQuery(rawQuery), resolve));
  return pantryPageBody(engine, engine.pantry(q), q.offset);
}
