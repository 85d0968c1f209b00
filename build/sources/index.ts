import { join } from 'node:path';
import { epicurious } from './epicurious.ts';
import { howtocook } from './howtocook.ts';
import { ibaCocktails } from './iba-cocktails.ts';
import { jsonld } from './jsonld.ts';
import { publicDomainRecipes } from './public-domain-recipes.ts';
import { recipeDbDe } from './recipe-db-de.ts';
import { recipeScrapers } from './recipe-scrapers.ts';
import type { SourceAdapter, SourceRecord } from './types.ts';

export type { SourceAdapter, SourceRecord } from './types.ts';

/**
 * Every source, in the order records are emitted. Each adapter reads
 * dataset/sources/<adapter.name>/ (howtocook also reads its sibling howtocook-json/).
 * Adding a format = one adapter file + one line here; adding data in schema.org form needs no
 * code (drop it into dataset/sources/jsonld/).
 */
export const ADAPTERS: SourceAdapter[] = [
  recipeScrapers,
  howtocook,
  publicDomainRecipes,
  recipeDbDe,
  ibaCocktails,
  epicurious,
  jsonld,
];

/** All records of all sources under `datasetDir` (the repo's dataset/ folder), deterministic order. */
export function readAllSources(datasetDir: string): SourceRecord[] {
  return ADAPTERS.flatMap((adapter) => adapter.read(join(datasetDir, 'sources', adapter.name)));
}

/**
 * Every record of every source (or of the named ones), one at a time: adapters with `each`
 * stream, the others are read whole (they are small). Same records as readAllSources;
 * deterministic order.
 */
export function eachSourceRecord(datasetDir: string, cb: (record: SourceRecord) => void, only?: readonly string[]): void {
  for (const adapter of selectedAdapters(only)) {
    const dir = sourceDir(datasetDir, adapter);
    if (adapter.each) adapter.each(dir, cb);
    else for (const record of adapter.read(dir)) cb(record);
  }
}

/** The adapters to read (all, or the named ones), in ADAPTERS order; throws on an unknown name. */
export function selectedAdapters(only?: readonly string[]): SourceAdapter[] {
  const unknown = only?.filter((name) => !ADAPTERS.some((a) => a.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown source: ${unknown.join(', ')} (known: ${ADAPTERS.map((a) => a.name).join(', ')})`);
  return ADAPTERS.filter((a) => !only || only.includes(a.name));
}

/** The folder an adapter reads. */
export const sourceDir = (datasetDir: string, adapter: SourceAdapter): string => join(datasetDir, 'sources', adapter.name);
