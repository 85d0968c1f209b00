/**
 * GET /search query-string parsing (SPEC.md § GET /search). Pure: no Hono, no I/O.
 *
 * - `query` required: missing, or empty after trimming → 400 QUERY_REQUIRED ("The query parameter
 *   is required."); longer than QUERY_MAX_CHARS characters → 400 INVALID_TEXT.
 * - `limit`: default 10, above 50 → 50, below 1 or not a whole number → 400 INVALID_LIMIT.
 * - `language`, `cuisine`, `course`, `diet`: optional filters with the /recipes rules.
 * - No `offset` (search returns only the best results): it is rejected like any unknown
 *   parameter, 400 UNKNOWN_PARAMETER listing the accepted ones.
 */
import { apiError } from '../../errors.ts';
import { COURSES, CUISINES, DIETS } from '../../format/vocabulary.ts';
import { checkNames, parseLanguage, parseLimit } from '../params.ts';
import type { SearchFilter, SearchQuery } from './query.ts';

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
/** Default 200, range 50..1000: longer queries are refused (they cost time and are never typed). */
export const QUERY_MAX_CHARS = 200;

export const SEARCH_PARAMS = ['query', 'limit', 'language', 'cuisine', 'course', 'diet'] as const;

const VOCABULARIES = { cuisine: CUISINES, course: COURSES, diet: DIETS } as const;

export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const v = checkNames(params, SEARCH_PARAMS);
  const query = (v.get('query') ?? '').trim();
  if (query.length === 0) throw apiError('QUERY_REQUIRED');
  if (Array.from(query).length > QUERY_MAX_CHARS) {
    throw apiError('INVALID_TEXT', { param: 'query', value: query, maxChars: QUERY_MAX_CHARS, example: 'chocolate cake' });
  }
  const limit = parseLimit(v.get('limit'), { defaultLimit: SEARCH_DEFAULT_LIMIT, max: SEARCH_MAX_LIMIT });
  const filter: SearchFilter = {};
  const language = v.get('language');
  if (language !== undefined) filter.language = parseLanguage(language);
  for (const param of ['cuisine', 'course', 'diet'] as const) {
    const value = v.get(param);
    if (value === undefined) continue;
    if (!(VOCABULARIES[param] as readonly string[]).includes(value)) throw apiError('UNKNOWN_VOCABULARY_VALUE', { param, value });
    filter[param] = value;
  }
  return Object.keys(filter).length > 0 ? { query, limit, filter } : { query, limit };
}
