/**
 * The curated catalog data (dataset/ingredients/curated.json): what the sources lack and the
 * fixes, kept as data. Every key is documented in dataset/ingredients/README.md.
 */
import { join } from 'node:path';
import { readText } from './gz.ts';

export interface DietFacts {
  vegan?: boolean;
  vegetarian?: boolean;
  pescatarian?: boolean;
  dairyFree?: boolean;
  glutenFree?: boolean;
}

export interface CuratedEntry extends DietFacts {
  id: string;
  name: string;
  names?: Record<string, string[]>;
  parent?: string;
}

export interface DietRoots {
  meat: string[];
  fish: string[];
  dairy: string[];
  egg: string[];
  gluten: string[];
  glutenFree: string[];
}

export interface CuratedData {
  /** OFF ids kept although they have no wikidata/CIQUAL link. */
  includeOff: string[];
  /** OFF ids dropped, with everything below them (additives, technical ingredients). */
  excludeOffUnder: string[];
  /** OFF id → catalog id to use instead of the slug of its English name. */
  offIds: Record<string, string>;
  /** OFF id → catalog id whose names it joins instead of becoming an entry (variants such as kosher salt). */
  mergeOff: Record<string, string>;
  entries: CuratedEntry[];
  /** catalog id → names by language added as synonyms. */
  synonyms: Record<string, Record<string, string[]>>;
  /** catalog id → names by language removed from it (wrong source synonyms: aspic's 'jelly'); applied before `synonyms`. */
  dropNames: Record<string, Record<string, string[]>>;
  /** Names (per language, normalised on load) of things recipes list that are not food: equipment, tools. */
  nonFood: Record<string, string[]>;
  /** Tandoor key → catalog id it merges into (variants of one kitchen ingredient). */
  tandoor: Record<string, string>;
  /** HowToCook Chinese name → catalog id, or null to leave it out. */
  howtocook: Record<string, string | null>;
  /** catalog id → diet facts that override the derived ones. */
  diets: Record<string, DietFacts>;
  dietRoots: DietRoots;
  /** Tandoor store category → diet facts for Tandoor-only foods without a parent. */
  tandoorCategoryDiets: Record<string, DietFacts>;
}

export const CURATED_JSON = 'ingredients/curated.json';

export function readCurated(datasetDir: string, file = join(datasetDir, CURATED_JSON)): CuratedData {
  const raw = JSON.parse(readText(file)) as Partial<CuratedData>;
  return {
    includeOff: raw.includeOff ?? [],
    excludeOffUnder: raw.excludeOffUnder ?? [],
    offIds: raw.offIds ?? {},
    mergeOff: raw.mergeOff ?? {},
    entries: raw.entries ?? [],
    synonyms: raw.synonyms ?? {},
    dropNames: raw.dropNames ?? {},
    nonFood: raw.nonFood ?? {},
    tandoor: raw.tandoor ?? {},
    howtocook: raw.howtocook ?? {},
    diets: raw.diets ?? {},
    dietRoots: { meat: [], fish: [], dairy: [], egg: [], gluten: [], glutenFree: [], ...raw.dietRoots },
    tandoorCategoryDiets: raw.tandoorCategoryDiets ?? {},
  };
}
