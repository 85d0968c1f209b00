/**
 * Response bodies built from stored record bytes: each record's JSON (Engine.joinRecordsJson, recordsJson) is
 * spliced in as-is; nothing is parsed or re-serialised per record.
 */
import type { Context } from 'hono';
import type { Engine } from '../query/engine.ts';
import type { PageResult } from '../query/filter.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * `{"pagination":{"limit":N,"offset":O,"total":T},"recipes":[...]}`. `limit` is how many recipes
 * the response holds (SPEC.md § Pagination object), so on the last page it is the count returned.
 */
export function recipeListBody(engine: Engine, result: PageResult, offset: number, extra?: Record<string, unknown>): Buffer {
  const head = `{"pagination":{"limit":${result.docs.length},"offset":${offset},"total":${result.total}},"recipes":[`;
  // Extra top-level fields (e.g. `facets`) follow the recipes.
  const tail = extra === undefined ? LIST_TAIL : Buffer.from(`]${JSON.stringify(extra).replace(/^\{/, ',')}`, 'utf8');
  return engine.joinRecordsJson(result.docs, Buffer.from(head, 'utf8'), tail);
}

const LIST_TAIL = Buffer.from(']}');

export function jsonBytes(c: Context, bytes: Uint8Array, status: 200 = 200): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, status, JSON_TYPE);
}

/** The raw query string of the request (without '?'), still percent-encoded. */
export function rawQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
}
