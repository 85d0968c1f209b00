/**
 * The fixed query mix, with values taken from the dataset itself (the most common cuisine,
 * course, ingredient, ...) so the same mix runs at every size. Each /recipes query is written
 * as its query string and parsed by the real parser, so presets and bounds mean what they mean
 * over HTTP.
 */
import type { Dataset } from '../../runtime/data/dataset.ts';
import type { BitmapFamily } from '../../runtime/format/constants.ts';
import type { Engine } from '../../runtime/query/engine.ts';
import { FACET_NAMES } from '../../runtime/query/filter.ts';
import { decodeQuery, parseRecipesQuery, type RecipesQuery } from '../../runtime/query/params.ts';
import { cardinality, type Bitmap } from '../../runtime/format/bitmap.ts';
import type { PantryRequest, SearchRequest } from './subjects/types.ts';

export type QueryGroup = 'filter' | 'facets' | 'pantry' | 'search';

export interface BenchQuery {
  group: QueryGroup;
  kind: string;
  name: string;
  /** A /recipes query string, parsed; with `facets`, the page and the facet counts (group 'facets'). */
  filter?: RecipesQuery;
  pantry?: PantryRequest;
  search?: SearchRequest;
}

/** Staples of the hard pantry case (issue 4): in many recipes each. */
const STAPLE_NAMES = ['salt', 'water', 'olive oil', 'onion'];
export const SEARCH_QUERIES = ['chicken', 'chocolate cake', 'choclate', 'tomato soup', 'garlic butter shrimp', 'pasta sal', 'kartoffel', '鸡蛋'];
/** Search with the language filter (kind 'search + filter', outside the search target's rows): a large and a small language. */
export const FILTERED_SEARCHES: [string, string][] = [['pasta sal', 'en'], ['tomato soup', 'en'], ['pasta sal', 'de'], ['poulet', 'fr']];

export function buildQueries(ds: Dataset, engine: Engine): BenchQuery[] {
  const ranked = (family: BitmapFamily) => ds.families[family].keys().slice().sort((a, b) => b.cardinality - a.cardinality || (a.key < b.key ? -1 : 1));
  const top = (family: BitmapFamily, rank = 0) => ranked(family)[rank]?.key;
  const queries: BenchQuery[] = [];
  const n = ds.recipeCount;
  const add = (kind: string, qs: string | undefined) => {
    if (qs === undefined || qs.includes('undefined')) return;
    queries.push({ group: 'filter', kind, name: qs || '(no filter)', filter: parseRecipesQuery(decodeQuery(qs), (s) => engine.resolveIngredient(s)) });
  };
  const [i0, i1, i2, i20] = [top('ingredient', 0), top('ingredient', 1), top('ingredient', 2), top('ingredient', 20)];
  add('single', `cuisine=${top('cuisine')}`);
  add('single', `course=${top('course')}`);
  add('single', `diet=${top('diet')}`);
  add('single', `category=${top('category')}`);
  add('single', `language=${top('language', 1)}`);
  add('single', `ingredient=${i0}`);
  add('single', `ingredient=${i20}`);
  add('single', `equipment=${top('equipment')}`);
  add('3-way', `cuisine=${top('cuisine')}&course=${top('course')}&diet=${top('diet')}`);
  add('3-way', `ingredients=${i0},${i1}&language=${top('language')}`);
  add('3-way', `course=${top('course', 1)}&ingredient=${i2}&maxTotalMinutes=45`);
  add('3-way', `language=${top('language')}&excludeIngredients=${i0},${i1}&course=${top('course')}`);
  add('numeric', 'maxTotalMinutes=30');
  add('numeric', 'maxCalories=500');
  add('numeric', 'minProtein=20&maxSodium=800');
  add('preset', 'time=under-30');
  add('preset', 'time=weekend');
  add('preset', 'nutrition=low-calorie');
  add('preset', 'nutrition=high-protein,low-sodium');
  add('deep offset', `offset=${Math.max(0, n - 20)}`);
  add('deep offset', `language=${top('language')}&offset=${Math.floor(sizeOf(ds.families.language.get(top('language') ?? '')) * 0.9)}`);
  add('deep offset', `cuisine=${top('cuisine')}&offset=${Math.floor(sizeOf(ds.families.cuisine.get(top('cuisine') ?? '')) * 0.9)}`);
  add('page', '');
  // All six facets counted over the whole set, and over a 3-way filtered set (issue 22: ≤ 2 ms p50 at 1M).
  const facets = `facets=${FACET_NAMES.join(',')}`;
  for (const qs of [facets, `cuisine=${top('cuisine')}&course=${top('course')}&diet=${top('diet')}&${facets}`]) {
    if (qs.includes('undefined')) continue;
    queries.push({ group: 'facets', kind: 'facets(6)', name: qs, filter: parseRecipesQuery(decodeQuery(qs), (s) => engine.resolveIngredient(s)) });
  }

  // Pantries: common non-staple ingredients, with and without the staples in them.
  const staples = STAPLE_NAMES.map((s) => engine.resolveIngredient(s)).filter((s): s is string => !!s);
  const common = ranked('ingredient').map((k) => k.key).filter((k) => !staples.includes(k));
  for (const size of [5, 10, 20]) {
    const plain = common.slice(3, 3 + size);
    queries.push({ group: 'pantry', kind: `pantry(${size})`, name: `${size} common items`, pantry: { ids: plain, staples: [], language: 'en', limit: 20 } });
    const withStaples = [...staples, ...common.slice(3, 3 + size - staples.length)];
    queries.push({ group: 'pantry', kind: `pantry(${size})`, name: `${size} items incl. ${staples.length} staples`, pantry: { ids: withStaples, staples: [], language: 'en', limit: 20 } });
  }
  for (const q of SEARCH_QUERIES) queries.push({ group: 'search', kind: 'search', name: q, search: { query: q, limit: 10 } });
  for (const [q, language] of FILTERED_SEARCHES) queries.push({ group: 'search', kind: 'search + filter', name: `${q} (language=${language})`, search: { query: q, limit: 10, language } });
  return queries;
}

const sizeOf = (b: Bitmap | undefined): number => (b === undefined ? 0 : cardinality(b));
