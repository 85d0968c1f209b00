// STUB — owned by the catalog helper; replace wholesale (keep the exported signatures).
import type { CatalogEntry } from '../../runtime/format/catalog.ts';

export interface Catalog {
  entries: CatalogEntry[];
  /** Canonical id for an ingredient name or id: whole-name match only (case, spaces/hyphens, accents normalised), no substring/plural/parent inference. */
  match(name: string, language?: string): string | undefined;
  get(id: string): CatalogEntry | undefined;
}

/** Loads the catalog from dataset/ (datasetDir = the repo's dataset/ folder). */
export function loadCatalog(_datasetDir: string): Catalog {
  return { entries: [], match: () => undefined, get: () => undefined };
}
