/**
 * The canonical ingredient catalog: loaded from the raw sources and curated data in dataset/
 * (see dataset/ingredients/README.md for every rule), matched by whole name only.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import { canonicalName } from '../catalog/canonical-name.ts';
import { readCurated } from '../catalog/curated.ts';
import { readHowtocook } from '../catalog/howtocook-reader.ts';
import { mergeCatalog } from '../catalog/merge.ts';
import { buildNameIndex, lookup } from '../catalog/name-index.ts';
import { readOff } from '../catalog/off-reader.ts';
import { readTandoor } from '../catalog/tandoor-reader.ts';
import { readUsda } from '../catalog/usda-reader.ts';

export { normalizeName, slugify } from '../catalog/normalize-name.ts';
export { canonicalName } from '../catalog/canonical-name.ts';

export interface Catalog {
  entries: CatalogEntry[];
  /** Canonical id for an ingredient name or id: whole-name match only (case, spaces/hyphens, accents normalised), no substring/plural/parent inference. */
  match(name: string, language?: string): string | undefined;
  get(id: string): CatalogEntry | undefined;
}

/** A catalog over given entries (tests, fixtures); loadCatalog uses it too. */
export function catalogFromEntries(entries: CatalogEntry[]): Catalog {
  const index = buildNameIndex(entries);
  return {
    entries,
    match: (name, language) => lookup(index, name, language),
    get: (id) => index.byId.get(id),
  };
}

/** Loads the catalog from dataset/ (datasetDir = the repo's dataset/ folder). Deterministic, no disk cache. */
export function loadCatalog(datasetDir: string): Catalog {
  const entries = mergeCatalog({
    off: readOff(datasetDir),
    tandoor: readTandoor(datasetDir),
    howtocook: readHowtocook(datasetDir),
    usda: readUsda(datasetDir),
    curated: readCurated(datasetDir),
  });
  return catalogFromEntries(entries);
}

/**
 * Build-time matching of a recipe's ingredient name: the whole name first, then its
 * canonicalName (descriptive words dropped). Runtime user input uses `match` alone.
 */
export function matchRecipeIngredient(catalog: Catalog, name: string, language?: string): string | undefined {
  const whole = catalog.match(name, language);
  if (whole !== undefined) return whole;
  const reduced = canonicalName(name, language);
  return reduced === '' ? undefined : catalog.match(reduced, language);
}
