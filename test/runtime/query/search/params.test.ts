/** GET /search query-string parsing (runtime/query/search/params.ts; SPEC.md § GET /search). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../runtime/errors.ts';
import { decodeQuery } from '../../../../runtime/query/params.ts';
import { parseSearchQuery } from '../../../../runtime/query/search/params.ts';

const parse = (qs: string) => parseSearchQuery(decodeQuery(qs));
const apiErrorOf = (f: () => unknown): ApiError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error thrown');
};

describe('GET /search parameters (SPEC.md § GET /search)', () => {
  it('requires a query: missing or blank is 400 "The query parameter is required."', () => {
    for (const qs of ['', 'limit=5', 'query=', 'query=%20%20', 'query=+']) {
      const e = apiErrorOf(() => parse(qs));
      expect(e.code).toBe('QUERY_REQUIRED');
      expect(e.message).toBe('The query parameter is required.');
    }
  });

  it('defaults limit to 10 and caps it at 50', () => {
    expect(parse('query=cake').limit).toBe(10);
    expect(parse('query=cake&limit=7').limit).toBe(7);
    expect(parse('query=cake&limit=51').limit).toBe(50);
    expect(parse('query=cake&limit=100000').limit).toBe(50);
  });

  it('rejects a limit below 1 or not a whole number with the SPEC message', () => {
    for (const v of ['0', '-1', '2.5', 'ten']) {
      const e = apiErrorOf(() => parse(`query=cake&limit=${v}`));
      expect(e.code).toBe('INVALID_LIMIT');
      expect(e.message).toBe(`The 'limit' parameter must be a whole number of at least 1; got '${v}'.`);
    }
  });

  it('has no offset: offset and other unknown parameters are 400', () => {
    expect(apiErrorOf(() => parse('query=cake&offset=0')).code).toBe('UNKNOWN_PARAMETER');
    expect(apiErrorOf(() => parse('query=cake&page=2')).code).toBe('UNKNOWN_PARAMETER');
  });

  it('accepts the /recipes filters language, cuisine, course and diet with their rules', () => {
    expect(parse('query=cake&language=DE&cuisine=german')).toEqual({ query: 'cake', limit: 10, filter: { language: 'de', cuisine: 'german' } });
    expect(apiErrorOf(() => parse('query=cake&cuisine=martian')).code).toBe('UNKNOWN_VOCABULARY_VALUE');
    expect(apiErrorOf(() => parse('query=cake&language=german')).code).toBe('INVALID_LANGUAGE');
  });
});
