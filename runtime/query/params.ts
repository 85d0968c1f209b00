/**
 * Query-string parsing for the read endpoints: raw query → validated RecipeFilter + PageRequest,
 * or an ApiError with the exact SPEC.md message. Pure: no Hono, no I/O.
 *
 * Rules shared by every endpoint:
 * - Unknown parameter names → 400 naming them (SPEC.md: unknown parameters are rejected).
 * - A parameter given twice (`?cuisine=a&cuisine=b`) → 400: every parameter is single-valued,
 *   lists are comma-separated inside one value. Rejecting beats silently picking one.
 * - A malformed percent-encoding (`%zz`) → 400, never a 500 (see decodeQuery).
 */
import { apiError } from '../errors.ts';
import { normalizeName } from '../format/normalize-name.ts';
import { isSlug } from '../format/slug.ts';
import type { NumericField } from '../format/constants.ts';
import { COURSES, CUISINES, DIETS, NUTRITION_PRESETS, TIME_PRESETS, type NumericBound } from '../format/vocabulary.ts';
import { FACET_NAMES, type FacetName, type PageRequest, type RecipeFilter } from './filter.ts';
import type { Adjustment } from './convert/adjust-recipe.ts';
import { UNIT_SYSTEMS, type UnitSystem } from './convert/units.ts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** List-valued parameters: 1..LIST_MAX_ITEMS items of at most LIST_MAX_CHARS characters. */
export const LIST_MAX_ITEMS = 20;
export const LIST_MAX_CHARS = 80;
const WHOLE_NUMBER = /^[0-9]+$/;
/** Offsets beyond this are clamped (they page past any dataset). */
const MAX_OFFSET = 1_000_000_000;

/**
 * Decode a raw query string (with or without the leading '?') strictly: '+' is a space, a '%'
 * not followed by two hex digits or an invalid UTF-8 sequence → 400 MALFORMED_QUERY.
 * (URLSearchParams would silently keep such bytes.) Empty segments ('a=1&&b=2') are skipped.
 */
export function decodeQuery(raw: string): URLSearchParams {
  const out = new URLSearchParams();
  const s = raw.startsWith('?') ? raw.slice(1) : raw;
  if (s === '') return out;
  for (const segment of s.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const name = eq < 0 ? segment : segment.slice(0, eq);
    const value = eq < 0 ? '' : segment.slice(eq + 1);
    out.append(decodeComponent(name), decodeComponent(value));
  }
  return out;
}

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw apiError('MALFORMED_QUERY');
  }
}

/**
 * Reject unknown and repeated names. Returns a plain name → value map of the accepted ones.
 */
export function checkNames(params: URLSearchParams, accepted: readonly string[]): Map<string, string> {
  const allowed = new Set(accepted);
  const unknown: string[] = [];
  const values = new Map<string, string>();
  for (const [name, value] of params) {
    if (!allowed.has(name)) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    if (values.has(name)) throw apiError('REPEATED_PARAMETER', { name });
    values.set(name, value);
  }
  if (unknown.length > 0) throw apiError('UNKNOWN_PARAMETER', { names: unknown.slice(0, 10), accepted });
  return values;
}

export interface LimitOptions {
  defaultLimit: number;
  /** Values above the cap yield the cap (not an error). */
  max: number;
}

/** `limit`: absent → default; a whole number ≥ 1 (above max → max); else 400 INVALID_LIMIT. */
export function parseLimit(raw: string | undefined, opts: LimitOptions = { defaultLimit: DEFAULT_LIMIT, max: MAX_LIMIT }): number {
  if (raw === undefined) return opts.defaultLimit;
  if (!WHOLE_NUMBER.test(raw)) throw apiError('INVALID_LIMIT', { value: raw });
  const n = Number(raw);
  if (n < 1) throw apiError('INVALID_LIMIT', { value: raw });
  return Math.min(n, opts.max);
}

/** `offset`: absent → 0; a whole number ≥ 0; else 400. */
export function parseOffset(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!WHOLE_NUMBER.test(raw)) throw apiError('INVALID_NUMBER', { param: 'offset', value: raw, min: 0 });
  return Math.min(Number(raw), MAX_OFFSET);
}

/** A whole number in [min, max] (max absent = unbounded; huge values are clamped). */
export function parseWholeNumber(param: string, raw: string, min: number, max?: number): number {
  if (!WHOLE_NUMBER.test(raw)) throw apiError('INVALID_NUMBER', { param, value: raw, min, max });
  const n = Number(raw);
  if (n < min || (max !== undefined && n > max)) throw apiError('INVALID_NUMBER', { param, value: raw, min, max });
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}

/**
 * A comma-separated list: 1..20 items, each 1..80 characters after trimming; empty items (',a',
 * 'a,,b', 'a,'), an empty value, more than 20 items or an over-long item → 400 INVALID_LIST.
 * Returns the trimmed items in order (duplicates kept; callers dedupe after normalising).
 */
export function parseList(param: string, raw: string, example: string): string[] {
  const items = raw.split(',').map((s) => s.trim());
  const bad =
    items.length > LIST_MAX_ITEMS ||
    items.some((s) => s.length === 0 || Array.from(s).length > LIST_MAX_CHARS);
  if (bad) throw apiError('INVALID_LIST', { param, value: raw, example });
  return items;
}

function parseSlug(param: string, raw: string): string {
  // The build's slug rule (runtime/format/slug.ts): lowercase letters of any script, digits, hyphens;
  // compared in NFC, the form the build writes (a decomposed 'ü' from some keyboards is the same slug).
  const slug = raw.normalize('NFC');
  if (!isSlug(slug)) throw apiError('INVALID_SLUG', { param, value: raw });
  return slug;
}

function parseVocabulary(param: string, raw: string, allowed: readonly string[]): string {
  if (!allowed.includes(raw)) throw apiError('UNKNOWN_VOCABULARY_VALUE', { param, value: raw });
  return raw;
}

/** `language`: a two-letter ISO 639-1 code; case-insensitive ('EN' → 'en'). */
export function parseLanguage(raw: string): string {
  if (!/^[A-Za-z]{2}$/.test(raw)) throw apiError('INVALID_LANGUAGE', { value: raw });
  return raw.toLowerCase();
}

/** Explicit numeric bounds of /recipes: parameter → field, direction, range, unit factor. */
export const NUMERIC_PARAMS: Record<string, { field: NumericField; op: 'le' | 'ge'; min: number; max?: number; factor: number }> = {
  maxTotalMinutes: { field: 'totalTime', op: 'le', min: 1, factor: 60 },
  maxCookMinutes: { field: 'cookTime', op: 'le', min: 1, max: 10080, factor: 60 },
  maxCalories: { field: 'calories', op: 'le', min: 1, max: 10000, factor: 1 },
  minProtein: { field: 'protein', op: 'ge', min: 1, max: 1000, factor: 1 },
  maxSodium: { field: 'sodium', op: 'le', min: 1, max: 100000, factor: 1 },
  minFiber: { field: 'fiber', op: 'ge', min: 1, max: 200, factor: 1 },
};

/** Every parameter GET /recipes accepts (the OpenAPI test checks each one is documented). */
export const RECIPES_PARAMS = [
  'category', 'course', 'cuisine', 'diet', 'ingredient', 'ingredients', 'excludeIngredients',
  'equipment', 'language', ...Object.keys(NUMERIC_PARAMS), 'nutrition', 'time', 'limit', 'offset', 'facets',
] as const;
export const POPULAR_PARAMS = ['limit', 'offset'] as const;
export const INGREDIENTS_PARAMS = ['q', 'limit', 'offset'] as const;

export interface RecipesQuery {
  filter: RecipeFilter;
  page: PageRequest;
  /** Facets to count over the filtered set, in the order asked, once each; absent = none. */
  facets?: FacetName[];
}

/** `facets`: a list of facet names (parseList's rules); an unknown name → 400 listing the accepted ones. */
export function parseFacets(raw: string): FacetName[] {
  const names = new Set<FacetName>();
  for (const item of parseList('facets', raw, 'cuisine,diet')) {
    if (!(FACET_NAMES as readonly string[]).includes(item)) throw apiError('UNKNOWN_FACET', { value: item, accepted: FACET_NAMES });
    names.add(item as FacetName);
  }
  return [...names];
}

/** Canonical ingredient id for a name or id, or undefined (Engine.resolveIngredient). */
export type ResolveIngredient = (nameOrId: string) => string | undefined;

/** GET /recipes: every parameter and rule of SPEC.md § GET /recipes. */
export function parseRecipesQuery(params: URLSearchParams, resolveIngredient: ResolveIngredient): RecipesQuery {
  const v = checkNames(params, RECIPES_PARAMS);
  const filter: RecipeFilter = {};
  const numeric: NumericBound[] = [];
  const get = (name: string): string | undefined => v.get(name);

  const category = get('category');
  if (category !== undefined) filter.category = parseSlug('category', category);
  const course = get('course');
  if (course !== undefined) filter.course = parseVocabulary('course', course, COURSES);
  const cuisine = get('cuisine');
  if (cuisine !== undefined) filter.cuisine = parseVocabulary('cuisine', cuisine, CUISINES);
  const diet = get('diet');
  if (diet !== undefined) filter.diet = parseVocabulary('diet', diet, DIETS);
  const language = get('language');
  if (language !== undefined) filter.language = parseLanguage(language);

  // Required ingredients: `ingredient` (one id) and `ingredients` (names or ids). Any name that
  // resolves to nothing makes the filter impossible (SPEC: unknown names yield no matches).
  const required = new Set<string>();
  const ingredient = get('ingredient');
  if (ingredient !== undefined) {
    const id = resolveIngredient(parseSlug('ingredient', ingredient));
    if (id === undefined) filter.impossible = true;
    else required.add(id);
  }
  const ingredients = get('ingredients');
  if (ingredients !== undefined) {
    for (const name of parseList('ingredients', ingredients, 'chicken,rice')) {
      const id = resolveIngredient(name);
      if (id === undefined) filter.impossible = true;
      else required.add(id);
    }
  }
  if (required.size > 0) filter.ingredients = [...required];

  // Excluded ingredients: unknown names exclude nothing (dropped).
  const exclude = get('excludeIngredients');
  if (exclude !== undefined) {
    const ids = new Set<string>();
    for (const name of parseList('excludeIngredients', exclude, 'peanut,shrimp')) {
      const id = resolveIngredient(name);
      if (id !== undefined) ids.add(id);
    }
    if (ids.size > 0) filter.excludeIngredients = [...ids];
  }

  // Equipment: normalised to slugs; unknown slugs are left in and simply match nothing.
  const equipment = get('equipment');
  if (equipment !== undefined) {
    filter.equipment = [...new Set(parseList('equipment', equipment, 'oven,blender').map(normalizeName))];
  }

  for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
    const raw = get(name);
    if (raw === undefined) continue;
    const n = parseWholeNumber(name, raw, spec.min, spec.max);
    numeric.push({ field: spec.field, op: spec.op, bound: Math.min(n * spec.factor, Number.MAX_SAFE_INTEGER) });
  }

  // Presets add their own bounds; with an explicit bound on the same field both apply, so the
  // tighter wins by intersection.
  const nutrition = get('nutrition');
  if (nutrition !== undefined) {
    const accepted = Object.keys(NUTRITION_PRESETS);
    for (const item of nutrition.split(',').map((s) => s.trim())) {
      const preset = NUTRITION_PRESETS[item as keyof typeof NUTRITION_PRESETS];
      if (!accepted.includes(item) || !preset) throw apiError('UNKNOWN_PRESET', { param: 'nutrition', value: item, accepted });
      if (!numeric.some((b) => b.field === preset.field && b.op === preset.op && b.bound === preset.bound)) {
        numeric.push({ field: preset.field, op: preset.op, bound: preset.bound });
      }
    }
  }
  const time = get('time');
  if (time !== undefined) {
    const accepted = Object.keys(TIME_PRESETS);
    const preset = accepted.includes(time) ? TIME_PRESETS[time as keyof typeof TIME_PRESETS] : undefined;
    if (!preset) throw apiError('UNKNOWN_PRESET', { param: 'time', value: time, accepted });
    const maxTotal = get('maxTotalMinutes');
    if (time === 'weekend' && maxTotal !== undefined && Number(maxTotal) < 60) {
      throw apiError('WEEKEND_TOO_SHORT', { value: maxTotal });
    }
    numeric.push({ field: preset.field, op: preset.op, bound: preset.bound });
  }
  if (numeric.length > 0) filter.numeric = numeric;

  const out: RecipesQuery = { filter, page: { limit: parseLimit(get('limit')), offset: parseOffset(get('offset')) } };
  const facets = get('facets');
  if (facets !== undefined) out.facets = parseFacets(facets);
  return out;
}

/** GET /popular: `limit` (default 20, cap 100) and `offset` only. */
export function parsePopularQuery(params: URLSearchParams): PageRequest {
  const v = checkNames(params, POPULAR_PARAMS);
  return { limit: parseLimit(v.get('limit')), offset: parseOffset(v.get('offset')) };
}

export interface IngredientsQuery {
  /** Case-insensitive name prefix, trimmed; absent = all. */
  prefix?: string;
  limit: number;
  offset: number;
}

/** GET /ingredients: `q` (name prefix, 1..80 characters), `limit` (default 20, cap 100), `offset`. */
export function parseIngredientsQuery(params: URLSearchParams): IngredientsQuery {
  const v = checkNames(params, INGREDIENTS_PARAMS);
  const out: IngredientsQuery = { limit: parseLimit(v.get('limit')), offset: parseOffset(v.get('offset')) };
  const q = v.get('q');
  if (q !== undefined) {
    const trimmed = q.trim();
    if (trimmed.length === 0 || Array.from(trimmed).length > LIST_MAX_CHARS) {
      throw apiError('INVALID_TEXT', { param: 'q', value: q, maxChars: LIST_MAX_CHARS, example: 'chick' });
    }
    out.prefix = trimmed;
  }
  return out;
}

/** GET /recipes/{id}: `servings` and `units` (see convert/adjust-recipe.ts). */
export const RECIPE_PARAMS = ['servings', 'units'] as const;
/** Servings above this are not a kitchen's (and keep every scaled amount a finite, readable number). */
export const MAX_SERVINGS = 1000;
const POSITIVE_DECIMAL = /^[0-9]{1,4}(?:\.[0-9]{1,3})?$/;

/** `servings`: a decimal number in (0, MAX_SERVINGS], such as 4 or 2.5; `units`: metric or us. */
export function parseRecipeQuery(params: URLSearchParams): Adjustment {
  const v = checkNames(params, RECIPE_PARAMS);
  const out: Adjustment = {};
  const servings = v.get('servings');
  if (servings !== undefined) {
    const n = Number(servings);
    if (!POSITIVE_DECIMAL.test(servings) || !(n > 0) || n > MAX_SERVINGS) throw apiError('INVALID_SERVINGS', { value: servings, max: MAX_SERVINGS });
    out.servings = n;
  }
  const units = v.get('units');
  if (units !== undefined) {
    if (!(UNIT_SYSTEMS as readonly string[]).includes(units)) throw apiError('INVALID_UNITS', { value: units });
    out.units = units as UnitSystem;
  }
  return out;
}

/** Endpoints without parameters (/vocabularies, ...): any name → 400. */
export function parseNoParams(params: URLSearchParams): void {
  checkNames(params, []);
}
