import { normalizeName, spellingKey } from '../../runtime/format/normalize-name.ts';
import type { Catalog } from './catalog.ts';

/**
 * Every normalised name (and id) that resolves, with the id Catalog.match gives it, so the
 * runtime's whole-name lookup is exactly the compiler's (without a language). A name whose
 * spelling key differs from its name key (it holds ß æ œ ø ł đ ı þ ð) adds a row under its
 * spelling key too; such a key is never a name key (normalizeName folds those letters), and the
 * runtime tries it first (FORMAT.md § 10). Each row holds what that key itself resolves to.
 */
export function ingredientNameTable(catalog: Catalog): [string, string][] {
  const table = new Map<string, string>();
  for (const e of catalog.entries) {
    table.set(normalizeName(e.id), e.id);
    for (const list of Object.values(e.names)) {
      for (const name of list) {
        for (const key of new Set([normalizeName(name), spellingKey(name)])) {
          if (!key || table.has(key)) continue;
          const id = catalog.match(key);
          if (id) table.set(key, id);
        }
      }
    }
  }
  return [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
