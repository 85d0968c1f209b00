/**
 * Whole-name lookup over catalog entries. A query matches an entry when its normalised form equals
 * the entry's id or one of its names (normalizeName); nothing is inferred (no substrings, plurals
 * or parents). Names of the requested language are tried first, then every language.
 *
 * Ambiguity (one normalised name, several ids), decided the same way in every index:
 *   1. the entry whose id equals the name's slug ('salt' → salt);
 *   2. an entry that lists the name first in that language (its preferred name) over a synonym;
 *   3. the smaller id in code-unit order.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import { normalizeName, slugify } from './normalize-name.ts';

export interface Claim {
  id: string;
  rank: number;
}

export interface NameIndex {
  byId: Map<string, CatalogEntry>;
  /** normalised name → winning claim (its id), per language and over all languages. */
  byLanguage: Map<string, Map<string, Claim>>;
  anyLanguage: Map<string, Claim>;
}

function better(a: Claim, b: Claim): boolean {
  return a.rank !== b.rank ? a.rank < b.rank : a.id < b.id;
}

function claim(map: Map<string, Claim>, key: string, c: Claim): void {
  const cur = map.get(key);
  if (!cur || better(c, cur)) map.set(key, c);
}

export function buildNameIndex(entries: readonly CatalogEntry[]): NameIndex {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const perLang = new Map<string, Map<string, Claim>>();
  const any = new Map<string, Claim>();
  for (const e of entries) {
    for (const [lang, names] of Object.entries(e.names)) {
      const map = perLang.get(lang) ?? new Map<string, Claim>();
      perLang.set(lang, map);
      names.forEach((name, i) => {
        const key = normalizeName(name);
        if (key === '') return;
        // A key that starts with [a-z0-9] keeps that first character in its slug: skip slugify when it differs from the id's.
        const maybeSlug = !/^[a-z0-9]/.test(key) || key[0] === e.id[0];
        const c = { id: e.id, rank: maybeSlug && slugify(name) === e.id ? 0 : i === 0 ? 1 : 2 };
        claim(map, key, c);
        claim(any, key, c);
      });
    }
  }
  return { byId, byLanguage: perLang, anyLanguage: any };
}

/** Exact id first, then names of `language`, then names of any language. */
export function lookup(index: NameIndex, name: string, language?: string): string | undefined {
  const key = normalizeName(name);
  if (key === '') return undefined;
  if (index.byId.has(key)) return key;
  const lang = language?.toLowerCase().slice(0, 2);
  return ((lang ? index.byLanguage.get(lang)?.get(key) : undefined) ?? index.anyLanguage.get(key))?.id;
}
