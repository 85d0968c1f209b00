/**
 * Whole-name lookup over catalog entries. A query matches an entry when its normalised form equals
 * the entry's id or one of its names (normalizeName); nothing is inferred (no substrings, plurals
 * or parents). Names of the requested language are tried first, then every language.
 *
 * Spelling before folding: each map is keyed twice, by the name key and by its spelling key
 * (spellingKey: ß æ œ ø ł đ ı þ ð kept), and a lookup tries the spelling first. The folding makes
 * real names of different languages alike (Danish `røg`, smoke, and Afrikaans `Rog`, rye; Turkish
 * `Mısır`, corn, and Somali `Misir`, lentils); the spelling tells them apart, so `røg` finds smoke
 * and `misir` lentils, while `rog` and `mısır` still find rye and corn. The requested language
 * decides first (a Turkish recipe's `misir` is corn), then every language.
 *
 * Ambiguity (one key, several ids), decided the same way in every index:
 *   1. the entry whose id equals the name's slug ('salt' → salt);
 *   2. an entry that lists the name first in that language (its preferred name) over a synonym;
 *   3. the smaller id in code-unit order.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import { spellingKey } from '../../runtime/format/normalize-name.ts';
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
  /** The same, keyed by spelling key (spellingKey). */
  bySpelling: Map<string, Map<string, Claim>>;
  anySpelling: Map<string, Claim>;
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
  const index: NameIndex = { byId, byLanguage: new Map(), anyLanguage: new Map(), bySpelling: new Map(), anySpelling: new Map() };
  const mapOf = (maps: Map<string, Map<string, Claim>>, lang: string) => {
    let map = maps.get(lang);
    if (!map) maps.set(lang, (map = new Map()));
    return map;
  };
  for (const e of entries) {
    for (const [lang, names] of Object.entries(e.names)) {
      const byKey = mapOf(index.byLanguage, lang);
      const bySpelling = mapOf(index.bySpelling, lang);
      names.forEach((name, i) => {
        const key = normalizeName(name);
        if (key === '') return;
        // A key that starts with [a-z0-9] keeps that first character in its slug: skip slugify when it differs from the id's.
        const maybeSlug = !/^[a-z0-9]/.test(key) || key[0] === e.id[0];
        const c = { id: e.id, rank: maybeSlug && slugify(name) === e.id ? 0 : i === 0 ? 1 : 2 };
        const spelling = spellingKey(name);
        claim(byKey, key, c);
        claim(index.anyLanguage, key, c);
        claim(bySpelling, spelling, c);
        claim(index.anySpelling, spelling, c);
      });
    }
  }
  return index;
}

/** Exact id first, then names of `language` (spelling, then key), then names of any language (the same). */
export function lookup(index: NameIndex, name: string, language?: string): string | undefined {
  const key = normalizeName(name);
  if (key === '') return undefined;
  if (index.byId.has(key)) return key;
  const spelling = spellingKey(name);
  const lang = language?.toLowerCase().slice(0, 2);
  const inLanguage = lang ? (index.bySpelling.get(lang)?.get(spelling) ?? index.byLanguage.get(lang)?.get(key)) : undefined;
  return (inLanguage ?? index.anySpelling.get(spelling) ?? index.anyLanguage.get(key))?.id;
}
