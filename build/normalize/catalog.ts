/**
 * The canonical ingredient catalog: loaded from the raw sources and curated data in dataset/
 * (see dataset/ingredients/README.md for every rule), matched by whole name only.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import { canonicalName, candidateNames, looseCandidates } from '../catalog/canonical-name.ts';
import { readCurated } from '../catalog/curated.ts';
import { readHowtocook } from '../catalog/howtocook-reader.ts';
import { mergeCatalog } from '../catalog/merge.ts';
import { buildNameIndex, lookup } from '../catalog/name-index.ts';
import { nonFoodTest, type NonFoodTest } from '../catalog/non-food.ts';
import { readOff } from '../catalog/off-reader.ts';
import { readTandoor } from '../catalog/tandoor-reader.ts';
import { readUsda } from '../catalog/usda-reader.ts';

export { normalizeName, slugify } from '../catalog/normalize-name.ts';
import { normalizeName } from '../catalog/normalize-name.ts';
export { canonicalName, candidateNames } from '../catalog/canonical-name.ts';

export interface Catalog {
  entries: CatalogEntry[];
  /** Canonical id for an ingredient name or id: whole-name match only (case, spaces/hyphens, accents normalised), no substring/plural/parent inference. */
  match(name: string, language?: string): string | undefined;
  get(id: string): CatalogEntry | undefined;
  /** Build only: true when an unmatched recipe name is equipment, not food (curated `nonFood`; build/catalog/non-food.ts). */
  isNonFood?: NonFoodTest;
}

/** A catalog over given entries (tests, fixtures); loadCatalog uses it too. */
export function catalogFromEntries(entries: CatalogEntry[], isNonFood?: NonFoodTest): Catalog {
  const index = buildNameIndex(entries);
  const catalog: Catalog = {
    entries,
    match: (name, language) => lookup(index, name, language),
    get: (id) => index.byId.get(id),
  };
  if (isNonFood) catalog.isNonFood = isNonFood;
  return catalog;
}

/**
 * Loads the catalog from dataset/ (datasetDir = the repo's dataset/ folder). Deterministic, no disk cache.
 * `curatedFile` reads another curated.json (a candidate being checked before it replaces the real one).
 */
export function loadCatalog(datasetDir: string, options: { curatedFile?: string } = {}): Catalog {
  const howtocook = readHowtocook(datasetDir);
  const linked = new Set(howtocook.flatMap((h) => (h.usdaId === undefined ? [] : [h.usdaId])));
  const curated = readCurated(datasetDir, options.curatedFile);
  const entries = mergeCatalog({
    off: readOff(datasetDir),
    tandoor: readTandoor(datasetDir),
    howtocook,
    usda: readUsda(datasetDir, linked),
    curated,
  });
  return catalogFromEntries(entries, nonFoodTest(curated.nonFood));
}

/**
 * Catalog names reduced the same way as recipe names (canonicalName), per language: lets
 * "sea salt and black pepper" in a recipe meet the catalog's "sea salt and freshly ground black
 * pepper". Built lazily on the first miss (build only; loadCatalog stays fast). One reduced name can
 * stand for several entries ('tomatoes' is tomato's own name and 'crushed tomatoes' reduced): the
 * recipe name then picks the entry whose unreduced name shares the most words with it ("crushed
 * tomatoes with added purée" → canned crushed tomatoes; "glatte Petersilie" → parsley, not
 * 'getrocknete Petersilie'); ties go to a name that needed no reduction, then to the whole-name
 * index's rules: slug-equal id, preferred name, smaller id.
 */
interface ReducedClaim {
  id: string;
  rank: number;
  words: readonly string[];
}
const reducedIndexes = new WeakMap<Catalog, Map<string, Map<string, ReducedClaim[]>>>();

const wordsOf = (name: string): string[] => normalizeName(name).split('-').filter((w) => w !== '');

function reducedIndex(catalog: Catalog, language: string): Map<string, ReducedClaim[]> {
  let perLang = reducedIndexes.get(catalog);
  if (!perLang) reducedIndexes.set(catalog, (perLang = new Map()));
  let index = perLang.get(language);
  if (index) return index;
  index = new Map();
  for (const e of catalog.entries) {
    (e.names[language] ?? []).forEach((n, i) => {
      const key = canonicalName(n, language);
      if (key === '') return;
      const rank = (key === normalizeName(n) ? 0 : 3) + (key === e.id ? 0 : i === 0 ? 1 : 2);
      const list = index!.get(key) ?? [];
      index!.set(key, list);
      const same = list.find((c) => c.id === e.id);
      if (!same) list.push({ id: e.id, rank, words: wordsOf(n) });
      else if (rank < same.rank) Object.assign(same, { rank, words: wordsOf(n) });
    });
  }
  for (const list of index.values()) list.sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  perLang.set(language, index);
  return index;
}

/** The claim of `key` whose unreduced name shares the most words with the recipe's name (ties: rank order). */
function pickReduced(claims: readonly ReducedClaim[] | undefined, name: string): string | undefined {
  if (!claims || claims.length === 0) return undefined;
  if (claims.length === 1) return claims[0]!.id;
  const words = new Set(wordsOf(name));
  let best = claims[0]!;
  let bestShared = -1;
  for (const c of claims) {
    const shared = c.words.reduce((k, w) => k + (words.has(w) ? 1 : 0), 0);
    if (shared > bestShared) [best, bestShared] = [c, shared];
  }
  return best.id;
}

/**
 * Build-time matching of a recipe's ingredient name: the whole name first, then its reduced
 * forms (candidateNames: counts, descriptive words, alternatives dropped) against the catalog's
 * names, then against the catalog's names reduced the same way, then with the looser descriptive words
 * dropped as well (looseCandidates). Runtime user input uses `match` alone.
 */
export function matchRecipeIngredient(catalog: Catalog, name: string, language = 'en'): string | undefined {
  const whole = catalog.match(name, language);
  if (whole !== undefined) return whole;
  const lang = language.toLowerCase().slice(0, 2);
  const candidates = candidateNames(name, lang);
  for (const c of candidates) {
    const id = catalog.match(c, lang);
    if (id !== undefined) return id;
  }
  const reduced = reducedIndex(catalog, lang);
  for (const c of candidates) {
    const id = pickReduced(reduced.get(canonicalName(c, lang)), name);
    if (id !== undefined) return id;
  }
  // Last: the looser descriptive words dropped too (LOOSE_DESCRIPTORS), never changing a match made above.
  for (const c of looseCandidates(name, lang)) {
    const id = catalog.match(c, lang) ?? pickReduced(reduced.get(canonicalName(c, lang)), name);
    if (id !== undefined) return id;
  }
  return undefined;
}
