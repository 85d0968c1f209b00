/**
 * GET /pantry query string → PantryQuery (SPEC.md § GET /pantry). Pure: no Hono, no I/O.
 *
 * - `ingredients` (required): 1–20 names or ids, each ≤ 80 characters, resolved like the
 *   `ingredients` filter of /recipes. Absent or blank → the SPEC message; a malformed list
 *   (empty item, too many, too long) → the list message. Unknown names match nothing, so a
 *   pantry of only unknown names answers 200 with total 0.
 * - `language`: two-letter code, default 'en'. `limit`: default 20, capped at 100 (like /recipes).
 * - `offset`: default 0. `maxMissing`: whole number 0–20, else the SPEC message.
 * - `assumeStaples` (extra, default false): 'true' counts water, salt and black pepper as available.
 * - Unknown or repeated parameter names → 400 (params.ts).
 */
import { apiError } from '../../errors.ts';
import { checkNames, parseLanguage, parseLimit, parseList, parseOffset, type ResolveIngredient } from '../params.ts';
import type { PantryQuery } from './pantry.ts';

export const PANTRY_PARAMS = ['ingredients', 'language', 'limit', 'offset', 'maxMissing', 'assumeStaples'] as const;
export const PANTRY_DEFAULT_LANGUAGE = 'en';
export const MAX_MISSING_LIMIT = 20;

export function parseMaxMissing(raw: string): number {
  if (!/^[0-9]{1,3}$/.test(raw) || Number(raw) > MAX_MISSING_LIMIT) throw apiError('INVALID_MAX_MISSING');
  return Number(raw);
}

export function parseBoolean(param: string, raw: string): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw apiError('INVALID_BOOLEAN', { param, value: raw });
}

export function parsePantryQuery(params: URLSearchParams, resolveIngredient: ResolveIngredient): PantryQuery {
  const v = checkNames(params, PANTRY_PARAMS);
  const raw = v.get('ingredients');
  if (raw === undefined || raw.trim() === '') throw apiError('PANTRY_INGREDIENTS_REQUIRED');
  const ids = new Set<string>();
  for (const name of parseList('ingredients', raw, 'chicken,rice')) {
    const id = resolveIngredient(name);
    if (id !== undefined) ids.add(id);
  }
  const language = v.get('language');
  const maxMissing = v.get('maxMissing');
  const assumeStaples = v.get('assumeStaples');
  return {
    ingredients: [...ids],
    language: language === undefined ? PANTRY_DEFAULT_LANGUAGE : parseLanguage(language),
    ...(maxMissing !== undefined && { maxMissing: parseMaxMissing(maxMissing) }),
    assumeStaples: assumeStaples === undefined ? false : parseBoolean('assumeStaples', assumeStaples),
    limit: parseLimit(v.get('limit')),
    offset: parseOffset(v.get('offset')),
  };
}
