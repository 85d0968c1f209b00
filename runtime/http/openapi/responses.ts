/**
 * The shared responses and headers (`components.responses`, `components.headers`) of the OpenAPI
 * document. Quoted messages come from the error catalogue (runtime/errors.ts), so the document
 * cannot drift from what the API answers.
 */
import { ERRORS } from '../../errors.ts';
import { json, rateHeaders, ref } from './shared.ts';

const errorBody = json(ref('schemas/Error'));

export const HEADERS = {
  RateLimitPolicy: { description: 'The allowance: `<limit>;w=86400` (draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string', examples: ['500;w=86400'] } },
  RateLimit: { description: 'Remaining allowance: `limit=<n>, remaining=<n>, reset=<seconds to next UTC midnight>`.', schema: { type: 'string', examples: ['limit=500, remaining=499, reset=3600'] } },
  RetryAfter: { description: 'Seconds until the allowance resets (next UTC midnight).', schema: { type: 'integer' } },
  WWWAuthenticate: { description: 'Bearer challenge.', schema: { type: 'string' } },
  Allow: { description: 'Methods allowed on the path.', schema: { type: 'string', examples: ['GET, HEAD'] } },
  ETag: {
    description: 'Strong validator of this answer: a hash of the dataset version, the code revision and the request (path and sorted query). Send it back as If-None-Match.',
    schema: { type: 'string', examples: ['"3q2-7wEjSt6hZl0xQ5xE0A"'] },
  },
  CacheControl: {
    description: '`private, max-age=300` on dataset answers (200 and 304 of the API routes); `no-store` on errors, /healthz and /usage; `public, max-age=300` on /docs and /openapi.json.',
    schema: { type: 'string', examples: ['private, max-age=300'] },
  },
};

export const RESPONSES = {
  NotModified: {
    description: 'If-None-Match held the current ETag: the answer is unchanged; no body. Counted against the allowance like a 200.',
    headers: { ...rateHeaders, ETag: ref('headers/ETag'), 'Cache-Control': ref('headers/CacheControl') },
  },
  BadRequest: {
    description: 'A parameter is unknown, repeated or invalid, or the query string is malformed. The message names the parameter, the value given and what is allowed.',
    headers: rateHeaders,
    content: errorBody,
  },
  Unauthorized: {
    description: 'No key where one is required, a malformed Authorization header, or an invalid, disabled or expired key. Uses no quota.',
    headers: { 'WWW-Authenticate': ref('headers/WWWAuthenticate') },
    content: errorBody,
  },
  NotFound: {
    description: `No such endpoint. (message "${ERRORS.ENDPOINT_NOT_FOUND.message()}")`,
    content: errorBody,
  },
  MethodNotAllowed: {
    description: 'The API is read-only: only GET and HEAD are answered on known paths.',
    headers: { Allow: ref('headers/Allow') },
    content: errorBody,
  },
  RateLimited: {
    description: `The daily allowance is used up (message "${ERRORS.RATE_LIMITED.message()}").`,
    headers: { ...rateHeaders, 'Retry-After': ref('headers/RetryAfter') },
    content: errorBody,
  },
  Unavailable: {
    description: 'The shared key and quota store (Redis) cannot be reached; nothing is served unmetered. Retry after the Retry-After seconds.',
    headers: { 'Retry-After': ref('headers/RetryAfter') },
    content: errorBody,
  },
  ServerError: {
    description: `Server failure (message "${ERRORS.INTERNAL.message()}"). One retry after a short pause is reasonable.`,
    content: errorBody,
  },
};

/** Error responses every counted endpoint can give. */
export const COMMON_ERRORS = {
  '401': ref('responses/Unauthorized'),
  '405': ref('responses/MethodNotAllowed'),
  '429': ref('responses/RateLimited'),
  '500': ref('responses/ServerError'),
  '503': ref('responses/Unavailable'),
};

/** The 404 of GET /recipes/{id}: a counted answer, so it carries the rate-limit headers. */
export const RECIPE_NOT_FOUND = {
  description: `Recipe not found. (message "${ERRORS.RECIPE_NOT_FOUND.message()}")`,
  headers: rateHeaders,
  content: errorBody,
};
