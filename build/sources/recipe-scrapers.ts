import { join } from 'node:path';
import { minutesToIso } from '../normalize/durations.ts';
import { arr, compareStrings, num, obj, readJsonl, str, type Raw } from './read.ts';
import { reconcile } from './reconcile.ts';
import { SNAPSHOTS, blobUrl } from './snapshots.ts';
import type { SchemaRecipe, SourceAdapter, SourceRecord } from './types.ts';

/**
 * recipe-scrapers test fixtures: `recipes.jsonl.gz` (the scraper's expected output for 1110
 * pages) and `jsonld.jsonl.gz` (the schema.org Recipe JSON-LD of 959 of those pages).
 * The two are reconciled field by field, the fuller and more plausible value winning (reconcile.ts);
 * the fixture adds what schema.org has no place for (language tag, site name, equipment, diet labels).
 */

const SNAPSHOT = SNAPSHOTS['recipe-scrapers'];

/** Fixture fields → the schema.org names they correspond to. */
function fromFixture(f: Raw): SchemaRecipe {
  const split = (v: unknown): string[] | undefined => {
    const parts = (str(v) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    return parts.length > 0 ? parts : undefined;
  };
  const recipe: SchemaRecipe = {
    '@type': 'Recipe',
    name: str(f.title),
    description: str(f.description),
    author: str(f.author),
    inLanguage: str(f.language),
    recipeIngredient: arr(f.ingredients).filter((l): l is string => typeof l === 'string'),
    recipeInstructions: arr(f.instructions_list).filter((l): l is string => typeof l === 'string'),
    recipeCategory: split(f.category),
    recipeCuisine: split(f.cuisine),
    keywords: arr(f.keywords).filter((l): l is string => typeof l === 'string'),
    image: str(f.image),
    recipeYield: str(f.yields),
    prepTime: minutesToIso(num(f.prep_time)),
    cookTime: minutesToIso(num(f.cook_time)),
    totalTime: minutesToIso(num(f.total_time)),
    nutrition: Object.keys(obj(f.nutrients)).length > 0 ? obj(f.nutrients) : undefined,
  };
  if (num(f.ratings) !== undefined) recipe.aggregateRating = { ratingValue: num(f.ratings), ratingCount: num(f.ratings_count) };
  return recipe;
}

/**
 * The page address: the fixture's canonical URL (a site-relative one resolved on its host),
 * else the JSON-LD url, else — for the fixtures that only recorded a host name — the fixture
 * file on GitHub at the snapshot commit.
 */
function pageUrl(f: Raw, jsonld: SchemaRecipe | undefined, id: string): string {
  const canonical = str(f.canonical_url)?.trim() ?? '';
  if (/^https?:\/\//i.test(canonical)) return canonical;
  const host = str(f.host);
  if (canonical.startsWith('/') && host) return `https://${host}${canonical}`;
  const page = jsonld?.mainEntityOfPage;
  for (const candidate of [jsonld?.url, typeof page === 'string' ? page : page?.['@id']]) {
    if (typeof candidate === 'string' && /^https?:\/\//i.test(candidate)) return candidate;
  }
  return blobUrl(SNAPSHOT, `tests/test_data/${id}.json`);
}

/**
 * For the 10 fixtures without a language tag: the language of a country-code domain whose
 * country has one dominant language (koket.se → sv). Generic domains stay unknown.
 */
const TLD_LANGUAGE: Record<string, string> = { se: 'sv', de: 'de', fr: 'fr', nl: 'nl', it: 'it', dk: 'da', hu: 'hu', pl: 'pl', cz: 'cs' };
function languageFromHost(host: string | undefined): string | undefined {
  const tld = host?.split('.').pop()?.toLowerCase();
  return tld ? TLD_LANGUAGE[tld] : undefined;
}

const strings = (v: unknown): string[] => arr(v).filter((s): s is string => typeof s === 'string' && s.trim() !== '');

export const recipeScrapers: SourceAdapter = {
  name: 'recipe-scrapers',
  read(dir: string): SourceRecord[] {
    const fixtures = readJsonl<Raw>(join(dir, 'recipes.jsonl.gz'));
    const jsonld = new Map<string, SchemaRecipe>();
    for (const row of readJsonl<Raw>(join(dir, 'jsonld.jsonl.gz'))) {
      const id = str(row.id);
      if (id) jsonld.set(id, obj(row.recipe) as SchemaRecipe);
    }
    const records: SourceRecord[] = [];
    for (const f of fixtures) {
      const id = str(f.id);
      if (!id) continue;
      const ld = jsonld.get(id);
      const recipe = reconcile(fromFixture(f), ld);
      recipe.url = pageUrl(f, ld, id);
      delete recipe.mainEntityOfPage;
      const record: SourceRecord = { source: 'recipe-scrapers', key: id, recipe, hints: { snapshotDate: SNAPSHOT.date } };
      const hints = record.hints!;
      // One Swedish fixture is tagged 'se' (the country code), as the README notes.
      const tagged = str(f.language);
      const language = tagged === 'se' ? 'sv' : (tagged ?? languageFromHost(str(f.host)));
      if (language) hints.language = language;
      const site = str(f.site_name);
      if (site) hints.siteName = site;
      if (strings(f.equipment).length > 0) hints.equipment = strings(f.equipment);
      if (strings(f.dietary_restrictions).length > 0) hints.diets = strings(f.dietary_restrictions);
      records.push(record);
    }
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
