/**
 * GET /search: relevance-ranked recipes (runtime/query/search/).
 *
 * Response 200: `{"query": "<trimmed query>", "recipes": [{...Recipe, "score": 12.3456}]}`, best
 * first, at most `limit` (default 10, cap 50); no pagination object. `score` is the BM25F
 * relevance rounded to 4 decimals: comparable within one response only.
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBytes, rawQuery } from '../json.ts';
import { decodeQuery } from '../../query/params.ts';
import { parseSearchQuery } from '../../query/search/params.ts';

export function registerSearch(app: Hono<AppEnv>, deps: AppDeps): void {
  const { engine } = deps;
  app.get('/search', (c) => {
    const q = parseSearchQuery(decodeQuery(rawQuery(c.req.url)));
    const { hits } = engine.search(q);
    const parts: Uint8Array[] = [Buffer.from(`{"query":${JSON.stringify(q.query)},"recipes":[`)];
    const records = engine.recordsJson(hits.map((h) => h.doc));
    hits.forEach((h, i) => {
      const json = records[i]!;
      // Splice the score into the stored record: drop its closing brace, append the field.
      parts.push(Buffer.from(i > 0 ? ',' : ''), json.subarray(0, json.length - 1));
      parts.push(Buffer.from(`,"score":${Math.round(h.score * 1e4) / 1e4}}`));
    });
    parts.push(Buffer.from(']}'));
    return jsonBytes(c, Buffer.concat(parts));
  });
}
