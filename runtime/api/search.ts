/**
 * GET /search: relevance-ranked recipes (runtime/query/search/).
 *
 * Body: `{"query": "<trimmed query>", "recipes": [{...Recipe, "score": 12.3456}]}`, best first, at
 * most `limit` (default 10, cap 50); no pagination object. `score` is the BM25F relevance rounded
 * to 4 decimals: comparable within one response only.
 */
import type { Engine } from '../query/engine.ts';
import { decodeQuery } from '../query/params.ts';
import { parseSearchQuery } from '../query/search/params.ts';
import { concatBytes, LIST_TAIL, utf8 } from './bytes.ts';

const COMMA = utf8(',');

export function searchBody(engine: Engine, rawQuery: string): Uint8Array {
  const q = parseSearchQuery(decodeQuery(rawQuery));
  const { hits } = engine.search(q);
  const parts: Uint8Array[] = [utf8(`{"query":${JSON.stringify(q.query)},"recipes":[`)];
  const records = engine.recordsJson(hits.map((h) => h.doc));
  hits.forEach((h, i) => {
    const json = records[i]!;
    // Splice the score into the stored record: drop its closing brace, append the field.
    if (i > 0) parts.push(COMMA);
    parts.push(json.subarray(0, json.length - 1), utf8(`,"score":${Math.round(h.score * 1e4) / 1e4}}`));
  });
  parts.push(LIST_TAIL);
  return concatBytes(parts);
}
