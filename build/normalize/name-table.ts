import { normalizeName } from '../../runtime/format/normalize-name.ts';
import type { Catalog } from './catalog.ts';

/**
 * Every normalised name (and id) that resolves, with the id Catalog.match gives it, so the
 * runtime's whole-name lookup is exactly the compiler's.
 */
export function ingredientNameTable(catalog: Catalog): [string, string][] {
  const table = new Map<string, string>();
  for (const e of catalog.entries) {
    table.set(normalizeName(e.id), e.id);
    for (const list of Object.values(e.names)) {
      for (const name of list) {
        const key = normalizeName(name);
        if (!key || table.has(key)) continue;
        const id = catalog.match(name);
        if (id) table.set(key, id);
      }
    }
  }
  return [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
