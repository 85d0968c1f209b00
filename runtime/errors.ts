/**
 * The one error catalogue (SPEC.md § Errors). Every error the API can answer has a code
 * (UPPER_SNAKE, stable: tests assert it), a status and a message builder. Messages that SPEC.md
 * words are reproduced to the letter; the others follow the same voice: the parameter, the value
 * given, what is allowed.
 *
 * Lives outside runtime/http so that the pure query core (runtime/query/params.ts) can throw
 * ApiError without importing HTTP code; runtime/http/errors.ts re-exports it and renders it.
 */

/** Echoed input is cut to this many characters (the body is JSON, so it is escaped anyway). */
export const ECHO_MAX_CHARS = 100;

/** Quote a user-supplied value for a message: capped, never raw beyond the cap. */
export function echo(value: string): string {
  const chars = Array.from(value);
  return chars.length <= ECHO_MAX_CHARS ? value : `${chars.slice(0, ECHO_MAX_CHARS).join('')}…`;
}

const listOf = (values: readonly string[]): string => values.join(', ');
const quoted = (values: readonly string[]): string => values.map((v) => `'${echo(v)}'`).join(', ');

export const ERRORS = {
  // 400: SPEC.md wording.
  QUERY_REQUIRED: { status: 400, message: () => 'The query parameter is required.' },
  UNKNOWN_VOCABULARY_VALUE: {
    status: 400,
    message: (a: { param: string; value: string }) =>
      `Unknown ${a.param} '${echo(a.value)}'. The allowed values are listed by GET /vocabularies.`,
  },
  INVALID_LIMIT: {
    status: 400,
    message: (a: { value: string }) =>
      `The 'limit' parameter must be a whole number of at least 1; got '${echo(a.value)}'.`,
  },
  INVALID_LANGUAGE: {
    status: 400,
    message: (a: { value: string }) =>
      `The 'language' parameter must be a two-letter code such as 'en' or 'sv'; got '${echo(a.value)}'.`,
  },
  INVALID_SLUG: {
    status: 400,
    message: (a: { param: string; value: string }) =>
      `The '${a.param}' parameter must be a slug such as 'main-course' or 'chicken-thigh'; got '${echo(a.value)}'.`,
  },
  PANTRY_INGREDIENTS_REQUIRED: {
    status: 400,
    message: () =>
      "The 'ingredients' parameter is required. Send the ingredients you have, such as 'chicken,rice'.",
  },
  INVALID_MAX_MISSING: {
    status: 400,
    message: () =>
      "The 'maxMissing' parameter must be a whole number between 0 and 20. Send how many ingredients you are willing to shop for, such as 1.",
  },
  // 400: same voice, SPEC.md only says "message lists the accepted values".
  UNKNOWN_PRESET: {
    status: 400,
    message: (a: { param: string; value: string; accepted: readonly string[] }) =>
      `Unknown ${a.param} preset '${echo(a.value)}'. The accepted values are ${listOf(a.accepted)}.`,
  },
  UNKNOWN_FACET: {
    status: 400,
    message: (a: { value: string; accepted: readonly string[] }) =>
      `Unknown facet '${echo(a.value)}'. The accepted facets are ${listOf(a.accepted)}.`,
  },
  WEEKEND_TOO_SHORT: {
    status: 400,
    message: (a: { value: string }) =>
      `The 'time' preset 'weekend' means at least 60 minutes, so 'maxTotalMinutes' must be at least 60 with it; got '${echo(a.value)}'.`,
  },
  INVALID_LIST: {
    status: 400,
    message: (a: { param: string; value: string; example: string }) =>
      `The '${a.param}' parameter must be a comma-separated list of 1 to 20 names, each at most 80 characters, with no empty items, such as '${a.example}'; got '${echo(a.value)}'.`,
  },
  INVALID_NUMBER: {
    status: 400,
    message: (a: { param: string; value: string; min: number; max?: number }) =>
      a.max === undefined
        ? `The '${a.param}' parameter must be a whole number of at least ${a.min}; got '${echo(a.value)}'.`
        : `The '${a.param}' parameter must be a whole number from ${a.min} to ${a.max}; got '${echo(a.value)}'.`,
  },
  INVALID_SERVINGS: {
    status: 400,
    message: (a: { value: string; max: number }) =>
      `The 'servings' parameter must be a number greater than 0 and at most ${a.max}, such as 4 or 2.5; got '${echo(a.value)}'.`,
  },
  INVALID_UNITS: {
    status: 400,
    message: (a: { value: string }) => `The 'units' parameter must be 'metric' or 'us'; got '${echo(a.value)}'.`,
  },
  SERVINGS_UNKNOWN: {
    status: 400,
    message: () =>
      "The 'servings' parameter cannot be used on this recipe: it does not say how many it serves. Send 'units' alone, or no parameter.",
  },
  INVALID_BOOLEAN: {
    status: 400,
    message: (a: { param: string; value: string }) =>
      `The '${a.param}' parameter must be 'true' or 'false'; got '${echo(a.value)}'.`,
  },
  INVALID_TEXT: {
    status: 400,
    message: (a: { param: string; value: string; maxChars: number; example: string }) =>
      `The '${a.param}' parameter must be 1 to ${a.maxChars} characters, such as '${a.example}'; got '${echo(a.value)}'.`,
  },
  UNKNOWN_PARAMETER: {
    status: 400,
    message: (a: { names: readonly string[]; accepted: readonly string[] }) =>
      a.accepted.length === 0
        ? `Unknown parameter${a.names.length > 1 ? 's' : ''} ${quoted(a.names)}. This endpoint takes no parameters.`
        : `Unknown parameter${a.names.length > 1 ? 's' : ''} ${quoted(a.names)}. The accepted parameters are ${listOf(a.accepted)}.`,
  },
  REPEATED_PARAMETER: {
    status: 400,
    message: (a: { name: string }) =>
      `The '${echo(a.name)}' parameter was given more than once; send it once (lists are comma-separated).`,
  },
  MALFORMED_QUERY: {
    status: 400,
    message: () =>
      'The query string is not valid: it contains a malformed percent-encoding (each % must begin a UTF-8 escape such as %20 or %C3%A9).',
  },
  // Answered for Node's HTTP parser (runtime/serve/client-errors.ts), before any route sees the request.
  UNENCODED_URL: {
    status: 400,
    message: () =>
      "The URL contains a character that must be percent-encoded: send spaces and non-ASCII characters as UTF-8 escapes, such as /search?query=%E7%BA%A2%E7%83%A7%E8%82%89 for '红烧肉' (curl -G --data-urlencode 'query=红烧肉' does it).",
  },
  MALFORMED_REQUEST: {
    status: 400,
    message: (a: { reason: string }) => `The request is not valid HTTP/1.1 (${a.reason}); nothing was processed.`,
  },
  HOST_REQUIRED: { status: 400, message: () => 'An HTTP/1.1 request must carry a Host header.' },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: (a: { maxBytes: number }) =>
      `The request line and headers are too large; send at most ${a.maxBytes} bytes of them.`,
  },
  EXPECTATION_FAILED: {
    status: 417,
    message: (a: { value: string }) =>
      `The Expect header '${echo(a.value)}' cannot be met (this API takes no request bodies); send the request without it.`,
  },
  REQUEST_TIMEOUT: {
    status: 408,
    message: (a: { seconds: number }) => `The request did not arrive within ${a.seconds} seconds; send it again.`,
  },
  // 401
  KEY_REQUIRED: {
    status: 401,
    message: () => 'An API key is required. Pass it as an Authorization: Bearer header.',
  },
  KEY_INVALID: { status: 401, message: () => 'Invalid API key.' },
  KEY_DISABLED: { status: 401, message: () => 'This API key has been disabled.' },
  KEY_EXPIRED: { status: 401, message: () => 'This API key has expired.' },
  MALFORMED_AUTHORIZATION: {
    status: 401,
    message: () => "The Authorization header must have the form 'Bearer <API key>'.",
  },
  // 404, 405
  RECIPE_NOT_FOUND: { status: 404, message: () => 'Recipe not found.' },
  ENDPOINT_NOT_FOUND: {
    status: 404,
    message: () => 'No such endpoint. See /docs for the available routes.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: (a: { method: string }) =>
      `The ${echo(a.method)} method is not allowed here; this API is read-only and answers GET (and HEAD).`,
  },
  // 429, 500, 503
  RATE_LIMITED: { status: 429, message: () => 'Rate limit exceeded for this API key. Try again later.' },
  INTERNAL: { status: 500, message: () => 'Something went wrong. Please try again.' },
  /** The key and quota store (e.g. Redis) cannot be reached in time: fail closed, never unmetered. */
  STORE_UNAVAILABLE: {
    status: 503,
    message: () => 'The service is temporarily unavailable. Please try again shortly.',
  },
  /** Dataset bytes failed a check on read (FORMAT.md § 11): never served, and the operator must rebuild. */
  DATASET_CORRUPT: {
    status: 503,
    message: () => 'The service is temporarily unavailable. Please try again shortly.',
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;
type ArgsOf<C extends ErrorCode> = Parameters<(typeof ERRORS)[C]['message']>;

/** A request-caused (or 500) error with its catalogue code; the HTTP layer renders it. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (e.g. Retry-After on 429, Allow on 405). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
  }
}

/** Build the ApiError for a catalogue code: `apiError('INVALID_LIMIT', { value: 'abc' })`. */
export function apiError<C extends ErrorCode>(code: C, ...args: ArgsOf<C>): ApiError {
  const build = ERRORS[code].message as (...a: ArgsOf<C>) => string;
  return new ApiError(code, build(...args));
}

/**
 * Dataset bytes found wrong when read: a DatasetError (runtime/data) or a FormatError (a reader in
 * runtime/format: a checksum, a bound, a doc out of range). Told apart by name so that this
 * catalogue imports neither.
 */
export function isDatasetFault(err: unknown): boolean {
  return err instanceof Error && (err.name === 'DatasetError' || err.name === 'FormatError');
}

/** Seconds a client is asked to wait (Retry-After) after a 503 STORE_UNAVAILABLE. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * Thrown by a store driver when its backing service is down, hung or refusing writes. It is an
 * ApiError, so the HTTP layer answers 503 STORE_UNAVAILABLE (with Retry-After) and logs it as a
 * server failure; `cause` and the stack keep the driver's own error for the log and the keys CLI.
 */
export class StoreUnavailableError extends ApiError {
  /**
   * Set by a reporter that logs outages once per change of state (runtime/store/outage-log.ts);
   * the HTTP layer then does not log this error per request.
   */
  reported = false;

  constructor(cause: unknown) {
    super('STORE_UNAVAILABLE', ERRORS.STORE_UNAVAILABLE.message(), { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) });
    this.name = 'StoreUnavailableError';
    this.cause = cause;
    const reason = cause instanceof Error ? cause.stack ?? cause.message : String(cause);
    this.stack = `${this.stack ?? this.message}\nCaused by: ${reason}`;
  }
}
