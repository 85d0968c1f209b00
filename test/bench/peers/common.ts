/** Pieces the peers share: the pantry order of SPEC.md over plain rows, and query terms. */
import type { Row } from '../rows.ts';
import type { ListAnswer, PantryRequest } from '../subjects/types.ts';

/**
 * Coverage m/T descending, then fewer missing (T − m), then doc ascending (newest first); only
 * recipes in the language using at least one non-staple pantry id in a counted line.
 */
export function rankPantryRows(rows: Iterable<Row>, q: PantryRequest): ListAnswer {
  const pantry = new Set(q.ids);
  const available = new Set([...q.ids, ...q.staples]);
  const hits: { doc: number; m: number; t: number }[] = [];
  for (const r of rows) {
    if (r.language !== q.language) continue;
    let m = 0;
    let qualifies = false;
    for (const id of r.required) {
      if (!available.has(id)) continue;
      m++;
      if (pantry.has(id)) qualifies = true;
    }
    if (qualifies) hits.push({ doc: r.doc, m, t: r.counted });
  }
  hits.sort((a, b) => b.m / b.t - a.m / a.t || a.t - a.m - (b.t - b.m) || a.doc - b.doc);
  return { total: hits.length, docs: hits.slice(0, q.limit).map((h) => h.doc) };
}

/** Lower-cased words of a query (what the simple peers match). */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((t) => t !== '');
}
